import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { getConfig } from './config';
import { cookieName, cookieOptions, sealOptions } from './cookies';
import { log } from './log';
import { USER_TTL_SECONDS } from './session';
import type { UserSession } from './session-types';

/**
 * This deployment's own OIDC session (the pending authorization, then the signed-in user with
 * its tokens), sealed by iron-session. Real tenants put groups and roles into their tokens, so
 * the seal can outgrow one cookie (browsers keep about 4 KB per cookie): it is split across
 * `signin_user` and `signin_user.1` and joined again when read. Two parts at most: every
 * request to this site carries them, and servers and proxies refuse request headers beyond
 * 8–16 KB (Node 16 KB, nginx 8 KB per line by default), which would lock the person out of the
 * whole site. When the tokens do not fit, the ID token is left out (sign-out then uses
 * access_token_hint, as the spec allows); when they still do not fit, the sign-in fails with a
 * reference instead of a cookie that breaks every later request. Tokens never reach the
 * browser's JavaScript: the cookies are HttpOnly and the pages only get what they display.
 */
const CHUNK = 3_800;
const MAX_CHUNKS = 2;
/** Parts older versions may have written, removed when seen. */
const LEGACY_CHUNKS = 5;

const names = () => {
  const base = cookieName('user', getConfig().secureCookies);
  return Array.from({ length: LEGACY_CHUNKS }, (_, i) => (i === 0 ? base : `${base}.${i}`));
};

/** The user session of this request, unsealed once per render; empty when absent or invalid. */
export const readUserSession = cache(async (): Promise<UserSession> => {
  const jar = await cookies();
  const parts: string[] = [];
  for (const name of names().slice(0, MAX_CHUNKS)) {
    const value = jar.get(name)?.value;
    if (!value) break;
    parts.push(value);
  }
  if (parts.length === 0) return {};
  try {
    return await unsealData<UserSession>(parts.join(''), sealOptions(getConfig().sessionSecrets, USER_TTL_SECONDS));
  } catch (error) {
    log.warn({ cookie: 'user', reason: error instanceof Error ? error.message : 'unseal failed' }, 'session cookie rejected');
    return {};
  }
});

/** Seals and writes the whole session; an empty session removes every part. */
export async function saveUserSession(session: UserSession): Promise<void> {
  const config = getConfig();
  const jar = await cookies();
  const chunks = await sealInParts(session);
  const options = { ...cookieOptions(config.secureCookies), maxAge: USER_TTL_SECONDS - 60 };
  names().forEach((name, i) => {
    if (i < chunks.length) jar.set(name, chunks[i], options);
    else if (jar.has(name)) jar.delete({ name, path: '/', secure: config.secureCookies });
  });
}

async function sealInParts(session: UserSession): Promise<string[]> {
  if (!session.pending && !session.user) return [];
  const seal = (data: UserSession) => sealData(data, sealOptions(getConfig().sessionSecrets, USER_TTL_SECONDS));
  const split = (sealed: string) => sealed.match(new RegExp(`.{1,${CHUNK}}`, 'g')) ?? [];
  let parts = split(await seal(session));
  if (parts.length > MAX_CHUNKS && session.user?.idToken) {
    log.warn({ event: 'session-without-id-token', size: parts.join('').length }, 'tokens too large: ID token not kept');
    parts = split(await seal({ ...session, user: { ...session.user, idToken: undefined } }));
  }
  if (parts.length > MAX_CHUNKS) throw new Error(`user session too large (${parts.join('').length} characters)`);
  return parts;
}
