import type { getTranslations } from 'next-intl/server';
import { ScriptAware } from '@/app/_components/script-aware';
import type { SetupMethod } from '@/lib/provider/mfa-setup';

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

/** The suggestion page's button for each method set up on this product's own pages. */
export const METHOD_LABELS: Record<SetupMethod, (t: SetupTranslator) => { label: string; pending: string }> = {
  TOTP: (t) => ({ label: t('chooseAuthenticator'), pending: t('opening') }),
  PUSH: (t) => ({ label: t('choosePush'), pending: t('opening') }),
  SMS: (t) => ({ label: t('chooseSms'), pending: t('opening') }),
  EMAIL: (t) => ({ label: t('chooseEmail'), pending: t('opening') }),
  BACKUPCODE: (t) => ({ label: t('chooseBackupCodes'), pending: t('opening') }),
};
