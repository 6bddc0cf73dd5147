import 'server-only';
import proxyaddr from 'proxy-addr';
import { answerWith, currentRequest, lifecycle } from '../server/request-context.mjs';
import { getConfig } from './config';

export { answerWith, currentRequest, lifecycle };

/**
 * The client's address, for per-client limits. The socket's peer is the client unless it is one
 * of TRUSTED_PROXIES (a balancer, nginx), in which case X-Forwarded-For is read from the right,
 * skipping trusted hops (proxy-addr). With no trusted proxy configured the header is ignored:
 * anyone can send it. Outside the production entry (dev server, unit tests) there is no socket
 * to ask, and every request counts as one client, "unknown".
 */
export function clientAddress(): string {
  const store = currentRequest();
  if (!store?.remoteAddress) return 'unknown';
  store.clientAddress ??= proxyaddr(
    {
      headers: store.forwardedFor ? { 'x-forwarded-for': store.forwardedFor } : {},
      connection: { remoteAddress: store.remoteAddress },
      socket: { remoteAddress: store.remoteAddress },
    } as unknown as Parameters<typeof proxyaddr>[0],
    getConfig().trustProxy,
  );
  return store.clientAddress;
}
