// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { keepNameTogether, keepPhoneNumbersTogether, phrasesOf, SHORT_NAME_LENGTH, typeset, usesPhrases } from '@/lib/i18n/typeset';

describe('phrases (Japanese and Chinese)', () => {
  test('only Japanese and Chinese are segmented', () => {
    expect(usesPhrases('ja-JP')).toBe(true);
    expect(usesPhrases('zh-CN')).toBe(true);
    for (const locale of ['en-GB', 'de-DE', 'tr-TR']) expect(usesPhrases(locale)).toBe(false);
    expect(phrasesOf('Sign in to continue to Sales Portal', 'en-GB')).toEqual(['Sign in to continue to Sales Portal']);
  });

  test('a Japanese line is cut into phrases, never inside a word, and its text is unchanged', () => {
    const text = 'Sales Portal を利用するにはログインしてください';
    const phrases = phrasesOf(text, 'ja-JP');
    expect(phrases.length).toBeGreaterThan(1);
    expect(phrases.join('')).toBe(text);
    // The words stay whole.
    expect(phrases.some((p) => p.includes('利用'))).toBe(true);
    expect(phrases.some((p) => p.includes('ログイン'))).toBe(true);
  });

  test('rendered with <wbr> between the phrases, and the same text', () => {
    const text = 'パスワードが設定されました';
    const { container } = render(<h1>{typeset(text, 'ja-JP')}</h1>);
    expect(container.textContent).toBe(text);
    expect(container.querySelectorAll('wbr').length).toBe(phrasesOf(text, 'ja-JP').length - 1);
    const english = render(<p>{typeset('Your password has been set', 'en-GB')}</p>);
    expect(english.container.querySelectorAll('wbr')).toHaveLength(0);
  });
});

describe('masked phone numbers', () => {
  test('are kept on one line: no-break spaces and non-breaking hyphens', () => {
    expect(keepPhoneNumbersTogether('We sent a code to +49 ••• ••• 12.')).toBe('We sent a code to +49\u00a0•••\u00a0•••\u00a012.');
    expect(keepPhoneNumbersTogether('Code an +49 170-•••-12 gesendet')).toBe('Code an +49\u00a0170\u2011•••\u201112 gesendet');
    // A long run of mask characters is still one group.
    expect(keepPhoneNumbersTogether('to +49 ********* 12.')).toBe('to +49\u00a0*********\u00a012.');
  });

  test('other numbers and text are left alone', () => {
    expect(keepPhoneNumbersTogether('The password must be 10 to 30 characters long.')).toBe('The password must be 10 to 30 characters long.');
    expect(keepPhoneNumbersTogether('Customer no. 10 20 30')).toBe('Customer no. 10 20 30');
  });
});

describe('names in buttons', () => {
  test('a short name is kept on one line; a long one breaks as text does (D75)', () => {
    expect(keepNameTogether('Acme Corp SSO')).toBe('Acme\u00a0Corp\u00a0SSO');
    expect(keepNameTogether('Google')).toBe('Google');
    const long = 'Kitchen Works Corporate Single Sign-On';
    expect(long.length).toBeGreaterThan(SHORT_NAME_LENGTH);
    expect(keepNameTogether(long)).toBe(long);
  });
});
