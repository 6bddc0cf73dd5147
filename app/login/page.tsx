import { getLocale, getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { ScriptAware } from '@/app/_components/script-aware';
import { getConfig } from '@/lib/config';
import { requireFlow, withEmail } from '@/lib/flows/flow-guard';
import { lockedState } from '@/lib/flows/sign-in';
import { stepUrl } from '@/lib/flows/step-urls';
import { PASSKEY_ERRORS, translateErrors } from '@/lib/i18n/errors';
import { template } from '@/lib/i18n/template';
import { getClientName } from '@/lib/provider/client-name';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { finishPasskeySignIn, preparePasskeySignIn } from './actions';
import { CredentialsForm } from './credentials-form';

/** Step 2: the password for the e-mail given in step 1 (kept in the flow session). */
export default async function CredentialsPage({ searchParams }: PageProps<'/login'>) {
  const flow = await requireFlow((await searchParams).requestId, withEmail);
  const locale = await getLocale();
  const [t, errors, passkeyErrors, clientName] = await Promise.all([
    getTranslations('credentials'),
    translateErrors([
      'passwordRequired',
      'passwordInvalid',
      'passwordInvalidLastAttempt',
      'accountLocked',
      'userNotFound',
      'tooManyAttempts',
      'networkAttemptsWait',
      'accountAttemptsWait',
    ]),
    translateErrors(PASSKEY_ERRORS),
    getClientName(flow.requestId, locale),
  ]);
  const backToEmail = stepUrl('/', flow.requestId);
  // docs/features.md "Passkeys": where the e-mail step found FIDO2 for the account, the passkey leads once
  // the page runs (nothing of it without JavaScript: the password form as ever, under the same heading).
  const passkey = getConfig().passkeys && flow.passkeyOffered;
  // Said only where the passkey is (without scripts, why the password is the way in), or right
  // after a registration whose sign-in could not be done at once (the account exists).
  const description = flow.registered ? (
    t('registeredDescription')
  ) : passkey ? (
    <ScriptAware withScript={t('descriptionPasskey')} withoutScript={t('descriptionPasskeyNoScript')} />
  ) : undefined;
  return (
    <Frame title={passkey ? t('titlePasskey') : t('title')} description={description} clientName={clientName} focus="form">
      <CredentialsForm
        requestId={flow.requestId}
        locale={locale}
        email={flow.email}
        resetHref={stepUrl('/reset-password-init', flow.requestId)}
        initialState={lockedState(flow.lockedUntil)}
        passkey={
          passkey
            ? {
                prepare: preparePasskeySignIn,
                finish: finishPasskeySignIn,
                labels: { start: t('passkeySignIn'), pending: t('passkeyPending'), otherWay: t('passkeyOtherWay'), usePassword: t('usePassword') },
                errors: passkeyErrors,
              }
            : undefined
        }
        changeEmailHref={backToEmail}
        cancelHref={resolveRedirectUrl(getConfig().providerUrl, flow.requestId)}
        labels={{
          email: t('email'),
          changeEmail: t('changeEmail'),
          password: t('password'),
          showPassword: t('showPassword'),
          hidePassword: t('hidePassword'),
          capsLock: t('capsLock'),
          rememberMe: t('rememberMe'),
          cancel: t('cancel'),
          submit: t('submit'),
          pending: t('pending'),
          forgotPassword: t('forgotPassword'),
          resetPassword: t('resetPassword'),
          lockedFor: template(t, 'lockedFor', 'time'),
        }}
        errors={errors}
      />
    </Frame>
  );
}
