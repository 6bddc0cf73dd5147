import type { Viewport } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { PageTextsProvider } from '@/app/_components/page-texts';
import { DEFAULT_LOCALE, directionOf, isLocale } from '@/lib/i18n/locales';
import './globals.css';
import { template } from '@/lib/i18n/template';

export const viewport: Viewport = { width: 'device-width', initialScale: 1, colorScheme: 'light dark' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [rawLocale, t, tError, tForm, tNotFound] = await Promise.all([
    getLocale(),
    getTranslations('meta'),
    getTranslations('error'),
    getTranslations('form'),
    getTranslations('notFound'),
  ]);
  const locale = isLocale(rawLocale) ? rawLocale : DEFAULT_LOCALE;
  const pageTexts = {
    title: tError('title'),
    description: tError('description'),
    back: tError('back'),
    pageExpired: tError('pageExpired'),
    notFound: tNotFound('title'),
    reference: template(tError, 'reference', 'ref'),
    slow: tForm('slow'),
    copy: tForm('copy'),
    copied: tForm('copied'),
  };
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>
        <a className="skip-link" href="#content">
          {t('skipToContent')}
        </a>
        <PageTextsProvider value={pageTexts}>{children}</PageTextsProvider>
      </body>
    </html>
  );
}
