import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { titleFrom } from '@/lib/i18n/metadata';
import { Frame } from './_components/frame';

export const generateMetadata = titleFrom('notFound');

/** Fallback for unknown routes. */
export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <Frame title={t('title')} description={t('description')}>
      <Link className="button" href="/">
        {t('back')}
      </Link>
    </Frame>
  );
}
