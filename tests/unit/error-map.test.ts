import { describe, expect, test } from 'vitest';
import { codeErrorFor, credentialsErrorFor, loginNoticeFor, newPasswordErrorFor } from '@/lib/flows/error-map';
import { ACCOUNT_LOCKED_CODE, classifyCodes, meaningAnywhere } from '@/lib/provider/error-codes';

/** A provider code, read by its service's table, then shown on a screen (docs/provider-contract.md §5). */
const credentials = (code: string | number) => credentialsErrorFor(classifyCodes('verification-srv', [code]).meaning);
const otp = (code: string | number) => codeErrorFor(classifyCodes('verification-srv', [code]).meaning);

describe('the password step', () => {
  test.each([
    [3072, { field: 'password', key: 'passwordInvalid' }],
    ['3072', { field: 'password', key: 'passwordInvalid' }],
    ['invalid_username_password', { field: 'password', key: 'passwordInvalid' }],
    [ACCOUNT_LOCKED_CODE, { field: 'password', key: 'accountLocked' }],
  ])('%j → %j', (code, expected) => {
    expect(credentials(code)).toEqual(expected);
  });

  // 3074 (declined, deactivated or deleted) is no field's to fix either: it ends on a screen of
  // its own (lib/flows/sign-in.ts, tests/unit/sign-in.test.ts).
  test.each([3074, 3063, 'VER_0120', 500, 'invalid_request', 'VER1003', '__proto__', 'constructor'])('%j is not a field error', (code) => {
    expect(credentials(code)).toBeUndefined();
  });
});

describe('one-time codes', () => {
  test.each([
    [3063, 'mfaCodeInvalid'],
    ['3063', 'mfaCodeInvalid'],
    ['invalid_code', 'mfaCodeInvalid'],
    [3010, 'mfaCodeExpired'],
    [3072, undefined],
    ['constructor', undefined],
  ])('%j → %s', (code, expected) => {
    expect(otp(code)).toBe(expected);
  });
});

describe('a new password, in both API generations', () => {
  test.each([
    ['password-srv', 'VER_0120', 'passwordPwned'],
    ['password-srv', 'VER_0119', 'passwordReused'],
    ['users-srv', 'VER_0120', 'passwordPwned'],
    ['users-srv', 'VER_0119', 'passwordReused'],
    ['users-srv', 10009, 'passwordsDontMatch'],
    ['users-srv', 10002, undefined],
    ['password-srv', 'VER_0006', undefined],
  ] as const)('%s %j → %s', (service, code, expected) => {
    expect(newPasswordErrorFor(classifyCodes(service, [code]).meaning)).toBe(expected);
  });

  test('an invalid or used link is "reference-invalid" in both generations', () => {
    expect(classifyCodes('users-srv', [10002]).meaning).toBe('reference-invalid');
    expect(classifyCodes('password-srv', ['VER_0006']).meaning).toBe('reference-invalid');
    expect(classifyCodes('password-srv', ['VER_0007']).meaning).toBe('reference-invalid');
  });
});

describe('classifyCodes', () => {
  test('the first candidate the table knows wins; without one, the first code is kept with no meaning', () => {
    expect(classifyCodes('users-srv', [undefined, 'Bad Request', 'VER_0120'])).toEqual({ code: 'VER_0120', meaning: 'password-pwned' });
    expect(classifyCodes('users-srv', ['NEW_CODE_9', 'whatever'])).toEqual({ code: 'NEW_CODE_9', meaning: undefined });
    expect(classifyCodes('users-srv', [undefined, ''])).toEqual({ code: undefined, meaning: undefined });
  });

  test('a code means something only in its own service', () => {
    expect(classifyCodes('users-srv', [3072]).meaning).toBeUndefined();
    expect(classifyCodes('public-srv', ['VER_0120']).meaning).toBeUndefined();
  });

  test('meaningAnywhere reads a code that arrives without its service', () => {
    expect(meaningAnywhere('VER_0006')).toBe('reference-invalid');
    expect(meaningAnywhere('nope')).toBeUndefined();
    expect(meaningAnywhere(undefined)).toBeUndefined();
  });
});

describe("loginNoticeFor (the login page after a refusal on the provider's side)", () => {
  test('access_denied and a wrong password have their own messages; other errors a generic one; none, nothing', () => {
    expect(loginNoticeFor('access_denied')).toBe('accessDenied');
    expect(loginNoticeFor('invalid_username_password')).toBe('wrongCredentials');
    expect(loginNoticeFor('invalid_request')).toBe('signInFailed');
    expect(loginNoticeFor('')).toBeUndefined();
    expect(loginNoticeFor(undefined)).toBeUndefined();
    expect(loginNoticeFor(['access_denied'])).toBeUndefined();
  });
});
