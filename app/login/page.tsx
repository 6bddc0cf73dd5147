import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { translateErrors } from '@/lib/i18n/errors';
import { readFlow } from '@/lib/session';
import { CredentialsForm } from '../_components/credentials-form';
import { titleFrom } from '@/lib/i18n/metadata';

export const generateMetadata = titleFrom('credentials');

/** Step 2: the password for the e-mail given in step 1 (kept in the flow session). */
export default async function CredentialsPage() {
  const flow = await readFlow();
  if (!flow?.email) redirect('/error?reason=expired');

  const [t, tForm, errors] = await Promise.all([
    getTranslations('credentials'),
    getTranslations('form'),
    translateErrors(['passwordRequired', 'passwordInvalid', 'userDeclined']),
  ]);
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('description')}</p>
      <CredentialsForm
        email={flow.email}
        labels={{
          email: t('email'),
          password: t('password'),
          rememberMe: t('rememberMe'),
          submit: t('submit'),
          pending: tForm('pending'),
        }}
        errors={errors}
      />
      <p>
        <Link href={`/?requestId=${encodeURIComponent(flow.requestId)}`}>{t('changeEmail')}</Link>
      </p>
    </>
  );
}
