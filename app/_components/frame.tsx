import { getLocale, getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { loadBrand } from '@/lib/brand/brand';
import { footerLinksFor, getConfig } from '@/lib/config';
import { isFormAnswer } from '@/lib/form-answer';
import { DEFAULT_LOCALE, isLocale, PATH_HEADER } from '@/lib/i18n/locales';
import { typeset, usesPhrases } from '@/lib/i18n/typeset';
import { getClientName } from '@/lib/provider/client-name';
import { localPath } from '@/lib/redirects';
import { readFlow } from '@/lib/session';
import { Heading } from './heading';
import { LanguageSelect } from './language-select';
import { SubmitOnChange } from './submit-on-change';

type Props = {
  title: string;
  description?: React.ReactNode;
  /**
   * The sign-in this screen belongs to, for the client application's name in the header ("Sign
   * in to continue to …"). Left out, it is the sign-in in the flow cookie; null for screens that
   * are not part of a sign-in (signed in, signed out, the provider not answering).
   */
  requestId?: string | null;
  /** The client application's display name when the page already has it (saves the lookup). */
  clientName?: string;
  /**
   * Where focus starts on a page load: the heading (screens to read), or a field of the screen's
   * form (screens to type into; the form names itself after the heading and description).
   */
  focus?: 'heading' | 'form';
  children?: React.ReactNode;
};

/**
 * The page frame of every screen (README: Brand): a card, centred on wide
 * screens over the brand's background, whose header holds the logos and the client application
 * the person is signing in to, whose body holds the title, description and content, and whose
 * footer holds the language selector and the legal links.
 */
export async function Frame({ title, description, requestId, clientName, focus = 'heading', children }: Props) {
  const localePromise = getLocale();
  // The client's name needs the sign-in (the page's, or the flow cookie's) and the language;
  // it is fetched beside everything else (cached per request and language, lib/provider/client-name.ts).
  const namePromise: Promise<string | undefined> =
    clientName !== undefined || requestId === null
      ? Promise.resolve(clientName)
      : Promise.all([localePromise, requestId ? requestId : readFlow().then((flow) => flow?.requestId)]).then(([locale, id]) => getClientName(id, locale));
  // formAnswer: a form posted without JavaScript and answered with this page again; its error
  // summary takes focus, so the heading must not claim it first (the first `autofocus` wins).
  const [rawLocale, t, requestHeaders, brand, name, formAnswer] = await Promise.all([
    localePromise,
    getTranslations('frame'),
    headers(),
    loadBrand(),
    namePromise,
    isFormAnswer(),
  ]);
  const locale = isLocale(rawLocale) ? rawLocale : DEFAULT_LOCALE;
  const links = footerLinksFor(getConfig(), locale);
  const returnPath = localPath(requestHeaders.get(PATH_HEADER));
  const nonce = requestHeaders.get('x-nonce') ?? undefined;
  const phrases = usesPhrases(locale) ? 'phrases' : undefined;
  return (
    <div className="page">
      {brand.css ? <style nonce={nonce}>{brand.css}</style> : null}
      <div className="card">
        <header className="card-header">
          <div className="brand">
            <Logo name="manufacturer" alt={t('manufacturerLogo')} dark={brand.darkLogo.manufacturer} width={176} height={44} />
            <Logo name="product" alt={t('productLogo')} dark={brand.darkLogo.product} width={112} height={28} />
          </div>
          {name ? <p className={['client-line', phrases].filter(Boolean).join(' ')}>{typeset(t('continueTo', { client: name }), locale)}</p> : null}
        </header>
        <main id="content" className="card-body">
          <Heading
            autoFocus={focus === 'heading' && !formAnswer}
            focusOnArrival={focus === 'heading'}
            describedBy={description ? 'page-description' : undefined}
            className={phrases}
          >
            {typeset(title, locale)}
          </Heading>
          {description ? (
            <p id="page-description" className={['description', phrases].filter(Boolean).join(' ')}>
              {typeof description === 'string' ? typeset(description, locale) : description}
            </p>
          ) : null}
          {children}
        </main>
        <footer className="card-footer">
          <form className="language" method="post" action="/language">
            <input type="hidden" name="return" value={returnPath} />
            <label htmlFor="language-select" className="visually-hidden">
              {t('language')}
            </label>
            {/* The globe and the chevron are drawn by the style sheet (no bytes in every page). */}
            <span className="language-control">
              <LanguageSelect id="language-select" locale={locale} />
            </span>
            {/* With JavaScript a choice applies at once (and the select says so); without it, this button sends it. */}
            <noscript>
              <button type="submit" className="secondary small">
                {t('changeLanguage')}
              </button>
            </noscript>
            <SubmitOnChange selectId="language-select" hint={t('languageHint')} />
          </form>
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
        </footer>
      </div>
    </div>
  );
}

/**
 * A logo from the brand route. Its dark version, when there is one, is swapped in by the browser
 * for the dark scheme; a logo without one sits on a light plate there (never inverted: that
 * would change the brand's colours).
 */
function Logo({ name, alt, dark, width, height }: { name: 'manufacturer' | 'product'; alt: string; dark: boolean; width: number; height: number }) {
  return (
    <picture className={`logo logo-${name}${dark ? '' : ' plate'}`}>
      {dark ? <source srcSet={`/brand/${name}-dark`} media="(prefers-color-scheme: dark)" /> : null}
      {/* Operator-replaceable files, served as they are (no image optimisation). */}
      <img src={`/brand/${name}`} alt={alt} width={width} height={height} />
    </picture>
  );
}
