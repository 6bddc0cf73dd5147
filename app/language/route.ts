import { cookies } from 'next/headers';
import { getConfig } from '@/lib/config';
import { isLocale, localeCookie } from '@/lib/i18n/locales';
import { localPath, seeOther } from '@/lib/redirects';

/**
 * The language selector posts here (a plain form, so it works without JavaScript). The choice is
 * stored and wins from then on; the browser goes back to the same screen with the same query.
 * (proxy.ts has already refused cross-origin posts.)
 */
export async function POST(request: Request) {
  const form = await request.formData();
  const locale = form.get('locale');
  if (isLocale(locale)) {
    const cookie = localeCookie(getConfig().secureCookies);
    (await cookies()).set(cookie.name, locale, cookie.options);
  }
  // 303, not redirect()'s 307: the browser must come back with a GET, not repeat the POST.
  return seeOther(localPath(form.get('return')));
}
