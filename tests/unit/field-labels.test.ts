import { expect, test } from 'vitest';
import { fieldLabel, sameLanguage, untranslatedFields } from '@/lib/i18n/field-labels';

/** Which name a registration field is shown with (D47): the tenant's in the page's language, else this product's, else the tenant's as it is. */
const own = { given_name: '名', email: 'メールアドレス' };

test('the tenant’s name where it is in the page’s language, whatever the region or spelling of the tag', () => {
  expect(fieldLabel({ key: 'given_name', label: 'Vorname', labelLocale: 'de' }, 'de-DE', own)).toEqual({ text: 'Vorname' });
  expect(fieldLabel({ key: 'given_name', label: 'Given Name', labelLocale: 'en-us' }, 'en-GB', own)).toEqual({ text: 'Given Name' });
  expect(fieldLabel({ key: 'given_name', label: '名前', labelLocale: 'ja' }, 'ja-JP', own)).toEqual({ text: '名前' });
  // An answer that does not say its language is taken as being in the page's.
  expect(fieldLabel({ key: 'given_name', label: 'Vorname' }, 'ja-JP', own)).toEqual({ text: 'Vorname' });
});

test('the tenant’s fallback language: this product’s name for a field it knows, else the tenant’s marked with its language', () => {
  expect(fieldLabel({ key: 'given_name', label: 'Given Name', labelLocale: 'en' }, 'ja-JP', own)).toEqual({ text: '名' });
  expect(fieldLabel({ key: 'email', label: 'Email', labelLocale: 'en' }, 'ja-JP', own)).toEqual({ text: 'メールアドレス' });
  expect(fieldLabel({ key: 'business_type', label: 'Type of business', labelLocale: 'en' }, 'ja-JP', own)).toEqual({ text: 'Type of business', lang: 'en' });
  // No name from the tenant at all: this product's, else the key.
  expect(fieldLabel({ key: 'email' }, 'ja-JP', own)).toEqual({ text: 'メールアドレス' });
  expect(fieldLabel({ key: 'vat_id' }, 'ja-JP', own)).toEqual({ text: 'vat_id' });
});

test('one language is one language in one script', () => {
  expect(sameLanguage('en', 'en-GB')).toBe(true);
  expect(sameLanguage('zh', 'zh-CN')).toBe(true);
  expect(sameLanguage('zh-TW', 'zh-CN')).toBe(false);
  expect(sameLanguage('pt', 'pt-BR')).toBe(true);
  expect(sameLanguage('fr', 'en-GB')).toBe(false);
  expect(sameLanguage('not a tag', 'en-GB')).toBe(false);
});

test('the fields without a text in a language (tenant:check’s row)', () => {
  const fields = [
    { key: 'email', label: 'E-Mail', labelLocale: 'de' },
    { key: 'business_type', label: 'Type of business', labelLocale: 'en' },
    { key: 'no_label', labelLocale: 'en' },
  ];
  expect(untranslatedFields(fields, 'de-DE')).toEqual(['business_type']);
});
