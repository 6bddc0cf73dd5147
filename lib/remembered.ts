import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { cookies } from 'next/headers';
import { getConfig } from './config';
import { cookieOptions, cookieName as nameOf, sealOptions, type CookieKind } from './cookies';
import { GROUP_ID, type ShownGroupName } from './flows/groups';
import { isLocale } from './i18n/locales';
import { emailError } from './validation/rules';

/**
 * Values remembered across sign-ins (docs/architecture.md "What is kept where"), each in its own
 * sealed HttpOnly cookie because the server needs it to render: the last e-mail
 * and the last chosen group. Sealed rather than
 * plain, because both say who the person is and whom they work for.
 */
const TTL_SECONDS = 90 * 24 * 60 * 60;

type Sealed = { value?: unknown; name?: unknown; locale?: unknown };

function rememberedRecord(kind: CookieKind) {
  const cookieName = () => nameOf(kind, getConfig().secureCookies);
  return {
    async save(record: Sealed): Promise<void> {
      const config = getConfig();
      const seal = await sealData(record, sealOptions(config.sessionSecrets, TTL_SECONDS));
      (await cookies()).set(cookieName(), seal, { ...cookieOptions(config.secureCookies), maxAge: TTL_SECONDS - 60 });
    },
    async read(): Promise<Sealed> {
      const seal = (await cookies()).get(cookieName())?.value;
      if (!seal) return {};
      return unsealData<Sealed>(seal, sealOptions(getConfig().sessionSecrets, TTL_SECONDS)).catch(() => ({}));
    },
    async forget(): Promise<void> {
      (await cookies()).delete({ name: cookieName(), path: '/', secure: getConfig().secureCookies });
    },
  };
}

const email = rememberedRecord('email');
export const rememberedEmail = {
  save: (value: string) => email.save({ value }),
  async read(): Promise<string | undefined> {
    const { value } = await email.read();
    return typeof value === 'string' && !emailError(value) ? value : undefined;
  },
};

const group = rememberedRecord('group');
async function readGroup(): Promise<({ id: string } & Partial<ShownGroupName>) | undefined> {
  const { value, name, locale } = await group.read();
  if (typeof value !== 'string' || !GROUP_ID.test(value)) return undefined;
  const shown = typeof name === 'string' && name.length <= 512 && typeof locale === 'string' && isLocale(locale) ? { name, locale } : {};
  return { id: value, ...shown };
}

export const rememberedGroup = {
  /**
   * The group and, when known, its name as the list showed it and in which language: the tokens
   * name the group in the tenant's default language, and this deployment's signed-in page names
   * it in the page's (lib/flows/groups.ts, groupNameIn).
   */
  save: (id: string, shown?: ShownGroupName) => group.save(shown ? { value: id, name: shown.name, locale: shown.locale } : { value: id }),
  read: async (): Promise<string | undefined> => (await readGroup())?.id,
  readShown: readGroup,
  forget: () => group.forget(),
};
