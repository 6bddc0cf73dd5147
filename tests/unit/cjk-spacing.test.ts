import { readFileSync } from 'node:fs';
import { createTranslator } from 'use-intl/core';
import { describe, expect, test } from 'vitest';
import { waitText } from '@/app/_components/countdown';
import { closeUpFigures, joinTexts, wordSpace } from '@/lib/i18n/spacing';

/**
 * Japanese and Chinese spacing as the pages show it (issue 43, D70): no word space before or after
 * full-width punctuation, none between a figure and a Japanese or Chinese word. Checked on every
 * message rendered with sample values, on the waits the lockout counts down, and on the places
 * where the pages set two messages side by side.
 */
type Tree = { [key: string]: string | Tree };
const load = (locale: string): Tree => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Tree;
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`)));

const PUNCTUATION = '[\\u3000-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65\\u30fb]';
const LETTER = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30fc]';
const WRONG_SPACES = [
  { rule: 'a space before full-width punctuation', pattern: new RegExp(`\\s${PUNCTUATION}`, 'u') },
  { rule: 'a space after full-width punctuation', pattern: new RegExp(`${PUNCTUATION}\\s`, 'u') },
  { rule: 'a space between a figure and a word', pattern: new RegExp(`\\d\\s+${LETTER}|${LETTER}\\s+\\d`, 'u') },
];
/**
 * What a text breaks of these rules. Data set into a message (an address, a masked phone number, a
 * name: Latin text, set apart by spaces as a Latin word is) is masked first; the figure rule is
 * about quantities and their units.
 */
const offences = (text: string, data: string[] = []) => {
  const masked = data.reduce((rest, value) => rest.split(value).join('X'), text);
  return WRONG_SPACES.filter(({ pattern }) => pattern.test(masked)).map(({ rule }) => `${rule}: “${text}”`);
};

/** Data as the pages fill it in: Latin names, addresses and numbers. */
const DATA = {
  client: 'Kitchen Equipment Sales Portal (demo)',
  name: 'Acme Corp SSO',
  email: 'anna.schmidt@example.com',
  destination: '+49 ••• ••• 12',
  organisation: 'Großküche Müller GmbH',
  group: 'Nord 01',
  ref: 'ABCDEF1234',
  chars: '<>',
  issuer: 'Kitchen Works',
  account: 'anna.schmidt@example.com',
  number: '123456',
  version: '3.1',
};
/** Values the language writes itself: counts and waits as figures, the lockout's wait in words, a date as Intl writes it. */
const quantities = (locale: string) => ({
  seconds: 29,
  minutes: 5,
  count: 2,
  min: 10,
  max: 30,
  time: waitText(300, locale),
  date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(Date.UTC(2026, 11, 1, 12))),
});

/** A translator for any key of the file (the app's typed one knows only its own message keys). */
type Translate = (key: string, values?: Record<string, string | number>) => string;

describe.each(['ja-JP', 'zh-CN'] as const)('%s', (locale) => {
  const messages = load(locale);
  const t = createTranslator({ locale, messages }) as unknown as Translate;
  const render = (key: string) => t(key, { ...DATA, ...quantities(locale) });
  const data = Object.values(DATA);

  test('every message, rendered, keeps the spacing of the script', () => {
    expect(keys(messages).flatMap((key) => offences(render(key), data).map((offence) => `${key}: ${offence}`))).toEqual([]);
  });

  test('the lockout’s wait sets its figure close to the unit', () => {
    for (const seconds of [1, 29, 59, 60, 300, 900]) expect(offences(t('credentials.lockedFor', { time: waitText(seconds, locale) }))).toEqual([]);
  });

  test('two messages side by side: no space after 。 or ？, one between two phrases', () => {
    const pairs = [
      ['invitation.invited', 'register.description'],
      ['invitation.invitedBy', 'register.description'],
      ['login.noAccount', 'login.register'],
      ['register.haveAccount', 'register.signIn'],
      ['groups.notYou', 'accountUnavailable.otherAccount'],
      ['resetSuccess.mfaHint', 'resetSuccess.editProfile'],
      ['errors.passkeyUnsupported', 'passkeySetup.otherWay'],
    ];
    for (const [first, second] of pairs) expect(offences(joinTexts(render(first), render(second)), data), `${first} + ${second}`).toEqual([]);
    // A field's label (the tenant's, maybe English) and "(optional)" in full-width parentheses.
    expect(joinTexts('Mobile Number', render('register.optional'))).toBe(`Mobile Number${render('register.optional')}`);
    expect(offences(joinTexts(render('register.field.mobile_number'), render('register.optional')))).toEqual([]);
  });
});

describe('the spacing rules', () => {
  test('full-width punctuation carries its own space; elsewhere texts are set apart by one', () => {
    expect(joinTexts('アカウント作成の招待が届いています。', '必要事項を入力してください。')).toBe(
      'アカウント作成の招待が届いています。必要事項を入力してください。',
    );
    expect(joinTexts('不是您本人？', '使用其他账户')).toBe('不是您本人？使用其他账户');
    expect(joinTexts('Mobile Number', '（任意）')).toBe('Mobile Number（任意）');
    expect(wordSpace('初めてご利用の方', '新規登録')).toBe(' ');
    expect(joinTexts('You have been invited.', 'Enter your details.')).toBe('You have been invited. Enter your details.');
    expect(joinTexts('Mobile number', '(optional)')).toBe('Mobile number (optional)');
  });

  test('figures are set close to Japanese and Chinese words only', () => {
    expect(closeUpFigures('5 分')).toBe('5分');
    expect(closeUpFigures('在 15 分钟后')).toBe('在15分钟后');
    expect(closeUpFigures('5\u00a0分後')).toBe('5分後');
    expect(closeUpFigures('5 minutes')).toBe('5 minutes');
    expect(closeUpFigures('Sales Portal を利用する')).toBe('Sales Portal を利用する');
  });
});
