import 'server-only';
import { isProviderError } from './errors';
import { getClientInfo, type ClientInfo } from './public';

/**
 * The client application's display name for the footer bar, and (same answer) the identity
 * providers the e-mail step offers. It is the same for everyone using that client, so a short
 * per-process cache saves a provider round trip on every screen. A failure only hides the bar:
 * the name is decoration, never a reason to fail a page.
 *
 * The provider's "no such request" (a made-up or expired id) is kept too, for a minute: a page
 * opened again and again with such an id costs one provider call a minute, not one each.
 */
const TTL_MS = 5 * 60 * 1000;
const REFUSED_TTL_MS = 60 * 1000;
const MAX_ENTRIES = 500;
type Entry = { info: ClientInfo | undefined; refused?: unknown; expires: number };
const cache = new Map<string, Entry>();

function remember(key: string, entry: Entry) {
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, entry);
}

/** What the cache knows of a request id: its client information, the refusal it met, or nothing yet. */
export function cachedClientInfo(requestId: string, locale: string): { info: ClientInfo } | { refused: unknown } | undefined {
  const hit = cache.get(`${requestId}|${locale}`);
  if (!hit || hit.expires <= Date.now()) return undefined;
  return hit.refused !== undefined || !hit.info ? { refused: hit.refused } : { info: hit.info };
}

/** What the cache knows of a request id: its name, the refusal it met, or nothing yet. */
export function cachedClientName(requestId: string, locale: string): { name: string | undefined } | { refused: unknown } | undefined {
  const hit = cachedClientInfo(requestId, locale);
  return hit && 'info' in hit ? { name: hit.info.displayName } : hit;
}

/**
 * The client information, fetched when it is not cached. Throws the provider's error, so the
 * first screen can tell an unknown or expired requestId from a working one.
 */
export async function requireClientInfo(requestId: string, locale: string): Promise<ClientInfo> {
  const key = `${requestId}|${locale}`;
  const hit = cachedClientInfo(requestId, locale);
  if (hit && 'refused' in hit) throw hit.refused;
  if (hit) return hit.info;
  try {
    const info = await getClientInfo({ requestId, locale });
    remember(key, { info, expires: Date.now() + TTL_MS });
    return info;
  } catch (error) {
    const refused = isProviderError(error) && error.kind === 'rejected' && (error.status ?? 500) < 500;
    if (refused) remember(key, { info: undefined, refused: error, expires: Date.now() + REFUSED_TTL_MS });
    throw error;
  }
}

/** The display name (see requireClientInfo). */
export async function requireClientName(requestId: string, locale: string): Promise<string | undefined> {
  return (await requireClientInfo(requestId, locale)).displayName;
}

/** The display name for the footer bar, or undefined when there is none or it cannot be had. */
export async function getClientName(requestId: string | undefined, locale: string): Promise<string | undefined> {
  if (!requestId) return undefined;
  return requireClientName(requestId, locale).catch(() => undefined);
}
