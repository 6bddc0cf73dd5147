import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { sealData, unsealData } from 'iron-session';
import { getConfig } from './config';
import { log } from './log';
import { passwordMap, USER_TTL_SECONDS } from './session';
import type { UserSession } from './session-types';

/**
 * This deployment's own OIDC session (the pending authorization, then the signed-in user with
 * its tokens), sealed by iron-session. Real tenants put groups and roles into their tokens, so
 * the seal can outgrow one cookie (browsers keep about 4 KB per cookie): it is split across
 * `signin_user`, `signin_user.1`, … and joined again when read. Tokens never reach the browser's
 * JavaScript: the cookies are HttpOnly and the pages only get what they display.
 */
const BASE = 'signin_user';
const CHUNK = 3_800;
const MAX_CHUNKS = 5;

const names = () => {
  const base = getConfig().secureCookies ? `__Host-${BASE}` : BASE;
  return Array.from({ length: MAX_CHUNKS }, (_, i) => (i === 0 ? base : `${base}.${i}`));
};

/** The user session of this request, unsealed once per render; empty when absent or invalid. */
export const readUserSession = cache(async (): Promise<UserSession> => {
  const jar = await cookies();
  const parts: string[] = [];
  for (const name of names()) {
    const value = jar.get(name)?.value;
    if (!value) break;
    parts.push(value);
  }
  if (parts.length === 0) return {};
  try {
    return await unsealData<UserSession>(parts.join(''), { password: passwordMap(getConfig().sessionSecrets), ttl: USER_TTL_SECONDS });
  } catch (error) {
    log.warn({ cookie: 'user', reason: error instanceof Error ? error.message : 'unseal failed' }, 'session cookie rejected');
    return {};
  }
});

/** Seals and writes the whole session; an empty session removes every part. */
export async function saveUserSession(session: UserSession): Promise<void> {
  const config = getConfig();
  const jar = await cookies();
  const empty = !session.pending && !session.user;
  const seal = empty ? '' : await sealData(session, { password: passwordMap(config.sessionSecrets), ttl: USER_TTL_SECONDS });
  const chunks = seal.match(new RegExp(`.{1,${CHUNK}}`, 'g')) ?? [];
  if (chunks.length > MAX_CHUNKS) throw new Error(`user session too large (${seal.length} characters)`);
  const options = { httpOnly: true, secure: config.secureCookies, sameSite: 'lax' as const, path: '/', maxAge: USER_TTL_SECONDS - 60 };
  names().forEach((name, i) => {
    if (i < chunks.length) jar.set(name, chunks[i], options);
    else if (jar.has(name)) jar.delete({ name, path: '/', secure: config.secureCookies });
  });
}

export async function clearUserSession(): Promise<void> {
  await saveUserSession({});
}
