import { readFileSync } from 'node:fs';
import { createTranslator } from 'use-intl/core';
import { expect, test, vi } from 'vitest';
import { fieldLabel, nameInSentence, type ShownLabel } from '@/lib/i18n/field-labels';
import type { Locale } from '@/lib/i18n/locale-list';
import type { RegistrationField } from '@/lib/validation/registration-fields';

/**
 * Each registration field's own messages (D52): the field named, with the shipped messages of each
 * language.
 */
let locale: Locale = 'en-GB';
vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) =>
    createTranslator({ locale, messages: JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, Record<string, string>>, namespace }),
}));
const { fieldMessages } = await import('@/app/register/field-messages');

const field = (over: Partial<RegistrationField> & Pick<RegistrationField, 'key' | 'type'>): RegistrationField => ({
  custom: false,
  required: true,
  readOnly: false,
  options: [],
  labelLocale: 'en',
  ...over,
});
const FIELDS = [
  field({ key: 'email', type: 'EMAIL', label: 'Email' }),
  field({ key: 'given_name', type: 'TEXT', label: 'Given Name', maxLength: 150 }),
  field({ key: 'password', type: 'PASSWORD', label: 'Password' }),
  field({ key: 'password_echo', type: 'PASSWORD', label: 'Confirm Password', matchWith: 'password' }),
  field({ key: 'birthdate', type: 'DATE', label: 'Date of birth', required: false, minDate: '1900-01-01', maxDate: '2010-12-31' }),
  field({ key: 'business_type', type: 'SELECT', label: 'Type of business', options: [{ key: 'hotel', label: 'Hotel' }] }),
  field({ key: 'customer_number', type: 'TEXT', label: 'Customer number (KD-123456)', regex: '(?i)^KD-\\d{6}\\z' }),
  field({ key: 'terms', type: 'CONSENT', label: 'Terms of use' }),
];
const OWN: Record<string, Record<string, string>> = {
  'fr-FR': { given_name: 'Prénom', email: 'Adresse e‑mail', password: 'Mot de passe', birthdate: 'Date de naissance' },
  'ja-JP': { given_name: '名', email: 'メールアドレス', password: 'パスワード', birthdate: '生年月日' },
};
async function messagesIn(page: Locale, fields = FIELDS) {
  locale = page;
  const shown = new Map<string, ShownLabel>(fields.map((f) => [f.key, fieldLabel(f, page, OWN[page] ?? {})]));
  return fieldMessages(fields, shown, page);
}

test('English: each field named in the sentence, its rule stated; the repeat keeps the form’s own words', async () => {
  const m = await messagesIn('en-GB');
  expect(m.email.emailRequired).toBe('Enter your email.');
  expect(m.given_name.fieldRequired).toBe('Enter your given name.');
  expect(m.password.passwordRequired).toBe('Enter your password.');
  expect(m.password_echo).toEqual({});
  expect(m.business_type.choiceRequired).toBe('Choose your type of business.');
  expect(m.terms.consentRequired).toBe('Accept the terms of use to register.');
});

test('German and Japanese quote the name as the tenant or this product gives it', async () => {
  const de = await messagesIn('de-DE', [field({ key: 'given_name', type: 'TEXT', label: 'Vorname', labelLocale: 'de' }), FIELDS[4], FIELDS[6]]);
  expect(de.given_name.fieldRequired).toBe('Bitte füllen Sie „Vorname“ aus.');
  const ja = await messagesIn('ja-JP');
  expect(ja.given_name.fieldRequired).toBe('「名」を入力してください。');
  expect(ja.business_type.choiceRequired).toBe('「Type of business」を選択してください。');
});

test('French: this product’s names in lower case inside the sentence, the tenant’s English in quotes', async () => {
  const fr = await messagesIn('fr-FR');
  expect(fr.given_name.fieldRequired).toBe('Saisissez votre prénom.');
  expect(fr.email.emailRequired).toBe('Saisissez votre adresse e‑mail.');
  expect(fr.business_type.choiceRequired).toBe('Choisissez votre « Type of business ».');
});

test('a name in a sentence: a word whose only capital is its first is lower-cased, codes and brands are not', () => {
  expect(nameInSentence({ text: 'Given Name' }, 'en-GB')).toBe('given name');
  expect(nameInSentence({ text: 'E‑mail address' }, 'en-GB')).toBe('e‑mail address');
  expect(nameInSentence({ text: 'VAT ID (DE123)' }, 'en-GB')).toBe('VAT ID (DE123)');
  expect(nameInSentence({ text: 'iPhone model' }, 'en-GB')).toBe('iPhone model');
  expect(nameInSentence({ text: 'I am a business customer' }, 'en-GB')).toBe('I am a business customer');
  expect(nameInSentence({ text: 'Vorname' }, 'de-DE')).toBe('Vorname');
  expect(nameInSentence({ text: 'Preferred contact', lang: 'en' }, 'es-ES')).toBe('«Preferred contact»');
});
