import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { IdentityProviders } from '@/app/_components/identity-providers';
import { failForRequest } from '@/lib/errors';
import { loginEntry } from '@/lib/flows/entry-params';
import { loginNoticeFor } from '@/lib/flows/error-map';
import { firstPageClientInfo } from '@/lib/flows/first-page';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { wordSpace } from '@/lib/i18n/spacing';
import { rememberedEmail } from '@/lib/remembered';
import { EmailForm } from './email-form';
import { closedReason } from './register/registration-closed';

/**
 * Step 1: the e-mail form, and the tenant's `login` hosted page (docs/provider-contract.md §4).
 * Without a requestId the visitor came directly: start our own sign-in.
 */
export default async function EmailPage({ searchParams }: PageProps<'/'>) {
  // (A refusal until the address is confirmed, with the subject, goes to /verify-email/entry.)
  const { requestId, rawRequestId, error, username } = loginEntry(await searchParams);
  if (rawRequestId === undefined) redirect('/auth/start');
  if (!requestId) redirect(errorUrl('invalid-request'));

  const locale = await getLocale();
  const [t, tNotice, errors, clientInfo, defaultEmail] = await Promise.all([
    getTranslations('login'),
    getTranslations('notices'),
    translateErrors(['emailRequired', 'emailInvalid', 'userNotFound', 'attemptsWait', 'networkAttemptsWait']),
    // The provider rejects an unknown or expired requestId here, before the person types anything.
    // Its answer also lists the identity providers the tenant offers for the client.
    firstPageClientInfo(requestId, locale).catch((e: unknown) => failForRequest(e, { page: 'login' }, stepUrl('/', requestId))),
    rememberedEmail.read(),
  ]);
  // After a sign-in the provider refused, its address names the reason and the account tried.
  const notice = loginNoticeFor(error);
  // A client that takes no registrations here (self-registration off, or a captcha this product
  // cannot show) takes new people by invitation only: no registration is offered, not below the
  // form, nor in the "no account" message.
  const registerHref = clientInfo && closedReason(clientInfo.registration) ? undefined : stepUrl('/register', requestId);

  return (
    <Frame title={t('title')} description={t('description')} clientName={clientInfo?.displayName} focus="form">
      {notice ? (
        <p className="notice" role="alert">
          {tNotice(notice)}
        </p>
      ) : null}
      <EmailForm
        requestId={requestId}
        defaultEmail={username ?? defaultEmail}
        labels={{ email: t('email'), submit: t('submit'), pending: t('pending') }}
        errors={errors}
        userNotFound={registerHref ? t.rich('userNotFoundRegister', { register: (text) => <a href={registerHref}>{text}</a> }) : undefined}
      />
      <IdentityProviders requestId={requestId} providers={clientInfo?.identityProviders ?? []} />
      {registerHref ? (
        <p className="links">
          {t('noAccount')}
          {wordSpace(t('noAccount'), t('register'))}
          <a href={registerHref}>{t('register')}</a>
        </p>
      ) : null}
    </Frame>
  );
}
