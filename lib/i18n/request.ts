import { getRequestConfig } from 'next-intl/server';
import { headers } from 'next/headers';
import { DEFAULT_LOCALE, isLocale, LOCALE_HEADER, type Locale } from './locales';

// The server's time zone, read once: next-intl otherwise creates an Intl.DateTimeFormat on every
// request to find it, which the CPU profile showed as ~3 % of a page's server time (bench/profile.md).
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** next-intl's per-request configuration: the locale proxy.ts resolved, checked before import. */
export default getRequestConfig(async () => {
  const fromProxy = (await headers()).get(LOCALE_HEADER);
  const locale: Locale = isLocale(fromProxy) ? fromProxy : DEFAULT_LOCALE;
  const messages = (await import(`../../messages/${locale}.json`)).default;
  return { locale, messages, timeZone: TIME_ZONE };
});
