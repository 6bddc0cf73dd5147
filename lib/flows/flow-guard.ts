import 'server-only';
import { redirect } from 'next/navigation';
import { readFlow, type FlowSession } from '../session';
import { parseRequestId } from '../validation/fields';

/**
 * The flow a step page belongs to. Pages carry the requestId in their address, so when the flow
 * cookie is gone (expired, cleared, another browser) or belongs to another sign-in (a second tab),
 * the person still gets a "start again" path back to the provider for that same request.
 */
export async function requireFlow(rawRequestId: unknown, needs: (flow: FlowSession) => boolean): Promise<FlowSession> {
  const requestId = parseRequestId(rawRequestId);
  const flow = await readFlow();
  if (flow && needs(flow) && (requestId === null || flow.requestId === requestId)) return flow;
  redirect(`/error?reason=expired${requestId ? `&requestId=${encodeURIComponent(requestId)}` : ''}`);
}
