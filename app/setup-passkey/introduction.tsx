import type { getTranslations } from 'next-intl/server';
import { ScriptAware } from '@/app/_components/script-aware';
import type { SetupMethod } from '@/lib/provider/mfa-setup';
import type { MethodChoice } from './other-methods';

type SetupTranslator = Awaited<ReturnType<typeof getTranslations<'mfaSetup'>>>;

/**
 * The page's heading and description: about the passkey where one can be made here (or nothing
 * else is offered), else about the other methods; required now or not; without JavaScript, or with
 * PASSKEYS off, why no passkey can be made here.
 */
export function introduction(a: {
  t: Awaited<ReturnType<typeof getTranslations<'passkeySetup'>>>;
  tSetup: SetupTranslator;
  passkeys: boolean;
  canCreate: boolean;
  required: boolean;
  others: boolean;
}): { title: string; description: React.ReactNode } {
  const { t, tSetup } = a;
  if (!a.canCreate && a.others) return { title: tSetup('title'), description: a.required ? tSetup('required') : tSetup('description') };
  if (a.required)
    return {
      title: t('title'),
      description: a.canCreate ? <ScriptAware withScript={t('required')} withoutScript={t('requiredNoScript')} /> : t('requiredElsewhere'),
    };
  return {
    title: t('title'),
    description: a.passkeys ? <ScriptAware withScript={t('description')} withoutScript={t('descriptionNoScript')} /> : t('descriptionOff'),
  };
}

/** The button for each method set up on this product's own pages: its name and the line on what it is. */
const METHOD_TEXTS: Record<SetupMethod, (t: SetupTranslator, pushApp: string) => { label: string; hint: string }> = {
  TOTP: (t) => ({ label: t('chooseAuthenticator'), hint: t('hintAuthenticator') }),
  PUSH: (t, app) => ({ label: t('choosePush'), hint: t('hintPush', { app }) }),
  SMS: (t) => ({ label: t('chooseSms'), hint: t('hintSms') }),
  EMAIL: (t) => ({ label: t('chooseEmail'), hint: t('hintEmail') }),
  BACKUPCODE: (t) => ({ label: t('chooseBackupCodes'), hint: t('hintBackupCodes') }),
};

/** The choices of `methods`, in the order given. */
export function methodChoices(methods: readonly SetupMethod[], t: SetupTranslator, pushApp: string): MethodChoice[] {
  return methods.map((method) => ({ method, ...METHOD_TEXTS[method](t, pushApp), pending: t('opening') }));
}

/**
 * The method to lead with (D51): an authenticator app where offered (works offline, phishing the
 * code needs the person at the moment), else the phone, else the first; none where only one is
 * offered. Backup codes and e-mail codes never lead: one is a way back in, the other is weak
 * beside an e-mail-and-password account.
 */
export function recommendedOf(methods: readonly SetupMethod[]): SetupMethod | undefined {
  if (methods.length < 2) return undefined;
  return (['TOTP', 'PUSH', 'SMS'] as const).find((m) => methods.includes(m));
}

/**
 * Backup codes are a way back in when the usual method is lost, never the only second factor
 * (D45): offered only to an account that has (or is proving) another method.
 */
export function withoutLoneBackupCodes(methods: readonly SetupMethod[], hasOtherFactor: boolean): SetupMethod[] {
  return hasOtherFactor ? [...methods] : methods.filter((m) => m !== 'BACKUPCODE');
}
