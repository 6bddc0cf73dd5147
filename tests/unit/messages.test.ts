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
      ([key, english]) => messages.get(key) === english && english.length > 8,
    );
    expect(copies.map(([key]) => key)).toEqual([]);
  });

  // The original product showed the breached- and reused-password refusals in English on every
  // page; they are translated like every other message (the test above covers them).
  test('translates the breached- and reused-password refusals too', () => {
    for (const key of ['errors.passwordPwned', 'errors.passwordReused']) expect(messages.get(key), key).not.toBe(source.get(key));
  });
});
