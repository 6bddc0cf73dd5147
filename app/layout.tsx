import type { Viewport } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { PageTextsProvider } from '@/app/_components/page-texts';
import { DEFAULT_LOCALE, directionOf, isLocale } from '@/lib/i18n/locales';
import './globals.css';
import { template } from '@/lib/i18n/template';

export const viewport: Viewport = { width: 'device-width', initialScale: 1, colorScheme: 'light dark' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // One translator for the whole frame (layout and Frame share it through next-intl's per-request
  // cache): next-intl builds one per namespace asked for, about 6 KB of allocation each.
  const [rawLocale, t] = await Promise.all([getLocale(), getTranslations()]);
  const locale = isLocale(rawLocale) ? rawLocale : DEFAULT_LOCALE;
  const pageTexts = {
    title: t('error.title'),
    description: t('error.description'),
    back: t('error.back'),
    pageExpired: t('error.pageExpired'),
    notFound: t('notFound.title'),
    reference: template(t, 'error.reference', 'ref'),
    slow: t('form.slow'),
    copy: t('form.copy'),
    copied: t('form.copied'),
  };
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body>
        <a className="skip-link" href="#content">
          {t('meta.skipToContent')}
        </a>
        <PageTextsProvider value={pageTexts}>{children}</PageTextsProvider>
      </body>
    </html>
  );
}
