import type { Metadata, Viewport } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { ErrorTextsProvider } from './_components/error-texts';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: { template: `%s · ${t('title')}`, default: t('title') }, robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, colorScheme: 'light dark' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const [locale, t, tError] = await Promise.all([
    getLocale(),
    getTranslations('meta'),
    getTranslations('error'),
  ]);
  const errorTexts = {
    title: tError('title'),
    description: tError('description'),
    back: tError('back'),
    reference: tError.raw('reference') as string,
  };
  return (
    <html lang={locale} dir="ltr">
      <body>
        <a className="skip-link" href="#content">
          {t('skipToContent')}
        </a>
        <main id="content" className="card">
          <ErrorTextsProvider value={errorTexts}>{children}</ErrorTextsProvider>
        </main>
      </body>
    </html>
  );
}
