import { describe, expect, test } from 'vitest';
import { resolveEmailStep } from '@/lib/flows/next-screen';

const email = 'a@example.com';
const password = { type: 'PASSWORD', mediumIds: ['PASSWORD'] };
const emailOtp = { type: 'EMAIL', mediumIds: ['m1'] };
const fido2 = { type: 'FIDO2', mediumIds: ['cred-1'] };

describe('resolveEmailStep: the next screen after the e-mail step', () => {
  test.each([
    ['login with PASSWORD configured', { action: 'login' } as const, [password, emailOtp], { kind: 'screen', path: '/login' }],
    ['login without PASSWORD', { action: 'login' } as const, [emailOtp], { kind: 'screen', path: '/require-password-init' }],
    ['login with nothing configured', { action: 'login' } as const, [], { kind: 'screen', path: '/require-password-init' }],
    // docs/features.md "Passkeys": offered beside the password, never instead of it.
    ['login with PASSWORD and FIDO2', { action: 'login' } as const, [password, fido2], { kind: 'screen', path: '/login', passkey: true }],
    ['login with FIDO2 only', { action: 'login' } as const, [fido2], { kind: 'screen', path: '/require-password-init' }],
    ['register', { action: 'register' } as const, null, { kind: 'field-error', field: 'email', key: 'userNotFound' }],
    [
      'redirect',
      { action: 'redirect', redirectUri: 'https://idp.example/x' } as const,
      null,
      { kind: 'external', url: 'https://idp.example/x', loginHint: email },
    ],
    // An answer naming no action (docs/provider-contract.md §2.2): the configured list decides.
    ['unstated, with a password configured', { action: 'unstated' } as const, [password], { kind: 'screen', path: '/login' }],
    [
      'unstated, the list: user not found',
      { action: 'unstated' } as const,
      'unknown-user' as const,
      { kind: 'field-error', field: 'email', key: 'userNotFound' },
    ],
    ['unstated, nothing configured', { action: 'unstated' } as const, [], { kind: 'field-error', field: 'email', key: 'userNotFound' }],
    [
      'login, but the list: user not found',
      { action: 'login' } as const,
      'unknown-user' as const,
      { kind: 'field-error', field: 'email', key: 'userNotFound' },
    ],
  ])('%s', (_label, existence, methods, expected) => {
    expect(resolveEmailStep({ existence, methods, email })).toEqual(expected);
  });

  test.each([
    ['redirect without a target', { action: 'redirect', redirectUri: undefined } as const, null],
    ['an unknown action', { action: 'other', value: 'consent' } as const, null],
    ['login without the configured list', { action: 'login' } as const, null],
  ])('%s is a failure', (_label, existence, methods) => {
    expect(resolveEmailStep({ existence, methods, email }).kind).toBe('failure');
  });
});
