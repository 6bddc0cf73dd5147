import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { footerLinksFor, getConfig } from '@/lib/config';
import { FORM_POST_HEADER } from '@/lib/form-post';
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, PATH_HEADER } from '@/lib/i18n/locales';
import { localPath } from '@/lib/redirects';
import { Heading } from './heading';

type Props = {
  title: string;
  description?: React.ReactNode;
  /** The client application's display name, shown in the footer bar when known. */
  clientName?: string;
  /**
   * Where focus starts on a page load: the heading (screens to read), or a field of the screen's
   * form (screens to type into; the form names itself after the heading and description).
   */
  focus?: 'heading' | 'form';
  children?: React.ReactNode;
};

/**
 * The page frame of every screen (product-spec.md §1): logos, the language selector, the title
 * and description, the content, legal links and the client bar.
 */
export async function Frame({ title, description, clientName, focus = 'heading', children }: Props) {
  const [rawLocale, t, requestHeaders] = await Promise.all([getLocale(), getTranslations('frame'), headers()]);
  const locale = isLocale(rawLocale) ? rawLocale : DEFAULT_LOCALE;
  const links = footerLinksFor(getConfig(), locale);
  const returnPath = localPath(requestHeaders.get(PATH_HEADER));
  // A form posted without JavaScript and answered with this page again: its error summary takes
  // focus, so the heading must not claim it first (the first `autofocus` in the page wins).
  const formAnswer = requestHeaders.get(FORM_POST_HEADER) === '1';
  return (
    <div className="page">
      <header className="masthead">
        <div className="logos">
          {/* eslint-disable-next-line @next/next/no-img-element -- operator-replaceable files, served as they are */}
          <img src="/brand/manufacturer" alt={t('manufacturerLogo')} width={160} height={40} />
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src="/brand/product" alt={t('productLogo')} width={160} height={40} />
        </div>
        <form className="language" method="post" action="/language">
          <input type="hidden" name="return" value={returnPath} />
          <label htmlFor="language-select">{t('language')}</label>
          <select id="language-select" name="locale" defaultValue={locale} autoComplete="off">
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </select>
          <button type="submit" className="secondary small">
            {t('changeLanguage')}
          </button>
        </form>
      </header>
      <main id="content" className="card">
        <Heading autoFocus={focus === 'heading' && !formAnswer} focusOnArrival={focus === 'heading'} describedBy={description ? 'page-description' : undefined}>
          {title}
        </Heading>
        {description ? (
          <p id="page-description" className="description">
            {description}
          </p>
        ) : null}
        {children}
      </main>
      <footer className="site-footer">
        {links.length > 0 ? (
          <nav aria-label={t('legalLinks')} className="legal">
            <ul>
              {links.map((link) => (
                <li key={link.name}>
                  <a href={link.href}>{t(link.name)}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {clientName ? <p className="client-bar">{t('signingInTo', { client: clientName })}</p> : null}
      </footer>
    </div>
  );
}
