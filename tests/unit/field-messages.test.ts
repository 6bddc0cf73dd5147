import { readFileSync } from 'node:fs';
import { createTranslator } from 'use-intl/core';
import { expect, test, vi } from 'vitest';
import { fieldLabel, nameInSentence, type ShownLabel } from '@/lib/i18n/field-labels';
import type { Locale } from '@/lib/i18n/locale-list';
import type { RegistrationField } from '@/lib/validation/registration-fields';

/**
 * Each registration field's own messages (D52, D73): the field named, its rule stated, with the
 * shipped messages of each language.
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
  expect(m.given_name.fieldTooLong).toBe('Your given name must be 150\u00a0characters or fewer.');
  expect(m.password.passwordRequired).toBe('Enter your password.');
  expect(m.password_echo).toEqual({});
  expect(m.business_type.choiceRequired).toBe('Choose your type of business.');
  expect(m.birthdate.dateTooLate).toBe('Enter a date before 1 January 2011.');
  expect(m.birthdate.dateTooEarly).toBe('Enter a date after 31 December 1899.');
  expect(m.customer_number.fieldPattern).toBe('Enter the customer number like KD-123456.');
  expect(m.terms.consentRequired).toBe('Accept the terms of use to register.');
});

test('a pattern without an example its pattern takes: the field named, no example made up', async () => {
  const [noExample, notAnExample] = [
    field({ key: 'vat', type: 'TEXT', label: 'VAT number', regex: '^DE\\d{9}$' }),
    field({ key: 'phone_ext', type: 'TEXT', label: 'Extension (internal)', regex: '^\\d{2,4}$' }),
  ];
  const m = await messagesIn('en-GB', [noExample, notAnExample]);
  expect(m.vat.fieldPattern).toBe('Check the format of your VAT number.');
  expect(m.phone_ext.fieldPattern).toBe('Check the format of your extension (internal).');
});

test('a number’s range, where the tenant gives both ends', async () => {
  const m = await messagesIn('en-GB', [field({ key: 'staff', type: 'NUMBER', label: 'Kitchen staff', minLength: 1, maxLength: 500 })]);
  expect(m.staff.numberOutOfRange).toBe('Enter a number from 1 to 500.');
  expect(m.staff.fieldTooLong).toBeUndefined();
});

test('German and Japanese quote the name as the tenant or this product gives it; dates in the page’s language', async () => {
  const de = await messagesIn('de-DE', [field({ key: 'given_name', type: 'TEXT', label: 'Vorname', labelLocale: 'de' }), FIELDS[4], FIELDS[6]]);
  expect(de.given_name.fieldRequired).toBe('Bitte füllen Sie „Vorname“ aus.');
  expect(de.birthdate.dateTooLate).toBe('Bitte geben Sie ein Datum vor dem 1. Januar 2011 ein.');
  const ja = await messagesIn('ja-JP');
  expect(ja.given_name.fieldRequired).toBe('「名」を入力してください。');
  expect(ja.business_type.choiceRequired).toBe('「Type of business」を選択してください。');
  expect(ja.birthdate.dateTooLate).toBe('2011年1月1日より前の日付を入力してください。');
  expect(ja.given_name.fieldTooLong).toBe('「名」は150文字以内で入力してください。');
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
