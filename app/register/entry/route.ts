import type { NextRequest } from 'next/server';
import { invitationEntry, queryOf } from '@/lib/flows/entry-params';
import { askBeforeReplacing, onlyAnInvitation } from '@/lib/flows/replacement';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';
import { getFlowSession, joinFlow, readFlow } from '@/lib/session';

/**
 * The tenant's `register` page opened from an invitation (rewritten here from /register when the
 * address carries `invite_id` or `inviteId`; docs/provider-contract.md §2.16): the invitation's
 * id goes into the sealed flow cookie and the browser to the clean register page, which reads
 * the invitation from there.
 */
export async function GET(request: NextRequest) {
  const entry = invitationEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  // A link for another sign-in than the one in progress here waits for the person to confirm it;
  // one where only an invitation was opened (this one again, or an older one) is simply replaced.
  const current = await readFlow();
  const held = current && onlyAnInvitation(current) ? undefined : await askBeforeReplacing(entry.requestId, request.nextUrl);
  if (held) return seeOther(held);
  await joinFlow(entry.requestId);
  const flow = await getFlowSession();
  flow.invite = entry.inviteId;
  await flow.save();
  return seeOther(stepUrl('/register', entry.requestId));
}
