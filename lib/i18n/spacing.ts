/**
 * Word spaces where this product puts two texts side by side (a sentence and the next, a label and
 * "(optional)", a question and its link), and around figures, by the rules of the scripts
 * (docs/features.md "Languages"):
 *
 * - Full-width punctuation (Japanese and Chinese 。、？！：（） 「」 …) carries its own space: no
 *   word space is set before or after it ("届いています。必要事項…", "Mobile Number（任意）").
 * - A figure and a Japanese or Chinese word are set close ("5分後", "29秒后"); in the other
 *   languages a figure and its unit are joined by a no-break space ("5 minutes").
 * - Elsewhere, two texts are separated by a space (also between two Japanese words when one is a
 *   link: "初めてご利用の方 新規登録").
 */

/** Full-width and ideographic punctuation: CJK Symbols and Punctuation, the punctuation of the Halfwidth and Fullwidth Forms, the katakana middle dot. */
export const FULL_WIDTH_PUNCTUATION = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\u30fb]/u;
/** A Japanese or Chinese letter: an ideograph, hiragana or katakana (with its prolonged sound mark). */
export const CJK_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;

/** The space to set between `before` and `after`: none next to full-width punctuation, else one. */
export function wordSpace(before: string, after: string): '' | ' ' {
  return FULL_WIDTH_PUNCTUATION.test(before.trimEnd().slice(-1)) || FULL_WIDTH_PUNCTUATION.test(after.trimStart().charAt(0)) ? '' : ' ';
}

/** Texts side by side in one string, with the spaces of wordSpace between them. */
export function joinTexts(...parts: string[]): string {
  return parts.reduce((joined, part) => (joined === '' ? part : `${joined.trimEnd()}${wordSpace(joined, part)}${part.trimStart()}`), '');
}

const SPACE_AFTER_FIGURE = new RegExp(`(\\d)[ \\u00a0]+(?=${CJK_LETTER.source})`, 'gu');
const SPACE_BEFORE_FIGURE = new RegExp(`(${CJK_LETTER.source})[ \\u00a0]+(?=\\d)`, 'gu');

/** `text` with figures set close to the Japanese or Chinese words around them ("5 分" → "5分"). */
export function closeUpFigures(text: string): string {
  return text.replace(SPACE_AFTER_FIGURE, '$1').replace(SPACE_BEFORE_FIGURE, '$1');
}
