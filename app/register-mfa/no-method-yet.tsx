import { getTranslations } from 'next-intl/server';
import { methodChoices, recommendedOf, withoutLoneBackupCodes } from '@/app/setup-passkey/introduction';
import { OtherMethods } from '@/app/setup-passkey/other-methods';
import { getConfig } from '@/lib/config';
import { SETUP_METHODS } from '@/lib/flows/mfa-setup';
import { MFA_START_REFUSALS, translateErrors } from '@/lib/i18n/errors';
import { MfaStartForm } from './mfa-start-form';

/**
 * An MFA requirement for an account with nothing set up yet (docs/features.md "Second factors set up here"):
 * the methods this product sets up, each on its own page, and, for this sign-in only, the tenant's
 * e-mail code. Which methods the tenant lets an account set up on this track is not published, so
 * all are offered and a refusal is said on the page (or hands the track back to the tenant).
 */
export async function NoMethodYet({ requestId, children }: { requestId: string; children: React.ReactNode }) {
  const [t, tSetup, setupErrors, sendErrors] = await Promise.all([
    getTranslations('mfa'),
    getTranslations('mfaSetup'),
    translateErrors(['setupUnavailable', 'setupAlreadyConfigured']),
    translateErrors(MFA_START_REFUSALS),
  ]);
  // Nothing set up yet: backup codes are not a first method (they come after one).
  const offered = withoutLoneBackupCodes(SETUP_METHODS, false);
  const methods = methodChoices(offered, tSetup, getConfig().pushApp.name);
  return (
    <>
      <h2>{t('noMethodTitle')}</h2>
      <p className="description">{t('noMethodYet')}</p>
      <OtherMethods
        requestId={requestId}
        title={tSetup('otherMethods')}
        methods={methods}
        recommended={recommendedOf(offered)}
        recommendedLabel={tSetup('recommended')}
        errors={setupErrors}
      />
      <MfaStartForm
        requestId={requestId}
        single={{ type: 'EMAIL', label: t('emailThisTime') }}
        autoStart={false}
        secondary
        pendingLabel={t('sending')}
        errors={sendErrors}
      />
      {children}
    </>
  );
}
