import { getLocale, getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { requireFlow, withEmail } from '@/lib/flows/flow-guard';
import { lockedState } from '@/lib/flows/sign-in';
import { stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { titleFrom } from '@/lib/i18n/metadata';
import { getClientName } from '@/lib/provider/client-name';
import { CredentialsForm } from './credentials-form';

export const generateMetadata = titleFrom('credentials');

/** Step 2: the password for the e-mail given in step 1 (kept in the flow session). */
export default async function CredentialsPage({ searchParams }: PageProps<'/login'>) {
  const flow = await requireFlow((await searchParams).requestId, withEmail);
  const locale = await getLocale();
  const [t, errors, clientName] = await Promise.all([
    getTranslations('credentials'),
    translateErrors(['passwordRequired', 'passwordInvalid', 'passwordInvalidLastAttempt', 'accountLocked', 'tooManyAttempts']),
    getClientName(flow.requestId, locale),
  ]);
  const backToEmail = stepUrl('/', flow.requestId);
  return (
    <Frame title={t('title')} description={t('description')} clientName={clientName} focus="form">
      <CredentialsForm
        requestId={flow.requestId}
        email={flow.email}
        resetHref={stepUrl('/reset-password-init', flow.requestId)}
        initialState={lockedState(flow.lockedUntil)}
        changeEmailHref={backToEmail}
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
          lockedFor: t.raw('lockedFor') as string,
        }}
        errors={errors}
      />
    </Frame>
  );
}
