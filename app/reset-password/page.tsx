import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { template } from '@/lib/i18n/template';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { rememberedEmail } from '@/lib/remembered';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';
import { NewPasswordForm } from './new-password-form';

/** The new-password form for a reset link (whose tokens are in the session, never in the URL). */
export default async function ResetPasswordPage({ searchParams }: PageProps<'/reset-password'>) {
  const params = await searchParams;
  const requestId = parseRequestId(params.requestId);
  const [t, flow, remembered] = await Promise.all([getTranslations('resetForm'), readFlow(), rememberedEmail.read()]);

  if (!flow?.reset) {
    const again = flow?.email
      ? stepUrl('/reset-password-init', flow.requestId)
      : resolveRedirectUrl(getConfig().providerUrl, requestId ?? flow?.requestId ?? '');
    return (
      <Frame title={t('expiredTitle')} description={t('expiredDescription')}>
        <a className="button" href={requestId || flow ? again : '/'}>
          {t('requestNew')}
        </a>
      </Frame>
    );
  }

  const shown = [
    'passwordRequired',
    'newPasswordLength',
    'newPasswordPattern',
    'newPasswordChars',
    'repeatRequired',
    'passwordsDontMatch',
    'passwordPwned',
    'passwordReused',
  ] as const;
  // The provider refused a new password on its side and said why (the link route maps the code).
  const problem = shown.find((key) => key === params.problem);
  const [errors, tCredentials] = await Promise.all([translateErrors(shown), getTranslations('credentials')]);
  return (
    <Frame title={flow.passwordRequired ? t('titleSet') : t('title')} description={flow.passwordRequired ? t('descriptionSet') : t('description')} focus="form">
      <NewPasswordForm
        requestId={flow.requestId}
        username={flow.email ?? remembered}
        errors={errors}
        initialError={problem}
        labels={{
          password: t('password'),
          repeat: t('repeat'),
          show: t('showPassword'),
          hide: t('hidePassword'),
          capsLock: tCredentials('capsLock'),
          save: t('save'),
          saving: t('saving'),
          checklist: {
            title: t('rulesTitle'),
            met: t('ruleMet'),
            notMet: t('ruleNotMet'),
            rules: {
              length: t('ruleLength'),
              lower: t('ruleLower'),
              upper: t('ruleUpper'),
              digit: t('ruleDigit'),
            },
            forbidden: template(t, 'ruleForbidden', 'chars'),
          },
        }}
      />
      <p className="links">
        <a href={resolveRedirectUrl(getConfig().providerUrl, flow.requestId)}>{t('cancel')}</a>
      </p>
    </Frame>
  );
}
