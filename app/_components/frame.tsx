import { getLocale, getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { loadBrand } from '@/lib/brand/brand';
import { footerLinksFor, getConfig } from '@/lib/config';
import { frameClientName } from '@/lib/flows/first-page';
import { isFormAnswer } from '@/lib/form-answer';
import { DEFAULT_LOCALE, isLocale, PATH_HEADER } from '@/lib/i18n/locales';
import { typeset, usesPhrases } from '@/lib/i18n/typeset';
import { localPath } from '@/lib/redirects';
import { nonceOf } from '@/lib/security/csp';
import { readFlow } from '@/lib/session';
import { CardFooter } from './card-footer';
import { CardHeader } from './card-header';
import { Heading } from './heading';

type Props = {
  title: string;
  description?: React.ReactNode;
  /**
   * The sign-in this screen belongs to, for the client application's name in the header ("Sign
   * in to …"). Left out, it is the sign-in in the flow cookie; null for screens that
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
 * The page frame of every screen (docs/features.md "Brand"): a card, centred on wide
 * screens over the brand's background, whose header holds the logos and the client application
 * the person is signing in to, whose body holds the title, description and content, and whose
 * footer holds the language selector and the legal links.
 */
export async function Frame({ title, description, requestId, clientName, focus = 'heading', children }: Props) {
  const localePromise = getLocale();
  // The client's name needs the sign-in (the page's, or the flow cookie's) and the language;
  // it is fetched beside everything else (cached per request and language, lib/provider/client-name.ts;
  // for an id that is not this browser's sign-in, within a per-client budget: lib/flows/first-page.ts).
  const namePromise: Promise<string | undefined> =
    clientName !== undefined || requestId === null
      ? Promise.resolve(clientName)
      : Promise.all([localePromise, requestId ? requestId : readFlow().then((flow) => flow?.requestId)]).then(([locale, id]) => frameClientName(id, locale));
  // formAnswer: a form posted without JavaScript and answered with this page again; its error
  // summary takes focus, so the heading must not claim it first (the first `autofocus` wins).
  const [rawLocale, t, requestHeaders, brand, name, formAnswer] = await Promise.all([
    localePromise,
    // The root layout's translator (one for the frame's namespaces, cached for the request).
    getTranslations(),
    headers(),
    loadBrand(),
    namePromise,
    isFormAnswer(),
  ]);
  const locale = isLocale(rawLocale) ? rawLocale : DEFAULT_LOCALE;
  const links = footerLinksFor(getConfig(), locale);
  const returnPath = localPath(requestHeaders.get(PATH_HEADER));
  const nonce = nonceOf(requestHeaders.get('content-security-policy'));
  const phrases = usesPhrases(locale) ? 'phrases' : undefined;
  return (
    <div className="page">
      {/* The document's title is the screen's heading, then the product (React puts it in the head). */}
      <title>{`${title} · ${t('meta.title')}`}</title>
      {brand.css ? <style nonce={nonce}>{brand.css}</style> : null}
      <div className="card">
        <CardHeader
          manufacturer={{ alt: t('frame.manufacturerLogo'), dark: brand.darkLogo.manufacturer }}
          // The operator's product logo, or else the product's name as text in the page's language.
          product={{ alt: t('frame.productLogo'), dark: brand.darkLogo.product, image: Boolean(brand.files.product) }}
          clientLine={name ? typeset(t('frame.continueTo', { client: name }), locale) : undefined}
          phrases={phrases !== undefined}
        />
        <main id="content" className="card-body">
          <Heading
            autoFocus={focus === 'heading' && !formAnswer}
            focusOnArrival={focus === 'heading'}
            describedBy={description ? 'page-description' : undefined}
            className={phrases}
            text={title}
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
        <CardFooter
          locale={locale}
          returnPath={returnPath}
          texts={{
            language: t('frame.language'),
            changeLanguage: t('frame.changeLanguage'),
            languageHint: t('frame.languageHint'),
            legalLinks: t('frame.legalLinks'),
          }}
          links={links.map((link) => [link.href, t(`frame.${link.name}`)] as const)}
        />
      </div>
    </div>
  );
}
