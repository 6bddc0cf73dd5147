import { getTranslations } from 'next-intl/server';
import { titleFrom } from '@/lib/i18n/metadata';
import { Heading } from './_components/heading';

export const generateMetadata = titleFrom('notFound');

/**
 * Fallback for unknown routes. Next renders the root not-found screen into every page's payload
 * (ready for a client-side 404), so it is kept to the logos and a card: the full frame here
 * cost every screen about 3 KB of HTML and a second frame render on the server.
 */
export default async function NotFound() {
  const [t, tFrame] = await Promise.all([getTranslations('notFound'), getTranslations('frame')]);
  return (
    <div className="page">
      <header className="masthead">
        <div className="logos">
          {/* eslint-disable-next-line @next/next/no-img-element -- operator-replaceable files, served as they are */}
          <img src="/brand/manufacturer" alt={tFrame('manufacturerLogo')} width={160} height={40} />
        </div>
      </header>
      <main id="content" className="card">
        <Heading autoFocus>{t('title')}</Heading>
        <p className="description">{t('description')}</p>
        {/* A full page load: the unknown address may have come from anywhere. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a className="button" href="/">
          {t('back')}
        </a>
      </main>
    </div>
  );
}
