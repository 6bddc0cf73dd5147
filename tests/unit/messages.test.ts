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
/** product-spec.md §5/§8: the breached- and reused-password messages stay English in every language. */
const ENGLISH_BY_SPEC = new Set(['errors.passwordPwned', 'errors.passwordReused']);

test('there is exactly one messages file per shipped locale', () => {
  const files = readdirSync('messages').filter((f) => f.endsWith('.json')).map((f) => f.replace('.json', ''));
  expect(files.sort()).toEqual([...LOCALES].sort());
});

describe.each(LOCALES.filter((l) => l !== 'en-GB'))('%s', (locale) => {
  const messages = new Map(flatten(load(locale)));

  test('has every key of en-GB and no other', () => {
    expect([...messages.keys()].filter((k) => !source.has(k)), 'extra keys').toEqual([]);
    expect([...source.keys()].filter((k) => !messages.has(k)), 'missing keys').toEqual([]);
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
    const copies = [...source].filter(
      ([key, english]) => !ENGLISH_BY_SPEC.has(key) && messages.get(key) === english && english.length > 8,
    );
    expect(copies.map(([key]) => key)).toEqual([]);
  });

  test('keeps the texts the spec wants in English, in English', () => {
    for (const key of ENGLISH_BY_SPEC) expect(messages.get(key), key).toBe(source.get(key));
  });
});
