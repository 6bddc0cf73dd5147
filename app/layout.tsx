import type { Metadata, Viewport } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { PageTextsProvider } from '@/app/_components/page-texts';
import { DEFAULT_LOCALE, directionOf, isLocale } from '@/lib/i18n/locales';
import './globals.css';
import { template } from '@/lib/i18n/template';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  // No robots or referrer <meta>: both are response headers of every answer (next.config.ts).
  return { title: { template: `%s · ${t('title')}`, default: t('title') } };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, colorScheme: 'light dark' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [rawLocale, t, tError, tForm, nonce] = await Promise.all([
    getLocale(),
    getTranslations('meta'),
    getTranslations('error'),
    getTranslations('form'),
    headers().then((h) => h.get('x-nonce') ?? undefined),
  ]);
  const locale = isLocale(rawLocale) ? rawLocale : DEFAULT_LOCALE;
  const pageTexts = {
    title: tError('title'),
    description: tError('description'),
    back: tError('back'),
    pageExpired: tError('pageExpired'),
    reference: template(tError, 'reference', 'ref'),
    slow: tForm('slow'),
    copy: tForm('copy'),
    copied: tForm('copied'),
  };
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        {/*
          Controls and texts that only hold with JavaScript are hidden when it is off (and the room
          kept for them in a field); the texts for a page without it (`.no-js`, hidden by
          globals.css) are shown instead.
        */}
        <noscript>
          <style nonce={nonce}>{'.needs-js{display:none!important}.no-js{display:inline!important}.control input{padding-inline-end:.875rem}'}</style>
        </noscript>
      </head>
      <body>
        <a className="skip-link" href="#content">
          {t('skipToContent')}
        </a>
        <PageTextsProvider value={pageTexts}>{children}</PageTextsProvider>
      </body>
    </html>
  );
}
