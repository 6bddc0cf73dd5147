import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { cookieName, cookieOptions } from '../cookies';

/** The 12 shipped languages (one messages/*.json each); en-GB is the default and fallback. */
export const LOCALES = ['cs-CZ', 'de-DE', 'en-GB', 'es-ES', 'fr-FR', 'it-IT', 'ja-JP', 'pl-PL', 'pt-BR', 'sv-SE', 'tr-TR', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-GB';

/** Each language's own name, as shown in the language selector (the same in every locale). */
export const LOCALE_NAMES: Record<Locale, string> = {
  'cs-CZ': 'Čeština',
  'de-DE': 'Deutsch',
  'en-GB': 'English',
  'es-ES': 'Español',
  'fr-FR': 'Français',
  'it-IT': 'Italiano',
  'ja-JP': '日本語',
  'pl-PL': 'Polski',
  'pt-BR': 'Português (Brasil)',
  'sv-SE': 'Svenska',
  'tr-TR': 'Türkçe',
  'zh-CN': '简体中文',
};

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie that stores the person's explicit choice; it wins over everything else afterwards.
 * On https it carries the `__Host-` prefix like every other cookie here (README: What is kept
 * where): the browser then accepts it only Secure, host-only and for Path=/, so no other host of
 * the domain can plant a language. Written and read under the same name.
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

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Text direction for `<html dir>`; every shipped language is left-to-right today. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  const info = new Intl.Locale(locale) as Intl.Locale & { getTextInfo?: () => { direction?: string } };
  return info.getTextInfo?.().direction === 'rtl' ? 'rtl' : 'ltr';
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
 * Picks the display language (README: Languages): a stored choice first; otherwise
 * the first supported of the browser's languages (each followed by its derivative), then
 * `ui_locales`, then the provider's `lang`; otherwise en-GB. Matching is the formatjs
 * implementation of ECMA-402 LookupMatcher, so only supported tags come out.
 */
export function resolveLocale(inputs: LocaleInputs): Locale {
  if (isLocale(inputs.cookie)) return inputs.cookie;
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
