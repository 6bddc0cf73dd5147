import { isLoopbackHost } from './config-shared';

/**
 * The one gate every externally supplied redirect target passes (provider redirectUri,
 * reset redirect_uri, MFA redirectUrl, return parameters). Returns the normalised URL string,
 * or null when the target must not be followed.
 *
 * Rules: absolute URL, parsed by WHATWG URL; https only (http only for loopback hosts, which
 * exist in development and tests); no userinfo; the origin must be the provider's or listed.
 * The raw string is checked for control characters and backslashes before parsing because URL
 * parsing silently strips or rewrites them, which is how most allow-list bypasses work.
 */
export function checkRedirect(target: unknown, allowedOrigins: readonly string[]): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  if (!/^https?:\/\/[^/]/i.test(target)) return null;

  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    return null;
  }
  return allowedOrigins.includes(url.origin) ? url.toString() : null;
}

/** Appends query parameters without string concatenation (keeps existing ones, encodes values). */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** Where an external redirect may go: the provider, this deployment, and the listed origins. */
export function allowedRedirectOrigins(config: { providerOrigin: string; publicOrigin: string; redirectAllowlist: readonly string[] }): string[] {
  return [config.providerOrigin, config.publicOrigin, ...config.redirectAllowlist];
}

/**
 * A path on this site to return to (the language selector's "stay where you are"). Only a
 * same-origin path with its query survives; anything else becomes "/".
 */
export function localPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048 || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || /[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  const base = 'http://local.invalid';
  const url = new URL(value, base);
  // Checked after parsing too: "/.//evil", "/%2e//evil" and "/a/..//evil" normalise to a path
  // beginning "//", which a browser reads as another host.
  if (url.origin !== base || url.pathname.startsWith('//')) return '/';
  return url.pathname + url.search;
}

/**
 * A route handler's answer to a POST or a link carrying tokens: 303, so the browser comes back
 * with a GET (never repeating a POST), and nothing caches it.
 */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
