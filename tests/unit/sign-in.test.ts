import { beforeEach, describe, expect, test, vi } from 'vitest';
import { refusalDetails } from '@/lib/provider/answer';
import { ProviderError } from '@/lib/provider/errors';

vi.mock('@/lib/provider/verification', () => ({ initiateAuthentication: vi.fn(), authenticate: vi.fn(), getConfiguredMethods: vi.fn() }));
vi.mock('@/lib/provider/users', () => ({ checkUserExists: vi.fn() }));

const { LOCK_SECONDS, lockedState, checkPassword } = await import('@/lib/flows/sign-in');
const { authenticate, initiateAuthentication } = await import('@/lib/provider/verification');

const refusal = (meaning: ProviderError['meaning'], details = {}) =>
  new ProviderError({ kind: 'rejected', operation: 'authenticate', service: 'verification-srv', status: 400, code: 'x', meaning, details });
const args = { requestId: 'req-12345678', email: 'anna@example.com', password: 'secret', locale: 'en-GB' };

describe('the password step', () => {
  beforeEach(() => {
    vi.mocked(initiateAuthentication).mockResolvedValue({
      kind: 'initiated',
      exchangeId: 'ex-1',
      expiresAt: undefined,
      sub: undefined,
      destination: undefined,
      statusId: undefined,
      pushNumber: undefined,
    });
  });

  test('a wrong password, and the warning when the provider says one attempt is left', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('wrong-password', { remainingAttempts: 3 }));
    expect(await checkPassword(args)).toEqual({ kind: 'field-error', field: 'password', key: 'passwordInvalid' });
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('wrong-password', { remainingAttempts: 1 }));
    expect(await checkPassword(args)).toEqual({ kind: 'field-error', field: 'password', key: 'passwordInvalidLastAttempt' });
  });

  test('locked: until the time the provider names, or 5 minutes from now', async () => {
    const now = Date.now();
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('account-locked', { lockedForSeconds: 60 }));
    const named = await checkPassword(args);
    expect(named.kind === 'locked' && Math.round((named.until - now) / 1000)).toBe(60);
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('account-locked'));
    const assumed = await checkPassword(args);
    expect(assumed.kind === 'locked' && Math.round((assumed.until - now) / 1000)).toBe(LOCK_SECONDS);
  });

  test('a declined, deactivated or deleted account is no field error', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('account-unusable'));
    expect(await checkPassword(args)).toEqual({ kind: 'unusable' });
  });

  test('anything else is thrown to the error page', async () => {
    const failure = new ProviderError({ kind: 'timeout', operation: 'authenticate' });
    vi.mocked(authenticate).mockRejectedValueOnce(failure);
    await expect(checkPassword(args)).rejects.toBe(failure);
  });
});

test('the locked form: the seconds left, then the plain form once the lock has ended', () => {
  expect(lockedState(10_000 + 90_500, 10_000)).toEqual({ status: 'invalid', fieldErrors: { password: 'accountLocked' }, retryAfter: 91 });
  expect(lockedState(10_000, 10_000)).toEqual({ status: 'idle' });
  expect(lockedState(undefined)).toEqual({ status: 'idle' });
});

test('what a refusal says beyond its code, under the names a tenant may use (docs/provider-contract.md §7)', () => {
  expect(refusalDetails({ success: false, status: 400, error: { code: 3072, remaining_attempts: 1 } })).toEqual({ remainingAttempts: 1 });
  expect(refusalDetails({ error: { code: 3072, attemptsLeft: '2' }, retry_after: 120 })).toEqual({ remainingAttempts: 2, lockedForSeconds: 120 });
  expect(refusalDetails({ error: 'invalid_username_password' })).toEqual({});
  expect(refusalDetails({ error: { remaining_attempts: -1, retryAfter: 'soon' } })).toEqual({});
  expect(refusalDetails(null)).toEqual({});
});
