import 'server-only';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';
import { answerWith, currentRequest, lifecycle } from '../server/request-context.mjs';
import { getConfig } from './config';

export { answerWith, currentRequest, lifecycle };

/**
 * The client's address, for per-client limits. The socket's peer is the client unless it is one
 * of TRUSTED_PROXIES (a balancer, nginx), in which case X-Forwarded-For is read from the right,
 * skipping trusted hops (proxy-addr). With no trusted proxy configured the header is ignored:
 * anyone can send it. Outside the production entry (dev server, unit tests) there is no socket
 * to ask, and every request counts as one client, "unknown". The address is the client's key
 * (clientKey): one IPv4 address however it is spelt, and an IPv6 address's /64.
 */
export function clientAddress(): string {
  const store = currentRequest();
  if (!store?.remoteAddress) return 'unknown';
  store.clientAddress ??= clientKey(
    proxyaddr(
      {
        headers: store.forwardedFor ? { 'x-forwarded-for': store.forwardedFor } : {},
        connection: { remoteAddress: store.remoteAddress },
        socket: { remoteAddress: store.remoteAddress },
      } as unknown as Parameters<typeof proxyaddr>[0],
      getConfig().trustProxy,
    ),
  );
  return store.clientAddress;
}

/**
 * One key per client network: an IPv4 address in its one canonical form (`127.1`, `0x7f.0.0.1`
 * and `::ffff:127.0.0.1` are all 127.0.0.1), and for IPv6 the /64 a household or office is given
 * (its own addresses within it change at will, so counting by /128 would give one client any
 * number of budgets). Anything else (not an address) stays as it is.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toNormalizedString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}
