import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { titleFrom } from '@/lib/i18n/metadata';

export const generateMetadata = titleFrom('notFound');

/** Fallback for unknown routes. */
export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <>
      <h1>{t('title')}</h1>
      <p>{t('description')}</p>
      <Link className="button" href="/">
        {t('back')}
      </Link>
    </>
  );
}
