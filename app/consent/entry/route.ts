import { getLocale } from 'next-intl/server';
import type { NextRequest } from 'next/server';
import { namesPendingVersion } from '@/lib/flows/consent-version';
import { bindPrecheckEntry } from '@/lib/flows/entry-binding';
import { consentEntry, queryOf } from '@/lib/flows/entry-params';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl } from '@/lib/flows/step-urls';
import { log } from '@/lib/log';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's `consent_preview` hosted page (docs/provider-contract.md §2.17, §4), rewritten here
 * from /consent when the address carries a track: the track, the account and the consent version
 * move into the flow cookie, then the clean page; a version other than the one the tenant asks
 * now is not a link to follow.
 */
export async function GET(request: NextRequest) {
  const entry = consentEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  const held = await askBeforeReplacing(entry.requestId, request.nextUrl);
  if (held) return seeOther(held);
  // Only the version the tenant asks now is shown and accepted (lib/flows/consent-version.ts).
  if (!(await namesPendingVersion({ ...entry, locale: await getLocale() }))) {
    log.warn({ event: 'consent.version-refused', consent: entry.consent.consentId, version: entry.consent.versionId }, 'a consent entry named another version');
    return seeOther(errorUrl('invalid-request', entry.requestId));
  }
  return seeOther(await bindPrecheckEntry({ ...entry, kind: 'consent' }));
}
