// Imported by client components too (the language selector): no server-only dependencies here.

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

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
