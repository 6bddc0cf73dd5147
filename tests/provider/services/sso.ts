import { randomUUID } from 'node:crypto';
import type { Req, Res } from '../http.ts';
import type { ProviderSession, Store } from '../store.ts';

/**
 * The tenant's own browser session, its `cidaas_sso` cookie on the tenant's host: set when a
 * browser step ends with an authorization code, read by an authorization request with
 * `prompt=none` (a code at once while it lasts, `login_required` once it has ended), ended by
 * end_session and when the account's sessions are ended elsewhere.
 */
export const SSO_COOKIE = 'cidaas_sso';
const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

function cookieOf(req: Req): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SSO_COOKIE) return value.join('=');
  }
  return undefined;
}

/** The browser's session at the tenant, while it lasts. */
export function sessionOf(store: Store, req: Req): ProviderSession | undefined {
  const session = store.providerSessions.get(cookieOf(req) ?? '');
  if (!session || session.expiresAt < Date.now() || store.revokedSids.has(session.sid)) return undefined;
  return session;
}

/** The session a finished sign-in leaves (the browser's own, when it is the same account's). */
export function openSession(store: Store, req: Req, res: Res, sub: string, groupId: string | undefined): ProviderSession {
  const current = sessionOf(store, req);
  const session: ProviderSession =
    current && current.sub === sub
      ? { ...current, groupId: groupId ?? current.groupId }
      : { sid: randomUUID(), sub, groupId, expiresAt: Date.now() + SESSION_TTL_MS };
  store.providerSessions.set(session.sid, session);
  res.setHeader('set-cookie', `${SSO_COOKIE}=${session.sid}; Path=/; HttpOnly; SameSite=Lax`);
  return session;
}
