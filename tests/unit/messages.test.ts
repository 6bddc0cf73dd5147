import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { LOCALES } from '@/lib/i18n/locales';

type Tree = { [key: string]: string | Tree };
const load = (locale: string): Tree => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Tree;
const flatten = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const source = new Map(flatten(load('en-GB')));

test('there is exactly one messages file per shipped locale', () => {
  const files = readdirSync('messages')
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace('.json', ''));
  expect(files.sort()).toEqual([...LOCALES].sort());
});

describe.each(LOCALES.filter((l) => l !== 'en-GB'))('%s', (locale) => {
  const messages = new Map(flatten(load(locale)));

  test('has every key of en-GB and no other', () => {
    expect(
      [...messages.keys()].filter((k) => !source.has(k)),
      'extra keys',
    ).toEqual([]);
    expect(
      [...source.keys()].filter((k) => !messages.has(k)),
      'missing keys',
    ).toEqual([]);
  });

  test('keeps every placeholder and leaves nothing empty', () => {
    for (const [key, english] of source) {
      const text = messages.get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english));
    }
  });

  test('is a translation, not a copy of the English', () => {
    // Words that are the same in some languages (Italian "Password") are allowed, copies are not.
    const copies = [...source].filter(([key, english]) => messages.get(key) === english && english.length > 8);
    expect(copies.map(([key]) => key)).toEqual([]);
  });

  // The original product showed the breached- and reused-password refusals in English on every
  // page; they are translated like every other message (the test above covers them).
  test('translates the breached- and reused-password refusals too', () => {
    for (const key of ['errors.passwordPwned', 'errors.passwordReused']) expect(messages.get(key), key).not.toBe(source.get(key));
  });
});

/**
 * Headings are not sentences: no full stop (nor an exclamation mark) at their end, in any
 * language. Heading texts are the `title` of each screen's namespace, its variants (`titleSet`),
 * and the `…Title` keys (other states of a screen, the error summary's heading); `meta.title` is
 * the product's name and `resetForm.rulesTitle` introduces the checklist, so neither is one.
 */
const NOT_HEADINGS = new Set(['meta.title', 'resetForm.rulesTitle']);
const isHeading = (key: string) => !NOT_HEADINGS.has(key) && /(?:^|\.)(?:title\w*|\w+Title)$/.test(key);

describe.each(LOCALES)('headings in %s', (locale) => {
  test('end without a full stop', () => {
    const headings = flatten(load(locale)).filter(([key]) => isHeading(key));
    expect(headings.length, 'heading keys found').toBeGreaterThan(20);
    expect(headings.filter(([, text]) => /[.。．!！]\s*$/.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});

/**
 * Typography every language keeps. A line never ends on the one-letter prefix of "e-mail"
 * ("E-Mail", "e-post", "e-posta") nor on "6-" of "6-digit": those hyphens are non-breaking
 * (U+2011), which screen readers read as hyphens. Apostrophes are typographic (’); a typewriter
 * quote is only ever listed as a character (resetForm.ruleChars), never between two letters.
 */
describe.each(LOCALES)('typography in %s', (locale) => {
  const texts = flatten(load(locale));

  test('no line break after the "e-" of e-mail or a number’s hyphen', () => {
    expect(texts.filter(([, text]) => /\b[eE]-(?:mail|Mail|post)|\d-\p{L}/u.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  test('apostrophes are typographic', () => {
    expect(texts.filter(([, text]) => /\p{L}'\p{L}/u.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});

/**
 * One register per language (issue 33, D07): Italian addresses the person as "Lei" in running
 * text; only buttons and links keep the usual imperative ("Riprova", "Scegli un altro metodo").
 */
test('Italian running text never says "tu"', () => {
  const buttons = new Set(['error.tryAgain', 'mfa.chooseAnother', 'mfaSetup.otherMethod', 'mfaSetup.openInAppButton']);
  const informal = /\b(tu|tuo|tua|tuoi|tue|ti|te|puoi|potrai|hai|sei|vuoi|devi|attendi|scegli|inserisci|controlla|apri|aprilo|riprova)\b/i;
  const offenders = flatten(load('it-IT')).filter(([key, text]) => !buttons.has(key) && informal.test(text));
  expect(offenders).toEqual([]);
});

/**
 * Polish and Czech typesetting (issue 43, D75): a one-letter preposition or conjunction never ends a
 * line ("powiązany z / Twoim kontem"); it is bound to the next word by a no-break space. Polish:
 * a, i, o, u, w, z; Czech (ČSN 01 6910): a, i, k, o, s, u, v, z.
 */
test.each([
  ['pl-PL', 'aiouwz'],
  ['cs-CZ', 'aikosuvz'],
])('%s binds one-letter words to the next word', (locale, letters) => {
  const loose = new RegExp(`(?<![\\p{L}\\p{N}\\-\\u2011])[${letters}${letters.toUpperCase()}] `, 'u');
  expect(flatten(load(locale)).filter(([, text]) => loose.test(text))).toEqual([]);
});

/**
 * One convention for the courtesy forms (issue 43, D69): lower case, as in most of the file ("il
 * suo accesso", "Le invieremo" only where a sentence starts). A capital inside a sentence is the
 * older convention: the pronoun and its possessives ("il Suo profilo", "Non è Lei?") or an
 * enclitic ("inviarLe").
 */
test('Italian writes the courtesy forms in lower case inside a sentence', () => {
  const courtesy = /^(?:Lei|La|Le|Gli|Suo|Sua|Suoi|Sue)$/;
  const offenders = flatten(load('it-IT')).flatMap(([key, text]) =>
    text
      // Sentences: a capital after . ! ? : or at the start is where a sentence begins.
      .split(/(?<=[.!?:…])\s+/)
      .flatMap((sentence) => {
        const words = sentence.split(/[\s\u00a0’'(«“]+/).filter(Boolean);
        const capitalised = words.slice(1).filter((word) => courtesy.test(word.replace(/[^\p{L}]+$/u, '')));
        const enclitic = words.filter((word) => /\p{Ll}(?:La|Le|Li|Lo|Gli)\b/u.test(word));
        return [...capitalised, ...enclitic].map((word) => `${key}: “${word}” in “${sentence}”`);
      }),
  );
  expect(offenders).toEqual([]);
});

/** One word for one thing in each language (issue 33, D27, D28, D41, D43). */
test.each([
  ['ja-JP', /サインイン/, 'ログイン, as Japanese sign-in pages say'],
  ['tr-TR', /parola/i, 'şifre, the word Turkish users know'],
  ['zh-CN', /帐户/, '账户, the Mainland form used everywhere else'],
  ['de-DE', / …/, 'an ellipsis set close to its word'],
])('%s never uses %s (%s)', (locale, word) => {
  expect(flatten(load(locale)).filter(([, text]) => word.test(text))).toEqual([]);
});

/**
 * The e-mail step shows "no account" with "register" as the link to the form (D55): the same
 * sentence as the plain refusal the other screens show, in every language.
 */
test.each(LOCALES)('%s: the linked "no account" message reads as the plain one', (locale) => {
  const messages = new Map(flatten(load(locale)));
  const linked = messages.get('login.userNotFoundRegister') ?? '';
  expect(linked).toMatch(/<register>[^<]+<\/register>/);
  expect(linked.replace(/<\/?register>/g, '')).toBe(messages.get('errors.userNotFound'));
});
