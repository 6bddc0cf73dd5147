import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { LOCALES } from '@/lib/i18n/locale-list';
import { countryOfLocale, countryOptions, judgePhone, phoneForm, phoneParts } from '@/lib/validation/phone';
import en from '@/messages/en-GB.json';

describe('a mobile number and its country (lib/validation/phone.ts)', () => {
  test('as dialled at home, with the country chosen beside it: sent in international form', () => {
    expect(judgePhone('0151 2345-6789', 'DE')).toEqual({ ok: true, e164: '+4915123456789', country: 'DE' });
    expect(judgePhone('07400 123456', 'GB')).toEqual({ ok: true, e164: '+447400123456', country: 'GB' });
    expect(judgePhone('(11) 91234-5678', 'BR')).toEqual({ ok: true, e164: '+5511912345678', country: 'BR' });
  });

  test('a number with + or 00 carries its own country, whatever is chosen', () => {
    expect(judgePhone('+44 7400 123456', 'DE')).toEqual({ ok: true, e164: '+447400123456', country: 'GB' });
    expect(judgePhone('0044 7400 123456', 'DE')).toEqual({ ok: true, e164: '+447400123456', country: 'GB' });
    expect(judgePhone('+44 7400 123456', '')).toMatchObject({ ok: true, e164: '+447400123456' });
  });

  test('a number that does not exist in the chosen country, or without one, is refused', () => {
    expect(judgePhone('0151 2345', 'DE')).toEqual({ ok: false, error: 'mobileInvalid' });
    // A German mobile number read as British is not a British number.
    expect(judgePhone('0151 23456789', 'GB')).toEqual({ ok: false, error: 'mobileInvalid' });
    expect(judgePhone('0151 23456789', '')).toEqual({ ok: false, error: 'mobileInvalid' });
    expect(judgePhone('0151 23456789', 'XX')).toEqual({ ok: false, error: 'mobileInvalid' });
  });

  test('a landline cannot take a text message: refused as such; a number of either kind is not', () => {
    expect(judgePhone('030 1234567', 'DE')).toEqual({ ok: false, error: 'mobileNotMobile' });
    expect(judgePhone('020 7946 0018', 'GB')).toEqual({ ok: false, error: 'mobileNotMobile' });
    // North American numbers do not tell mobile from fixed line.
    expect(judgePhone('(415) 555-2671', 'US')).toMatchObject({ ok: true, e164: '+14155552671' });
  });

  test('property: whatever is typed, the answer is a verdict, and an accepted number is E.164', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), fc.constantFrom('DE', 'GB', 'FR', 'JP', '', 'ZZ'), (typed, country) => {
        const verdict = judgePhone(typed, country);
        if (verdict.ok) expect(verdict.e164).toMatch(/^\+[1-9]\d{6,14}$/);
        else expect(['mobileInvalid', 'mobileNotMobile']).toContain(verdict.error);
      }),
    );
  });

  test('a known number is split into its country and the number as written there', () => {
    expect(phoneParts('+4915123456789')).toEqual({ country: 'DE', national: '01512 3456789' });
    expect(phoneParts('01512 3456789')).toBeUndefined();
    expect(phoneForm([{ key: 'mobile_number', type: 'MOBILE' }], 'de-DE', { mobile_number: '+447400123456', email: 'a@example.com' })?.known).toEqual({
      mobile_number: '07400 123456',
      mobile_number__country: 'GB',
      email: 'a@example.com',
    });
    expect(phoneForm([{ key: 'email', type: 'EMAIL' }], 'de-DE')).toBeUndefined();
  });

  test('every language of the product suggests its own country, and names every country in its language, sorted', () => {
    for (const locale of LOCALES) {
      const country = countryOfLocale(locale);
      expect(country, locale).toBe(locale.split('-')[1]);
      const options = countryOptions(locale);
      expect(options.length).toBeGreaterThan(200);
      expect(options.map((o) => o.name)).toEqual([...options.map((o) => o.name)].sort(new Intl.Collator(locale).compare));
    }
    expect(countryOptions('de-DE').find((o) => o.code === 'DE')).toEqual({ code: 'DE', name: 'Deutschland', dial: '+49' });
    expect(countryOptions('ja-JP').find((o) => o.code === 'GB')).toEqual({ code: 'GB', name: 'イギリス', dial: '+44' });
    expect(countryOfLocale('not a locale')).toBeUndefined();
  });

  test('each language’s hint gives an example that is a mobile number of its own country', async () => {
    const EXAMPLES: Record<string, string> = {
      'en-GB': '07400 123456',
      'de-DE': '0151 23456789',
      'cs-CZ': '601 234 567',
      'es-ES': '612 345 678',
      'fr-FR': '06 12 34 56 78',
      'it-IT': '312 345 6789',
      'ja-JP': '090-1234-5678',
      'pl-PL': '512 345 678',
      'pt-BR': '(11) 91234-5678',
      'sv-SE': '070-123 45 67',
      'tr-TR': '0532 123 45 67',
      'zh-CN': '138 0013 8000',
    };
    expect(Object.keys(EXAMPLES).sort()).toEqual([...LOCALES].sort());
    for (const [locale, example] of Object.entries(EXAMPLES)) {
      const messages = (await import(`@/messages/${locale}.json`)) as typeof en;
      expect(messages.register.mobileHint, locale).toContain(example);
      expect(judgePhone(example, countryOfLocale(locale)), `${locale} ${example}`).toMatchObject({ ok: true });
    }
  });
});
