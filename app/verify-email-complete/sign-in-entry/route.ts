import type { NextRequest } from 'next/server';
import { queryOf, verificationSignInEntry } from '@/lib/flows/entry-params';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';
import { joinFlow, updateFlow } from '@/lib/session';

/**
 * The tenant's `verification_complete` page after a confirmed link, with its offer to sign in at
 * once (suggested_action=LOGIN and a track; docs/provider-contract.md §4; rewritten here from
 * /verify-email-complete when the address carries a track). The track signs the person in
 * without a password, so it goes into the sealed session and the browser to the page without it.
 */
export async function GET(request: NextRequest) {
  const entry = verificationSignInEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  const held = await askBeforeReplacing(entry.requestId, request.nextUrl);
  if (held) return seeOther(held);
  await joinFlow(entry.requestId);
  await updateFlow({ signInTrack: entry.trackId });
  return seeOther(stepUrl('/verify-email-complete', entry.requestId));
}
