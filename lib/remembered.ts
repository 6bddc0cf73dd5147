import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { cookies } from 'next/headers';
import { getConfig } from './config';
import { cookieOptions, cookieName as nameOf, sealOptions, type CookieKind } from './cookies';
import { GROUP_ID } from './flows/groups';
import { emailError } from './validation/rules';

/**
 * Values remembered across sign-ins (README: What is kept where), each in its own
 * sealed HttpOnly cookie because the server needs it to render: the last e-mail
 * and the last chosen group. Sealed rather than
 * plain, because both say who the person is and whom they work for.
 */
const TTL_SECONDS = 90 * 24 * 60 * 60;

function rememberedValue(kind: CookieKind, isValid: (value: string) => boolean) {
  const cookieName = () => nameOf(kind, getConfig().secureCookies);
  return {
    async save(value: string): Promise<void> {
      const config = getConfig();
      const seal = await sealData({ value }, sealOptions(config.sessionSecrets, TTL_SECONDS));
      (await cookies()).set(cookieName(), seal, { ...cookieOptions(config.secureCookies), maxAge: TTL_SECONDS - 60 });
    },
    async read(): Promise<string | undefined> {
      const seal = (await cookies()).get(cookieName())?.value;
      if (!seal) return undefined;
      const data = await unsealData<{ value?: unknown }>(seal, sealOptions(getConfig().sessionSecrets, TTL_SECONDS)).catch(() => ({}));
      const value = (data as { value?: unknown }).value;
      return typeof value === 'string' && isValid(value) ? value : undefined;
    },
    async forget(): Promise<void> {
      (await cookies()).delete({ name: cookieName(), path: '/', secure: getConfig().secureCookies });
    },
  };
}

export const rememberedEmail = rememberedValue('email', (value) => !emailError(value));
export const rememberedGroup = rememberedValue('group', (value) => GROUP_ID.test(value));
