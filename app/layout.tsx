import type { Metadata, Viewport } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { ErrorTextsProvider } from '@/app/_components/error-texts';
import { FormTextsProvider } from '@/app/_components/form-texts';
import { DEFAULT_LOCALE, directionOf, isLocale } from '@/lib/i18n/locales';
import './globals.css';
import { template } from '@/lib/i18n/template';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return {
    title: { template: `%s · ${t('title')}`, default: t('title') },
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
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
  const errorTexts = {
    title: tError('title'),
    description: tError('description'),
    back: tError('back'),
    reference: template(tError, 'reference', 'ref'),
    pageExpired: tError('pageExpired'),
  };
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        {/* Controls that only work with JavaScript are hidden when it is off (and the room kept for them in a field). */}
        <noscript>
          <style nonce={nonce}>{'.needs-js{display:none!important}.control input{padding-inline-end:.875rem}'}</style>
        </noscript>
      </head>
      <body>
        <a className="skip-link" href="#content">
          {t('skipToContent')}
        </a>
        <ErrorTextsProvider value={errorTexts}>
          <FormTextsProvider value={{ slow: tForm('slow'), reference: template(tForm, 'reference', 'ref'), copy: tForm('copy'), copied: tForm('copied') }}>
            {children}
          </FormTextsProvider>
        </ErrorTextsProvider>
      </body>
    </html>
  );
}
