import type { NextRequest } from 'next/server';
import { bindPrecheckEntry } from '@/lib/flows/entry-binding';
import { mfaEntry, queryOf } from '@/lib/flows/entry-params';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's `mfa_required` hosted page (track_id, sub or q, requestId; docs/provider-contract.md
 * §4), rewritten here from /register-mfa when the address carries a track: the track and subject
 * move into the flow cookie and the browser goes on to the clean /register-mfa?requestId=….
 */
export async function GET(request: NextRequest) {
  const entry = mfaEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  const held = await askBeforeReplacing(entry.requestId, request.nextUrl);
  if (held) return seeOther(held);
  return seeOther(await bindPrecheckEntry({ ...entry, kind: 'mfa' }));
}
