import 'server-only';
import { jaModel, Parser, zhHansModel } from 'budoux';
import { Fragment, type ReactNode } from 'react';

/**
 * Typesetting of the texts that carry a screen (its heading and description), done on the server
 * so no script reaches the browser for it (docs/features.md "Languages"):
 *
 * - Japanese and Chinese have no spaces between words, so browsers break their lines between any
 *   two characters, splitting words. BudouX (Google's phrase segmenter; the model Chromium's own
 *   `word-break: auto-phrase` uses for Japanese) finds the phrase boundaries; each gets a <wbr>,
 *   and the element is styled `word-break: keep-all` (class `phrases`), so lines break only there
 *   in every browser. Text nodes stay whole phrases, the text content is unchanged.
 * - A masked phone number ("+49 ••• ••• 12") is never broken across lines: its spaces become
 *   no-break spaces and its hyphens non-breaking hyphens; so is a short name in a button.
 */
const PARSERS: Partial<Record<string, Parser>> = {};
const parserFor = (locale: string): Parser | undefined => {
  const language = locale.split('-')[0];
  if (language !== 'ja' && language !== 'zh') return undefined;
  return (PARSERS[language] ??= new Parser(language === 'ja' ? jaModel : zhHansModel));
};

/** Languages whose headings and descriptions are segmented into phrases. */
export const usesPhrases = (locale: string) => parserFor(locale) !== undefined;

/** A masked phone number: digits and mask characters in groups, with at least one mask character or a leading +. */
const MASKED_PHONE = /(?:\+\d{1,3}|[\d•*●·xX]{2,})(?:[ -][\d•*●·xX]{1,12}){1,6}/g;

export function keepPhoneNumbersTogether(text: string): string {
  return text.replace(MASKED_PHONE, (match) => (/[•*●·xX+]/.test(match) ? match.replace(/ /g, '\u00a0').replace(/-/g, '\u2011') : match));
}

/**
 * A name the tenant gives (an identity provider's "Acme Corp SSO") short enough for one line of a
 * button: its spaces become no-break spaces, so a narrow button breaks before the name ("Se
 * connecter avec / Acme Corp SSO") instead of leaving its last word alone. A longer name breaks
 * as text does.
 */
export const SHORT_NAME_LENGTH = 24;
export function keepNameTogether(name: string): string {
  return name.length <= SHORT_NAME_LENGTH ? name.replace(/ /g, '\u00a0') : name;
}

/** The phrases of `text` in `locale` (one piece for languages that are not segmented). */
export function phrasesOf(text: string, locale: string): string[] {
  const parser = parserFor(locale);
  if (!parser || text.length === 0) return [text];
  return parser.parse(text);
}

/** `text` ready to render: phrases joined by <wbr> (Japanese, Chinese), phone numbers kept together. */
export function typeset(text: string, locale: string): ReactNode {
  const phrases = phrasesOf(keepPhoneNumbersTogether(text), locale);
  if (phrases.length === 1) return phrases[0];
  return phrases.map((phrase, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {phrase}
    </Fragment>
  ));
}
