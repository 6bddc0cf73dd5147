import type { NextRequest } from 'next/server';
import { seeOther } from '@/lib/redirects';
import { getFlowSession, joinFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';

/**
 * The reset link from the e-mail (rewritten here from /reset-password when it carries `rprq`).
 * The tokens go into the sealed session at once and the browser is sent to the clean address, so
 * they never stay in the address bar, the history or a Referer. Accepts exchangeid and exchangeId.
 */
export async function GET(request: NextRequest) {
  const query = request.nextUrl.searchParams;
  const rprq = parseRequestId(query.get('rprq'));
  const exchangeId = parseRequestId(query.get('exchangeid') ?? query.get('exchangeId'));
  const requestId = parseRequestId(query.get('requestId'));
  if (!rprq || !exchangeId || !requestId) return seeOther('/error?reason=invalid-request');

  await joinFlow(requestId);
  const flow = await getFlowSession();
  flow.reset = { rprq, exchangeId };
  await flow.save();
  return seeOther(`/reset-password?requestId=${encodeURIComponent(requestId)}`);
}
