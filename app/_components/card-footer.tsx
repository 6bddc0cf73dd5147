'use client';

import type { Locale } from '@/lib/i18n/locale-list';
import { LanguageSelect } from './language-select';
import { SubmitOnChange } from './submit-on-change';

/**
 * The card's footer: the language selector and the legal links. A client component for its
 * bytes only (as card-header.tsx): each page sends the texts, not the markup twice. The form is
 * server-rendered in full and posts natively, so it works without JavaScript.
 */
type Props = {
  locale: Locale;
  /** Where the language form brings the person back to: this page's path and query. */
  returnPath: string;
  texts: { language: string; changeLanguage: string; languageHint: string; legalLinks: string };
  /** The operator's legal links, as [address, label]. */
  links: ReadonlyArray<readonly [string, string]>;
};

export function CardFooter({ locale, returnPath, texts, links }: Props) {
  return (
    <footer className="card-footer">
      <form className="language" method="post" action="/language">
        <input type="hidden" name="return" value={returnPath} />
        <label htmlFor="language-select" className="visually-hidden">
          {texts.language}
        </label>
        {/* The globe and the chevron are drawn by the style sheet (no bytes in every page). */}
        <span className="language-control">
          <LanguageSelect id="language-select" locale={locale} />
        </span>
        {/* With JavaScript a choice applies at once (and the select says so); without it, this button sends it. */}
        <noscript>
          <button type="submit" className="secondary small">
            {texts.changeLanguage}
          </button>
        </noscript>
        <SubmitOnChange selectId="language-select" hint={texts.languageHint} />
      </form>
      {links.length > 0 ? (
        <nav aria-label={texts.legalLinks} className="legal">
          <ul>
            {links.map(([href, label], index) => (
              <li key={index}>
                <a href={href}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </footer>
  );
}
