import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { titleFrom } from '@/lib/i18n/metadata';
import { getUserSession } from '@/lib/session';
import { Frame } from '../_components/frame';

export const generateMetadata = titleFrom('success');

export default async function SuccessPage() {
  const [session, t] = await Promise.all([getUserSession(), getTranslations('success')]);
  if (!session.user) redirect('/');
  return (
    <Frame title={t('title')}>
      <p>{t('signedInAs', { email: session.user.email ?? session.user.sub })}</p>
      {session.user.group ? <p>{t('group', { group: session.user.group.name ?? session.user.group.id })}</p> : null}
    </Frame>
  );
}
