import type { NextRequest } from 'next/server';
import { bindPrecheckEntry } from '@/lib/flows/entry-binding';
import { consentEntry, queryOf } from '@/lib/flows/entry-params';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's `consent_preview` hosted page (docs/provider-contract.md §2.17, §4), rewritten here
 * from /consent when the address carries a track: the track, the account and the consent version
 * move into the flow cookie, then the clean page.
 */
export async function GET(request: NextRequest) {
  const entry = consentEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  const held = await askBeforeReplacing(entry.requestId, request.nextUrl);
  if (held) return seeOther(held);
  return seeOther(await bindPrecheckEntry({ ...entry, kind: 'consent' }));
}
