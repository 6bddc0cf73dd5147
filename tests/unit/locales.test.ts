import { describe, expect, test } from 'vitest';
import { DEFAULT_LOCALE, directionOf, isLocale, localeCookie, LOCALES, pageAddress, resolveLocale } from '@/lib/i18n/locales';

describe('resolveLocale', () => {
  test('the same inputs give the same answer again (kept), a long header is worked out every time', () => {
    const inputs = { acceptLanguage: 'sv-SE,sv;q=0.9,en;q=0.5' };
    expect(resolveLocale(inputs)).toBe('sv-SE');
    expect(resolveLocale(inputs)).toBe('sv-SE');
    expect(resolveLocale({ ...inputs, uiLocales: 'de' })).toBe('sv-SE');
    expect(resolveLocale({ acceptLanguage: 'xx', uiLocales: 'de' })).toBe('de-DE');
    const long = `${'x-private;q=0.1,'.repeat(40)}ja`;
    expect(resolveLocale({ acceptLanguage: long })).toBe('ja-JP');
    expect(resolveLocale({ acceptLanguage: long })).toBe('ja-JP');
  });

  test('defaults to en-GB when nothing is asked for', () => {
    expect(resolveLocale({})).toBe(DEFAULT_LOCALE);
  });

  test('a stored choice wins over everything', () => {
    expect(resolveLocale({ cookie: 'pl-PL', acceptLanguage: 'fr-FR', uiLocales: 'de', lang: 'ja' })).toBe('pl-PL');
  });

  test('a stored value that is not a shipped locale is ignored', () => {
    expect(resolveLocale({ cookie: '../../etc/passwd', acceptLanguage: 'sv-SE' })).toBe('sv-SE');
  });

  test.each([
    ['de', 'de-DE'],
    ['cs', 'cs-CZ'],
    ['en', 'en-GB'],
    ['es', 'es-ES'],
    ['fr', 'fr-FR'],
    ['it', 'it-IT'],
    ['ja', 'ja-JP'],
    ['pl', 'pl-PL'],
    ['pt', 'pt-BR'],
    ['sv', 'sv-SE'],
    ['tr', 'tr-TR'],
    ['zh', 'zh-CN'],
  ])('bare code %s maps to %s', (bare, expected) => {
    expect(resolveLocale({ acceptLanguage: bare })).toBe(expected);
  });

  test.each([
    ['de-AT', 'de-DE'],
    ['en-US,en;q=0.9', 'en-GB'],
    ['fr-CA', 'fr-FR'],
    ['pt-PT', 'pt-BR'],
    ['zh-Hans-CN', 'zh-CN'],
  ])('the browser language %s falls back to its derivative %s', (header, expected) => {
    expect(resolveLocale({ acceptLanguage: header })).toBe(expected);
  });

  test('the first supported browser language wins, in quality order', () => {
    expect(resolveLocale({ acceptLanguage: 'nl-NL, it;q=0.8, de;q=0.9' })).toBe('de-DE');
  });

  test('ui_locales is used when no browser language is supported, then lang', () => {
    expect(resolveLocale({ acceptLanguage: 'nl-NL', uiLocales: 'ko sv' })).toBe('sv-SE');
    expect(resolveLocale({ acceptLanguage: 'nl-NL', uiLocales: 'ko', lang: 'tr' })).toBe('tr-TR');
    expect(resolveLocale({ uiLocales: 'ja-JP' })).toBe('ja-JP');
  });

  test('unsupported everything falls back to en-GB', () => {
    expect(resolveLocale({ acceptLanguage: 'nl-NL,ko', uiLocales: 'ar', lang: 'ru' })).toBe('en-GB');
  });

  test('garbage never breaks resolution', () => {
    expect(resolveLocale({ acceptLanguage: ';;;q=abc,**', uiLocales: '%%%', lang: '<script>' })).toBe('en-GB');
  });

  test('isLocale accepts exactly the 12 shipped locales', () => {
    expect(LOCALES).toHaveLength(12);
    expect(isLocale('en-GB')).toBe(true);
    expect(isLocale('en')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  test('every shipped locale is written left to right', () => {
    for (const locale of LOCALES) expect(directionOf(locale)).toBe('ltr');
  });
});

describe('the language cookie (docs/architecture.md "What is kept where")', () => {
  test('https: __Host-signin_locale, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain, 1 year', () => {
    const { name, options } = localeCookie(true);
    expect(name).toBe('__Host-signin_locale');
    expect(options).toEqual({ httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: 365 * 24 * 60 * 60 });
  });

  test('http (loopback development): plain signin_locale without Secure', () => {
    const { name, options } = localeCookie(false);
    expect(name).toBe('signin_locale');
    expect(options).toMatchObject({ secure: false, path: '/' });
    expect(options).not.toHaveProperty('domain');
  });
});

describe('pageAddress', () => {
  const address = (url: string) => pageAddress(new URL(url, 'https://login.example.com'));
  test.each([
    ['/login?requestId=r1', '/login?requestId=r1'],
    ['/login?requestId=r1&_rsc=abc12', '/login?requestId=r1'],
    ['/login?_rsc=abc12', '/login'],
    ['/', '/'],
    ['/?a=1&b=two%20words', '/?a=1&b=two%20words'],
  ])('%s → %s', (url, expected) => {
    expect(address(url)).toBe(expected);
  });
});
