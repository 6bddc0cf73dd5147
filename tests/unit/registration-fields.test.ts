import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { convertRe2, fieldError, patternOf, type RegistrationField } from '@/lib/validation/registration-fields';
import { registrationSchema } from '@/lib/validation/registration-schema';

/**
 * The tenant's field list → rules (lib/validation/registration-fields.ts): the RE2 conversion, the
 * rule of each field type, and the server's schema built on the same rules.
 */

const field = (over: Partial<RegistrationField> & Pick<RegistrationField, 'key' | 'type'>): RegistrationField => ({
  custom: false,
  required: false,
  readOnly: false,
  options: [],
  ...over,
});
const compiled = (pattern: string) => {
  const converted = convertRe2(pattern);
  if ('serverOnly' in converted) throw new Error(`${pattern} left to the server: ${converted.reason}`);
  return new RegExp(converted.source, converted.flags);
};

describe('RE2 → JavaScript', () => {
  test('leading flags become RegExp flags; \\A and \\z the text’s ends; named groups JavaScript’s', () => {
    expect(compiled('(?i)^kd-\\d{6}\\z').test('KD-123456')).toBe(true);
    expect(compiled('(?i)^kd-\\d{6}\\z').test('KD-123456\n')).toBe(false);
    expect(compiled('\\A(?P<area>\\d{3})-\\d{4}\\z').exec('030-1234')?.groups?.area).toBe('030');
    expect(compiled('(?s)a.b').test('a\nb')).toBe(true);
    expect(compiled('(?m)^x\\z').test('y\nx')).toBe(true);
    expect(compiled('(?m)^x\\z').test('x\ny')).toBe(false);
  });

  test('POSIX classes, \\pL, \\p{Greek}, \\x{…} and \\Q…\\E', () => {
    expect(compiled('^[[:alpha:]]+$').test('Küche')).toBe(false);
    expect(compiled('^[[:alpha:][:digit:]]+$').test('abc123')).toBe(true);
    expect(compiled('^\\pL+$').test('Küche')).toBe(true);
    expect(compiled('^\\p{Greek}+$').test('αβγ')).toBe(true);
    expect(compiled('^\\x{41}$').test('A')).toBe(true);
    expect(compiled('^\\Q1+1=2?\\E$').test('1+1=2?')).toBe(true);
    expect(compiled('^[]a]+$').test(']a]')).toBe(true);
  });

  test('what JavaScript cannot run the same way is left to the provider', () => {
    for (const pattern of ['(?U)a+', 'a(?i)b', '\\C', '[[:^alpha:]]', '(unclosed', 'a{2,1}']) {
      expect(convertRe2(pattern), pattern).toMatchObject({ serverOnly: true });
      expect(patternOf({ regex: pattern }), pattern).toBeUndefined();
    }
  });

  // Patterns written from a small RE2 grammar that JavaScript reads alike.
  const atom = fc.oneof(
    fc.constantFrom('a', 'b', 'K', '-', '0', '\\d', '\\w', '\\s', '.', '[a-c]', '[^0-9]', '[[:digit:]]', '[[:upper:]]', '\\.', '\\pL'),
    fc.constantFrom('x', 'y').map((c) => `\\Q${c}+\\E`),
  );
  const piece = fc.tuple(atom, fc.constantFrom('', '*', '+', '?', '{1,3}')).map(([a, q]) => a + q);
  const body = fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
  // A part is plain, a group, or a named group (RE2 refuses two groups of one name: each is numbered).
  const part = fc.tuple(body, fc.constantFrom('plain', 'group', 'named'));
  const pattern = fc
    .tuple(fc.constantFrom('', '^', '\\A'), fc.array(part, { minLength: 1, maxLength: 3 }), fc.constantFrom('', '$', '\\z'))
    .map(
      ([start, middle, end]) => start + middle.map(([b, kind], i) => (kind === 'plain' ? b : kind === 'group' ? `(?:${b})` : `(?P<g${i}>${b})`)).join('') + end,
    );
  const text = fc.string({ unit: fc.constantFrom('a', 'b', 'K', 'k', '-', '0', '7', ' ', '.', 'x', '+', 'y', 'é', '\n'), maxLength: 12 });

  test('every pattern of the grammar compiles, and a leading (?i) matches what the pattern matches in either case', () => {
    fc.assert(
      fc.property(pattern, text, (p, s) => {
        const plain = compiled(p);
        const folded = compiled(`(?i)${p}`);
        expect(folded.flags).toContain('i');
        // Case folding only adds matches: whatever matched before still does.
        if (plain.test(s)) expect(folded.test(s)).toBe(true);
        // And it no longer sees case: the text in capitals matches exactly when the text does.
        expect(folded.test(s.toUpperCase())).toBe(folded.test(s));
      }),
    );
  });

  test('the conversion keeps what it does not need to touch, and a named group matches as the plain group does', () => {
    fc.assert(
      fc.property(body, text, (b, s) => {
        if (!/\\[QApxz]|\[\[:|\\pL/.test(b)) expect(convertRe2(b)).toMatchObject({ source: b });
        expect(compiled(`(?P<n>${b})`).test(s)).toBe(compiled(`(?:${b})`).test(s));
        expect(compiled(`\\A${b}\\z`).test(s)).toBe(compiled(`^(?:${b})$`).test(s));
      }),
    );
  });
});

describe('field rules', () => {
  test('each type says its own error', () => {
    const values = {};
    expect(fieldError(field({ key: 'given_name', type: 'TEXT', required: true }), ' ', values)).toBe('fieldRequired');
    expect(fieldError(field({ key: 'given_name', type: 'TEXT', maxLength: 3 }), 'Anna', values)).toBe('fieldTooLong');
    expect(fieldError(field({ key: 'given_name', type: 'TEXT', minLength: 2 }), 'A', values)).toBe('fieldTooShort');
    expect(fieldError(field({ key: 'n', type: 'TEXT', regex: '(?i)^kd-\\d{6}\\z' }), 'kd-12345', values)).toBe('fieldPattern');
    expect(fieldError(field({ key: 'n', type: 'TEXT', regex: '(?U)a+' }), 'anything', values)).toBeUndefined();
    expect(fieldError(field({ key: 'email', type: 'EMAIL', required: true }), '', values)).toBe('emailRequired');
    expect(fieldError(field({ key: 'email', type: 'EMAIL' }), 'anna@', values)).toBe('emailInvalid');
    // The browser only knows it is a number; the numbering plans are the server's (phone.test.ts).
    expect(fieldError(field({ key: 'm', type: 'MOBILE' }), '0151 2345678', values)).toBeUndefined();
    expect(fieldError(field({ key: 'm', type: 'MOBILE' }), '12', values)).toBe('mobileInvalid');
    expect(fieldError(field({ key: 'm', type: 'MOBILE' }), '+49 151 abc', values)).toBe('mobileInvalid');
    expect(fieldError(field({ key: 'm', type: 'MOBILE' }), '+49 (151) 234-5678', values)).toBeUndefined();
    expect(fieldError(field({ key: 'm', type: 'MOBILE' }), '0049 151 2345678', values)).toBeUndefined();
    const date = field({ key: 'birthdate', type: 'DATE', minDate: '1900-01-01', maxDate: '2010-12-31' });
    expect(fieldError(date, '2011-01-01', values)).toBe('dateTooLate');
    expect(fieldError(date, '1899-12-31', values)).toBe('dateTooEarly');
    expect(fieldError(date, '2001-02-29', values)).toBe('dateInvalid');
    expect(fieldError(date, '2000-02-29', values)).toBeUndefined();
    const select = field({ key: 's', type: 'SELECT', required: true, options: [{ key: 'hotel', label: 'Hotel' }] });
    expect(fieldError(select, '', values)).toBe('choiceRequired');
    expect(fieldError(select, 'castle', values)).toBe('choiceRequired');
    expect(fieldError(select, 'hotel', values)).toBeUndefined();
    expect(fieldError(field({ key: 'c', type: 'CONSENT', required: true }), '', values)).toBe('consentRequired');
    expect(fieldError(field({ key: 'c', type: 'CHECKBOX', required: true }), '', values)).toBe('boxRequired');
    expect(fieldError(field({ key: 'c', type: 'CHECKBOX' }), '', values)).toBeUndefined();
    expect(fieldError(field({ key: 'password', type: 'PASSWORD', required: true }), 'short', values)).toBe('newPasswordLength');
    const echo = field({ key: 'password_echo', type: 'PASSWORD', matchWith: 'password' });
    expect(fieldError(echo, 'Kitchen2026x', { password: 'Kitchen2026y' })).toBe('passwordsDontMatch');
    expect(fieldError(echo, '', { password: 'Kitchen2026y' })).toBe('repeatRequired');
    expect(fieldError(field({ key: 'n', type: 'NUMBER', minLength: 1, maxLength: 9 }), '10', values)).toBe('numberOutOfRange');
    expect(fieldError(field({ key: 'u', type: 'URL' }), 'javascript:alert(1)', values)).toBe('urlInvalid');
  });
});

describe('the server’s schema (lib/validation/registration-schema.ts)', () => {
  const FIELDS: RegistrationField[] = [
    field({ key: 'email', type: 'EMAIL', required: true }),
    field({ key: 'given_name', type: 'TEXT', required: true, maxLength: 20 }),
    field({ key: 'mobile_number', type: 'MOBILE' }),
    field({ key: 'password', type: 'PASSWORD', required: true }),
    field({ key: 'password_echo', type: 'PASSWORD', required: true, matchWith: 'password' }),
    field({ key: 'customer_number', type: 'TEXT', custom: true, regex: '^KD-\\d{6}\\z' }),
    field({ key: 'business_type', type: 'SELECT', custom: true, required: true, options: [{ key: 'hotel', label: 'Hotel' }] }),
    field({ key: 'terms', type: 'CONSENT', custom: true, required: true }),
    field({ key: 'newsletter', type: 'CHECKBOX', custom: true }),
    field({ key: 'locked', type: 'TEXT', readOnly: true, required: true }),
  ];

  test('a valid form becomes the register body: flat fields, custom fields apart, boxes as booleans, the mobile number with its country in international form', () => {
    const parsed = registrationSchema(FIELDS).parse({
      email: ' anna@example.com ',
      given_name: 'Anna',
      mobile_number: '0151 2345-6789',
      mobile_number__country: 'DE',
      password: 'Kitchen2026x ',
      password_echo: 'Kitchen2026x ',
      customer_number: 'KD-123456',
      business_type: 'hotel',
      terms: 'on',
    });
    expect(parsed).toEqual({
      fields: { email: 'anna@example.com', given_name: 'Anna', mobile_number: '+4915123456789' },
      customFields: { customer_number: 'KD-123456', business_type: 'hotel', terms: true, newsletter: false },
      password: 'Kitchen2026x ',
      passwordEcho: 'Kitchen2026x ',
      email: 'anna@example.com',
    });
  });

  // Arbitrary values for each field: the server's schema reports, per field, exactly the browser's rule.
  const formValues = fc.record(
    Object.fromEntries(
      FIELDS.map((f) => [
        f.key,
        fc.oneof(
          fc.constant(''),
          fc.constantFrom('anna@example.com', 'Anna', '+491512345678', 'Kitchen2026x', 'KD-123456', 'hotel', 'on', 'x'),
          fc.string({ maxLength: 25 }),
        ),
      ]),
    ),
  );

  test('property: the schema fails a field exactly when the field’s rule does, with the same key; a mobile number the rule lets through may still be refused by the numbering plans', () => {
    const schema = registrationSchema(FIELDS);
    fc.assert(
      fc.property(formValues, fc.constantFrom('DE', 'GB', 'US', '', 'XX'), (values: Record<string, string>, country) => {
        const posted = { ...values, mobile_number__country: country };
        const result = schema.safeParse(posted);
        const got: Record<string, unknown> = result.success
          ? {}
          : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
        for (const f of FIELDS.filter((f) => !f.readOnly)) {
          const browser = fieldError(f, values[f.key] ?? '', values);
          if (f.type !== 'MOBILE' || browser) expect(got[f.key]).toBe(browser);
          else expect([undefined, 'mobileInvalid', 'mobileNotMobile']).toContain(got[f.key]);
        }
      }),
    );
  });

  test('property: a required field left empty is always refused, an optional one never for being empty', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS.filter((f) => !f.readOnly)), (f) => {
        const error = fieldError(f, '', { password: 'Kitchen2026x' });
        if (f.required) expect(error).toBeDefined();
        else expect(error).toBeUndefined();
      }),
    );
  });
});
