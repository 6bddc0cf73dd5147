import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getUserSession } from '@/lib/session';
import { titleFrom } from '@/lib/i18n/metadata';

export const generateMetadata = titleFrom('success');

export default async function SuccessPage() {
  const [session, t] = await Promise.all([getUserSession(), getTranslations('success')]);
  if (!session.user) redirect('/');
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('signedInAs', { email: session.user.email ?? session.user.sub })}</p>
    </>
  );
}
