import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { cookieName, cookieOptions } from '../cookies';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locale-list';

export { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, type Locale } from './locale-list';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie that stores the person's explicit choice; it wins over everything else afterwards.
 * On https it carries the `__Host-` prefix like every other cookie here (docs/architecture.md
 * "What is kept where"): the browser then accepts it only Secure, host-only and for Path=/, so no other host
 * of the domain can plant a language. Written and read under the same name.
 */
export function localeCookie(secure: boolean) {
  return {
    name: cookieName('locale', secure),
    options: { ...cookieOptions(secure), maxAge: ONE_YEAR_SECONDS },
  } as const;
}
/** Request header through which proxy.ts hands the resolved locale to the render. */
export const LOCALE_HEADER = 'x-signin-locale';
/** Request header with the current path and query, so the language selector can come back here. */
export const PATH_HEADER = 'x-signin-path';

/** The query parameter Next adds to its own render-payload fetches: not part of the page's address. */
const NEXT_RSC_PARAM = '_rsc';

/** The page's path and query as PATH_HEADER carries them (proxy.ts sees the address as requested). */
export function pageAddress(url: URL): string {
  if (!url.searchParams.has(NEXT_RSC_PARAM)) return url.pathname + url.search;
  const query = new URLSearchParams(url.search);
  query.delete(NEXT_RSC_PARAM);
  return query.size > 0 ? `${url.pathname}?${query}` : url.pathname;
}

/** Bare language codes map to the regional variant the product ships. */
const BARE_CODES: Readonly<Record<string, Locale>> = {
  cs: 'cs-CZ',
  de: 'de-DE',
  en: 'en-GB',
  es: 'es-ES',
  fr: 'fr-FR',
  it: 'it-IT',
  ja: 'ja-JP',
  pl: 'pl-PL',
  pt: 'pt-BR',
  sv: 'sv-SE',
  tr: 'tr-TR',
  zh: 'zh-CN',
};

// Worked out once: building an Intl.Locale on every page showed in the CPU profile (bench/profile.md).
const DIRECTIONS = Object.fromEntries(
  LOCALES.map((locale) => {
    const info = new Intl.Locale(locale) as Intl.Locale & { getTextInfo?: () => { direction?: string } };
    return [locale, info.getTextInfo?.().direction === 'rtl' ? 'rtl' : 'ltr'];
  }),
) as Record<Locale, 'ltr' | 'rtl'>;

/** Text direction for `<html dir>`; every shipped language is left-to-right today. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return DIRECTIONS[locale];
}

function bareCode(code: string): Locale | undefined {
  const key = code.toLowerCase();
  return Object.hasOwn(BARE_CODES, key) ? BARE_CODES[key] : undefined;
}

/** A tag in canonical form, with a bare code mapped to its regional variant; other input unchanged. */
function normalise(tag: string): string | undefined {
  const trimmed = tag.trim();
  if (!trimmed || trimmed === '*') return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    return bareCode(canonical) ?? canonical;
  } catch {
    return undefined;
  }
}

/** The tag itself, then its derivative (the base language's shipped variant), e.g. de-AT → de-DE. */
function withDerivative(tag: string): string[] {
  const base = bareCode(tag.split('-')[0]);
  return base && base !== tag ? [tag, base] : [tag];
}

export type LocaleInputs = {
  cookie?: string;
  acceptLanguage?: string | null;
  uiLocales?: string | null;
  lang?: string | null;
};

/**
 * Picks the display language (docs/features.md "Languages"): a stored choice first; otherwise
 * the first supported of the browser's languages (each followed by its derivative), then
 * `ui_locales`, then the provider's `lang`; otherwise en-GB. Matching is the formatjs
 * implementation of ECMA-402 LookupMatcher, so only supported tags come out.
 */
export function resolveLocale(inputs: LocaleInputs): Locale {
  if (isLocale(inputs.cookie)) return inputs.cookie;
  // The answer for one set of inputs never changes, and browsers send few distinct ones: kept,
  // bounded in count and key length (the header is the client's to choose).
  const key = `${inputs.acceptLanguage ?? ''}\n${inputs.uiLocales ?? ''}\n${inputs.lang ?? ''}`;
  const known = negotiated.get(key);
  if (known) return known;
  const locale = negotiate(inputs);
  if (key.length <= MAX_NEGOTIATED_KEY) {
    if (negotiated.size >= MAX_NEGOTIATED) negotiated.delete(negotiated.keys().next().value as string);
    negotiated.set(key, locale);
  }
  return locale;
}

const negotiated = new Map<string, Locale>();
const MAX_NEGOTIATED = 512;
const MAX_NEGOTIATED_KEY = 256;

function negotiate(inputs: LocaleInputs): Locale {
  const browser = new Negotiator({ headers: { 'accept-language': inputs.acceptLanguage ?? '' } }).languages();
  const requested = [...browser, ...(inputs.uiLocales ?? '').split(/[\s,]+/), inputs.lang ?? '']
    .map(normalise)
    .filter((tag): tag is string => tag !== undefined)
    .flatMap(withDerivative);
  for (const tag of requested) {
    const matched = match([tag], LOCALES, '', { algorithm: 'lookup' });
    if (isLocale(matched)) return matched;
  }
  return DEFAULT_LOCALE;
}
