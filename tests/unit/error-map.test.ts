import { describe, expect, test } from 'vitest';
import { ACCOUNT_LOCKED_CODE, credentialsErrorFor, loginNoticeFor } from '@/lib/flows/error-map';

describe('credentialsErrorFor (product-spec.md §8)', () => {
  test.each([
    [3072, { field: 'password', key: 'passwordInvalid' }],
    ['3072', { field: 'password', key: 'passwordInvalid' }],
    [3074, { field: 'email', key: 'userDeclined' }],
    [ACCOUNT_LOCKED_CODE, { field: 'password', key: 'accountLocked' }],
  ])('%j → %j', (code, expected) => {
    expect(credentialsErrorFor(code)).toEqual(expected);
  });

  test.each([undefined, 3063, 'VER_0120', 500, 'invalid_request', '__proto__', 'constructor'])(
    '%j is not a user error (it goes to the error page)',
    (code) => {
      expect(credentialsErrorFor(code)).toBeUndefined();
    },
  );
});

describe('loginNoticeFor', () => {
  test('access_denied has its own message; other provider errors a generic one; none, nothing', () => {
    expect(loginNoticeFor('access_denied')).toBe('accessDenied');
    expect(loginNoticeFor('invalid_request')).toBe('signInFailed');
    expect(loginNoticeFor('')).toBeUndefined();
    expect(loginNoticeFor(undefined)).toBeUndefined();
    expect(loginNoticeFor(['access_denied'])).toBeUndefined();
  });
});
