import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';

/** The languages with a complete messages file (product-spec.md §9 lists the target set). */
export const LOCALES = ['en-GB'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-GB';

/** Cookie that stores the person's explicit choice; it wins over everything else afterwards. */
export const LOCALE_COOKIE = 'signin_locale';
/** Request header through which proxy.ts hands the resolved locale to the render. */
export const LOCALE_HEADER = 'x-signin-locale';

/** Bare language codes map to the regional variant the product ships (product-spec.md §9). */
const BARE_CODES: Record<string, string> = {
  cs: 'cs-CZ', de: 'de-DE', en: 'en-GB', es: 'es-ES', fr: 'fr-FR', it: 'it-IT',
  ja: 'ja-JP', pl: 'pl-PL', pt: 'pt-BR', sv: 'sv-SE', tr: 'tr-TR', zh: 'zh-CN',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function normalise(tag: string): string | undefined {
  const trimmed = tag.trim();
  if (!trimmed) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    return BARE_CODES[canonical.toLowerCase()] ?? canonical;
  } catch {
    return undefined;
  }
}

export type LocaleInputs = {
  cookie?: string;
  acceptLanguage?: string | null;
  uiLocales?: string | null;
  lang?: string | null;
};

/**
 * Picks the display language: a stored choice first; otherwise the first supported among the
 * browser's languages (or their base language), `ui_locales`, and the provider's `lang`;
 * otherwise en-GB (product-spec.md §4 "Language").
 */
export function resolveLocale(inputs: LocaleInputs): Locale {
  if (isLocale(inputs.cookie)) return inputs.cookie;
  const browser = new Negotiator({
    headers: { 'accept-language': inputs.acceptLanguage ?? '' },
  }).languages();
  const requested = [
    ...browser,
    ...(inputs.uiLocales ?? '').split(/[\s,]+/),
    inputs.lang ?? '',
  ]
    .map(normalise)
    .filter((tag): tag is string => tag !== undefined && tag !== '*');
  if (requested.length === 0) return DEFAULT_LOCALE;
  const matched = match(requested, LOCALES, DEFAULT_LOCALE, { algorithm: 'best fit' });
  return isLocale(matched) ? matched : DEFAULT_LOCALE;
}
