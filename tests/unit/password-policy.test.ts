import { describe, expect, test } from 'vitest';
import { withPasswordPolicy, type RegistrationField } from '@/lib/validation/registration-fields';
import { registrationSchema } from '@/lib/validation/registration-schema';
import { checkNewPassword, newPasswordError, PRODUCT_POLICY, requirementsOf, type PasswordPolicy } from '@/lib/validation/rules';

/** A tenant's own password policy on the register page (docs/provider-contract.md §2.15). */
const TENANT: PasswordPolicy = { minLength: 12, maxLength: 64, lowerAndUpper: false, digits: 2, specials: 1 };

describe('rules under a policy', () => {
  test("this product's policy stays the default: the reset form's requirements, unchanged", () => {
    expect(requirementsOf()).toEqual(['length', 'lower', 'upper', 'digit']);
    expect(newPasswordError('Kitchen2026x')).toBeUndefined();
    expect(newPasswordError('kitchen2026x')).toBe('newPasswordPattern');
    expect(checkNewPassword('short', PRODUCT_POLICY).unmet).toEqual(['length', 'upper', 'digit']);
  });

  test("a tenant's policy: its lengths and counts, special characters, no case rule where it asks none", () => {
    expect(requirementsOf(TENANT)).toEqual(['length', 'digit', 'special']);
    expect(newPasswordError('Kitchen2026x', TENANT)).toBe('newPasswordPattern'); // 12 long, 4 digits, no special
    expect(newPasswordError('kitchen-2x!!', TENANT)).toBe('newPasswordPattern'); // two digits needed
    expect(newPasswordError('kitchen-2026', TENANT)).toBeUndefined(); // all lower case is fine here
    expect(newPasswordError('k-26', TENANT)).toBe('newPasswordLength');
    expect(checkNewPassword('kitchen!1', TENANT).unmet).toEqual(['length', 'digit']);
    // The characters this product refuses stay refused under any policy.
    expect(newPasswordError('kitchen-2026<', TENANT)).toBe('newPasswordChars');
  });
});

describe('the register schema follows the policy on the password, not on its repeat', () => {
  const base = { custom: false, readOnly: false, options: [] };
  const FIELDS: RegistrationField[] = [
    { ...base, key: 'email', type: 'EMAIL', required: true },
    { ...base, key: 'password', type: 'PASSWORD', required: true },
    { ...base, key: 'password_echo', type: 'PASSWORD', required: true, matchWith: 'password' },
  ];
  const post = (password: string) => ({ email: 'nina@example.com', password, password_echo: password });

  test("without a tenant policy: this product's", () => {
    expect(withPasswordPolicy(FIELDS, undefined)).toBe(FIELDS);
    expect(registrationSchema(FIELDS).safeParse(post('Kitchen2026x')).success).toBe(true);
  });

  test('with one: a password this product would take is refused, and one the tenant takes passes', () => {
    const fields = withPasswordPolicy(FIELDS, TENANT);
    expect(fields.find((f) => f.key === 'password')?.policy).toEqual(TENANT);
    expect(fields.find((f) => f.key === 'password_echo')?.policy).toBeUndefined();
    expect(registrationSchema(fields).safeParse(post('Kitchen2026x')).success).toBe(false);
    expect(registrationSchema(fields).safeParse(post('kitchen-2026')).success).toBe(true);
  });
});
