'use client';

import { LOCALE_NAMES, LOCALES, type Locale } from '@/lib/i18n/locale-list';

/**
 * The language selector's `<select>`. A client component only so that its twelve options, the
 * same on every page, come from the script bundle (cached) instead of being sent twice with every
 * page, once as HTML and once in the inline render payload (bench/results.md: HTML per screen).
 * The server still renders it in full, so it works without JavaScript.
 */
export function LanguageSelect({ id, locale }: { id: string; locale: Locale }) {
  return (
    <select id={id} name="locale" defaultValue={locale} autoComplete="off">
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
