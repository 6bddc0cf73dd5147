import { getTranslations } from 'next-intl/server';
import { Heading } from '@/app/_components/heading';
import { titleFrom } from '@/lib/i18n/metadata';

export const generateMetadata = titleFrom('notFound');

/**
 * What `notFound()` shows (nothing in the app calls it; addresses that name no screen get the
 * full frame from the catch-all route, app/[...unknown]/page.tsx). Next renders the root
 * not-found screen into every page's inline payload, ready for a client-side 404, so it is kept
 * to a bare card: the full frame cost every screen about 3 KB and a second frame render, and a
 * logo here made every page preload the light logo, even in the dark scheme.
 */
export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <div className="page">
      <main id="content" className="card card-body">
        <Heading autoFocus>{t('title')}</Heading>
        <p className="description">{t('description')}</p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a className="button" href="/">
          {t('back')}
        </a>
      </main>
    </div>
  );
}
