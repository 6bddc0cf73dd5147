import 'server-only';
import { cookies } from 'next/headers';
import { sealData, unsealData } from 'iron-session';
import { getConfig } from './config';
import { GROUP_ID } from './flows/groups';
import { passwordMap } from './session';
import { emailError } from './validation/rules';

/**
 * Values remembered across sign-ins (architecture.md "Remembered across flows"), each in its own
 * sealed HttpOnly cookie because the server needs it to render: the last e-mail
 * (product-spec.md §3 `email`) and the last chosen group (§3 `userGroup`). Sealed rather than
 * plain, because both say who the person is and whom they work for.
 */
const TTL_SECONDS = 90 * 24 * 60 * 60;

function rememberedValue(name: string, isValid: (value: string) => boolean) {
  const cookieName = () => (getConfig().secureCookies ? `__Host-${name}` : name);
  return {
    async save(value: string): Promise<void> {
      const config = getConfig();
      const seal = await sealData({ value }, { password: passwordMap(config.sessionSecrets), ttl: TTL_SECONDS });
      (await cookies()).set(cookieName(), seal, {
        httpOnly: true,
        secure: config.secureCookies,
        sameSite: 'lax',
        path: '/',
        maxAge: TTL_SECONDS - 60,
      });
    },
    async read(): Promise<string | undefined> {
      const seal = (await cookies()).get(cookieName())?.value;
      if (!seal) return undefined;
      const password = passwordMap(getConfig().sessionSecrets);
      const data = await unsealData<{ value?: unknown }>(seal, { password, ttl: TTL_SECONDS }).catch(() => ({}));
      const value = (data as { value?: unknown }).value;
      return typeof value === 'string' && isValid(value) ? value : undefined;
    },
    async forget(): Promise<void> {
      (await cookies()).delete({ name: cookieName(), path: '/', secure: getConfig().secureCookies });
    },
  };
}

export const rememberedEmail = rememberedValue('signin_email', (value) => !emailError(value));
export const rememberedGroup = rememberedValue('signin_group', (value) => GROUP_ID.test(value));
