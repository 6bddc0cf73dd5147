import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { CheckboxField, emailError, EmailField, fieldErrorsOf, loginPasswordError, parseRequestId } from '@/lib/validation/fields';

describe('emailError', () => {
  test.each([
    ['', 'emailRequired'],
    ['   ', 'emailRequired'],
    ['plain', 'emailInvalid'],
    ['a@b', 'emailInvalid'],
    ['a@@b.com', 'emailInvalid'],
    [`${'a'.repeat(250)}@b.com`, 'emailInvalid'],
    ['anna.schmidt@example.com', undefined],
    ['  anna@example.co.uk  ', undefined],
    ["o'brien+tag@example.de", undefined],
  ])('%j → %s', (value, expected) => {
    expect(emailError(value)).toBe(expected);
  });
});

describe('server schemas use the same rules', () => {
  const Schema = z.object({ email: EmailField, rememberMe: CheckboxField });
  test('an invalid e-mail yields its key on the field', () => {
    const parsed = Schema.safeParse({ email: 'nope' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(fieldErrorsOf(parsed.error)).toEqual({ email: 'emailInvalid' });
  });
  test('a missing e-mail is required, not a type error', () => {
    const parsed = Schema.safeParse({});
    if (!parsed.success) expect(fieldErrorsOf(parsed.error)).toEqual({ email: 'emailRequired' });
    expect(parsed.success).toBe(false);
  });
  test('valid input is trimmed; checkbox on/absent becomes a boolean', () => {
    expect(Schema.parse({ email: ' a@b.de ', rememberMe: 'on' })).toEqual({ email: 'a@b.de', rememberMe: true });
    expect(Schema.parse({ email: 'a@b.de' }).rememberMe).toBe(false);
  });
  test('a file where text is expected is refused', () => {
    expect(Schema.safeParse({ email: new Blob(['x']) }).success).toBe(false);
  });
});

test('a password is only required to be non-empty at sign-in (any characters, any length)', () => {
  expect(loginPasswordError('')).toBe('passwordRequired');
  expect(loginPasswordError(' ')).toBeUndefined();
  expect(loginPasswordError('ä€😀'.repeat(40))).toBeUndefined();
});

test.each([
  ['0913f82d-e2db-4a9e-9f98-5cfc0ad82d6a', '0913f82d-e2db-4a9e-9f98-5cfc0ad82d6a'],
  ['short', null],
  ['has space inside', null],
  ['../../etc', null],
  [['array'], null],
  [undefined, null],
])('parseRequestId(%j) → %j', (value, expected) => {
  expect(parseRequestId(value)).toBe(expected);
});
