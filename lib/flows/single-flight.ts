import 'server-only';
import { createHmac } from 'node:crypto';
import { getConfig } from '../config';

/**
 * Folds identical submissions into one provider call: a double click, or a form posted twice
 * by an impatient browser with JavaScript off, must not count as two failed attempts toward
 * the lockout (users of other sign-in pages report exactly that: zitadel issue 12615). The key is
 * an HMAC of the inputs, so no password is kept; results live for a few seconds, failures of the
 * call itself are not kept at all.
 */
const WINDOW_MS = 10_000;
const entries = new Map<string, { result: Promise<unknown>; expires: number }>();

export function singleFlight<T>(parts: readonly string[], run: () => Promise<T>): Promise<T> {
  const now = Date.now();
  for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);

  const key = createHmac('sha256', getConfig().sessionSecrets[0]).update(parts.join('\u0000')).digest('hex');
  const existing = entries.get(key);
  if (existing) return existing.result as Promise<T>;

  const result = run();
  entries.set(key, { result, expires: now + WINDOW_MS });
  result.catch(() => entries.delete(key));
  return result;
}
