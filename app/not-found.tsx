import { getTranslations } from 'next-intl/server';
import { Heading } from '@/app/_components/heading';
import { titleFrom } from '@/lib/i18n/metadata';

export const generateMetadata = titleFrom('notFound');

/**
 * What `notFound()` shows. Addresses that name no screen get the full frame from the catch-all
 * route (app/[...unknown]/page.tsx); this one is kept to a card with the logo because Next
 * renders the root not-found screen into every page's payload (ready for a client-side 404),
 * where the full frame cost every screen about 3 KB of HTML and a second frame render.
 */
export default async function NotFound() {
  const [t, tFrame] = await Promise.all([getTranslations('notFound'), getTranslations('frame')]);
  return (
    <div className="page">
      <main id="content" className="card card-body">
        {/* eslint-disable-next-line @next/next/no-img-element -- operator-replaceable files, served as they are */}
        <img className="logo-alone" src="/brand/manufacturer" alt={tFrame('manufacturerLogo')} width={176} height={44} />
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
