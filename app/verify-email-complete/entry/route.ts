import type { NextRequest } from 'next/server';
import { queryOf, verificationCompleteEntry } from '@/lib/flows/entry-params';
import { maskedFits } from '@/lib/flows/masked';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';
import { getFlowSession, joinFlow } from '@/lib/session';

/**
 * The tenant's `verification_complete` hosted page while a confirmation is still open: the
 * provider names the verification (`accvid`), how it is done (processingType CODE or LINK) and
 * the masked address (rewritten here from /verify-email-complete when the address carries
 * `accvid` and no sign-in suggestion; docs/provider-contract.md §4). The id goes into the sealed
 * session and the browser to the clean code or "check your e-mail" page.
 */
export async function GET(request: NextRequest) {
  const entry = verificationCompleteEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  const { requestId, accvid, byCode, destination } = entry;
  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  const held = await askBeforeReplacing(requestId, request.nextUrl);
  if (held) return seeOther(held);
  await joinFlow(requestId);
  const flow = await getFlowSession();
  // A link this deployment sent itself can still be sent again; one the tenant sent cannot.
  const whom = flow.verify?.accvid === accvid ? flow.verify.whom : undefined;
  // The masked address in the link is shown only where it names the address this sign-in knows:
  // anyone can put any text there (lib/flows/masked.ts).
  const known = whom && 'email' in whom ? whom.email : flow.email;
  flow.verify = { sentAt: Date.now(), accvid, byCode, destination: maskedFits(destination, known) ? destination : undefined, whom };
  await flow.save();
  return seeOther(stepUrl(byCode ? '/verify-email/code' : '/verify-email', requestId));
}
