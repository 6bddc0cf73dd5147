import { expect, test } from 'vitest';
import { firstToFill } from '@/app/register/first-to-fill';
import type { RegistrationField } from '@/lib/validation/registration-fields';

const base = { custom: false, readOnly: false, options: [] };
const FIELDS: RegistrationField[] = [
  { ...base, key: 'email', type: 'EMAIL', required: true },
  { ...base, key: 'given_name', type: 'TEXT', required: true },
  { ...base, key: 'family_name', type: 'TEXT', required: true },
  { ...base, key: 'mobile_number', type: 'MOBILE', required: false },
  { ...base, key: 'password', type: 'PASSWORD', required: true },
  { ...base, key: 'password_echo', type: 'PASSWORD', required: true, matchWith: 'password' },
];

test('an invitation with the names: the cursor starts at the password, past the locked address and the optional number (D57)', () => {
  expect(firstToFill(FIELDS, { lockedEmail: 'ida@example.com', prefill: { given_name: 'Ida', family_name: 'Neumann' } })).toBe('password');
});

test('without the names: the first of them; an address it could not lock is a field like any other', () => {
  expect(firstToFill(FIELDS, { lockedEmail: 'ida@example.com', prefill: {} })).toBe('given_name');
  expect(firstToFill(FIELDS, { lockedEmail: undefined, prefill: { given_name: 'Ida' } })).toBe('email');
});

test('everything required filled in: the first empty field; no invitation: the form’s own first field', () => {
  const required = FIELDS.filter((f) => f.required);
  expect(firstToFill(FIELDS, { lockedEmail: 'a@example.com', prefill: Object.fromEntries(required.map((f) => [f.key, 'x'])) })).toBe('mobile_number');
  expect(firstToFill(FIELDS, undefined)).toBeUndefined();
});
