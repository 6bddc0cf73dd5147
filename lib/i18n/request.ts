import { getRequestConfig } from 'next-intl/server';
import { headers } from 'next/headers';
import { DEFAULT_LOCALE, isLocale, LOCALE_HEADER, type Locale } from './locales';

/** next-intl's per-request configuration: the locale proxy.ts resolved, checked before import. */
export default getRequestConfig(async () => {
  const fromProxy = (await headers()).get(LOCALE_HEADER);
  const locale: Locale = isLocale(fromProxy) ? fromProxy : DEFAULT_LOCALE;
  const messages = (await import(`../../messages/${locale}.json`)).default;
  return { locale, messages };
});
