import 'server-only';
import { getClientInfo } from './public';

/**
 * The client application's display name for the footer bar. It is the same for everyone using
 * that client, so a short per-process cache saves a provider round trip on every screen. A
 * failure only hides the bar: the name is decoration, never a reason to fail a page.
 */
const TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 500;
const cache = new Map<string, { name: string | undefined; expires: number }>();

/**
 * The display name, fetching the client info when it is not cached. Throws the provider's error,
 * so the first screen can tell an unknown or expired requestId from a working one.
 */
export async function requireClientName(requestId: string, locale: string): Promise<string | undefined> {
  const key = `${requestId}|${locale}`;
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.name;
  const { displayName } = await getClientInfo({ requestId, locale });
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { name: displayName, expires: Date.now() + TTL_MS });
  return displayName;
}

/** The display name for the footer bar, or undefined when there is none or it cannot be had. */
export async function getClientName(requestId: string | undefined, locale: string): Promise<string | undefined> {
  if (!requestId) return undefined;
  return requireClientName(requestId, locale).catch(() => undefined);
}
