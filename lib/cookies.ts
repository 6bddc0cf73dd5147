/**
 * Every cookie this deployment sets, named in one place, with the options they share and how their
 * seals are keyed (docs/architecture.md "What is kept where"). No `server-only` and no configuration read
 * here: proxy.ts (the locale cookie) imports it too, and callers pass whether cookies are Secure.
 */
export const COOKIE_NAMES = {
  /** The sign-in in progress (lib/session.ts). */
  flow: 'signin_flow',
  /** This deployment's own OIDC session, split into `signin_user`, `signin_user.1` (lib/user-session.ts). */
  user: 'signin_user',
  /** The last e-mail used, prefilled on the e-mail step (lib/remembered.ts). */
  email: 'signin_email',
  /** The last chosen group (lib/remembered.ts). */
  group: 'signin_group',
  /** A provider link held while the person decides whether it may replace a sign-in in progress (lib/flows/replacement.ts). */
  heldEntry: 'signin_held',
  /** The chosen language, plain (lib/i18n/locales.ts). */
  locale: 'signin_locale',
} as const;

export type CookieKind = keyof typeof COOKIE_NAMES;

/**
 * On https every cookie carries the `__Host-` prefix: the browser then accepts it only Secure,
 * host-only and for Path=/, so no other host of the domain can plant or read it.
 */
export function cookieName(kind: CookieKind, secure: boolean): string {
  return secure ? `__Host-${COOKIE_NAMES[kind]}` : COOKIE_NAMES[kind];
}

/** What every cookie here shares: HttpOnly, SameSite=Lax, Path=/, no Domain; Secure on https. */
export function cookieOptions(secure: boolean) {
  return { httpOnly: true, secure, sameSite: 'lax', path: '/' } as const;
}

/** Newest secret first in SESSION_SECRET; iron-session seals with the highest id. */
export function passwordMap(secrets: readonly string[]): Record<string, string> {
  return Object.fromEntries(secrets.map((secret, i) => [String(secrets.length - i), secret]));
}

/** How a sealed value is sealed and unsealed: the rotation-capable secret list and its lifetime. */
export function sealOptions(secrets: readonly string[], ttlSeconds: number) {
  return { password: passwordMap(secrets), ttl: ttlSeconds };
}
