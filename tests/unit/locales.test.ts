import { describe, expect, test } from 'vitest';
import { DEFAULT_LOCALE, isLocale, resolveLocale } from '@/lib/i18n/locales';

describe('resolveLocale', () => {
  test('defaults to en-GB when nothing is asked for', () => {
    expect(resolveLocale({})).toBe(DEFAULT_LOCALE);
  });
  test('a stored choice wins', () => {
    expect(resolveLocale({ cookie: 'en-GB', acceptLanguage: 'fr-FR' })).toBe('en-GB');
  });
  test('bare and regional English resolve to en-GB', () => {
    expect(resolveLocale({ acceptLanguage: 'en' })).toBe('en-GB');
    expect(resolveLocale({ acceptLanguage: 'en-US,en;q=0.9' })).toBe('en-GB');
    expect(resolveLocale({ uiLocales: 'en' })).toBe('en-GB');
  });
  test('garbage never breaks resolution', () => {
    expect(resolveLocale({ cookie: '../../etc/passwd', acceptLanguage: ';;;q=abc,**', uiLocales: '%%%', lang: '<script>' })).toBe('en-GB');
  });
  test('isLocale accepts only shipped locales', () => {
    expect(isLocale('en-GB')).toBe(true);
    expect(isLocale('en')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
