import 'server-only';
import { cookies } from 'next/headers';
import { sealData, unsealData } from 'iron-session';
import { getConfig } from './config';
import { passwordMap } from './session';
import { emailError } from './validation/rules';

/**
 * The last e-mail used to sign in (product-spec.md §3: "email"), prefilled next time. Kept in a
 * sealed HttpOnly cookie rather than in plain text, because it identifies the person.
 */
const COOKIE = 'signin_email';
const TTL_SECONDS = 90 * 24 * 60 * 60;

export async function rememberEmail(email: string): Promise<void> {
  const config = getConfig();
  const seal = await sealData({ email }, { password: passwordMap(config.sessionSecrets), ttl: TTL_SECONDS });
  (await cookies()).set(config.secureCookies ? `__Host-${COOKIE}` : COOKIE, seal, {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'lax',
    path: '/',
    maxAge: TTL_SECONDS - 60,
  });
}

export async function readRememberedEmail(): Promise<string | undefined> {
  const config = getConfig();
  const seal = (await cookies()).get(config.secureCookies ? `__Host-${COOKIE}` : COOKIE)?.value;
  if (!seal) return undefined;
  const data = await unsealData<{ email?: unknown }>(seal, { password: passwordMap(config.sessionSecrets), ttl: TTL_SECONDS }).catch(() => ({}));
  const email = (data as { email?: unknown }).email;
  return typeof email === 'string' && !emailError(email) ? email : undefined;
}
