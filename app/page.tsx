import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { failForRequest } from '@/lib/errors';
import { translateErrors } from '@/lib/i18n/errors';
import { getClientInfo } from '@/lib/provider/public';
import { parseRequestId } from '@/lib/validation/fields';
import { EmailForm } from './_components/email-form';
import { titleFrom } from '@/lib/i18n/metadata';

export const generateMetadata = titleFrom('login');

/** Step 1: the e-mail form. Without a requestId the visitor came directly: start our own sign-in. */
export default async function LoginPage({ searchParams }: PageProps<'/'>) {
  const { requestId: rawRequestId } = await searchParams;
  if (rawRequestId === undefined) redirect('/auth/start');
  const requestId = parseRequestId(rawRequestId);
  if (!requestId) redirect('/error?reason=invalid-request');

  const locale = await getLocale();
  const [t, tForm, errors] = await Promise.all([
    getTranslations('login'),
    getTranslations('form'),
    translateErrors(['emailRequired', 'emailInvalid', 'userNotFound']),
    // The provider rejects an unknown or expired requestId here, before the person types anything.
    getClientInfo({ requestId, locale }).catch((error: unknown) => failForRequest(error, { page: 'login' })),
  ]);

  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('description')}</p>
      <EmailForm
        requestId={requestId}
        labels={{ email: t('email'), submit: t('submit'), pending: tForm('pending') }}
        errors={errors}
      />
    </>
  );
}
