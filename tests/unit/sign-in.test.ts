import { beforeEach, describe, expect, test, vi } from 'vitest';
import { refusalDetails } from '@/lib/provider/answer';
import { ProviderError } from '@/lib/provider/errors';

vi.mock('@/lib/provider/verification', () => ({ initiateAuthentication: vi.fn(), authenticate: vi.fn(), getConfiguredMethods: vi.fn() }));
vi.mock('@/lib/provider/users', () => ({ checkUserExists: vi.fn() }));

const { LOCK_SECONDS, lockedState, checkEmail, checkPassword } = await import('@/lib/flows/sign-in');
const { authenticate, getConfiguredMethods, initiateAuthentication } = await import('@/lib/provider/verification');
const { checkUserExists } = await import('@/lib/provider/users');
const { getConfig } = await import('@/lib/config');

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
    const assumed = await checkPassword({ ...args, email: 'bob@example.com' });
    expect(assumed.kind === 'locked' && Math.round((assumed.until - now) / 1000)).toBe(LOCK_SECONDS);
  });

  test('a lock the provider does not time ends 5 minutes after its first refusal, also for a later sign-in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.mocked(authenticate).mockRejectedValue(refusal('account-locked'));
      const first = await checkPassword({ ...args, email: 'carla@example.com' });
      vi.advanceTimersByTime(70_000);
      const later = await checkPassword({ ...args, requestId: 'req-other-1234', email: 'carla@example.com' });
      if (first.kind !== 'locked' || later.kind !== 'locked') throw new Error('expected both sign-ins to be told of the lock');
      expect(later.until).toBe(first.until);
      expect(lockedState(later.until)).toMatchObject({ retryAfter: LOCK_SECONDS - 70 });
    } finally {
      vi.mocked(authenticate).mockReset();
      vi.useRealTimers();
    }
  });

  test('a declined, deactivated or deleted account is no field error', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('account-unusable'));
    expect(await checkPassword(args)).toEqual({ kind: 'unusable' });
  });

  test('a first factor: INITIAL_AUTHENTICATION on a current tenant, its deprecated name on a legacy one', async () => {
    vi.mocked(authenticate).mockResolvedValue({ sub: 's', statusId: 'st' });
    await checkPassword(args);
    expect(initiateAuthentication).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'PASSWORD', usageType: 'INITIAL_AUTHENTICATION', mediumId: 'PASSWORD' }),
    );
    const config = getConfig();
    const current = config.providerApi;
    (config as { providerApi: string }).providerApi = 'legacy';
    try {
      await checkPassword(args);
      expect(initiateAuthentication).toHaveBeenLastCalledWith(expect.objectContaining({ usageType: 'PASSWORDLESS_AUTHENTICATION' }));
    } finally {
      (config as { providerApi: string }).providerApi = current;
    }
  });

  test('an address the tenant let through without an account ("user not found"): said on the e-mail, as on the e-mail step', async () => {
    vi.mocked(initiateAuthentication).mockRejectedValueOnce(refusal('user-not-found'));
    expect(await checkPassword(args)).toEqual({ kind: 'field-error', field: 'email', key: 'userNotFound' });
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

describe('the e-mail step asks the configured list where the recommendation says nothing', () => {
  const emailArgs = { requestId: 'req-12345678', email: 'new@no-action.example', locale: 'en-GB' };

  test('no action named and the list says "user not found": no account, never the password form', async () => {
    vi.mocked(checkUserExists).mockResolvedValueOnce({ action: 'unstated' });
    vi.mocked(getConfiguredMethods).mockRejectedValueOnce(refusal('user-not-found'));
    expect(await checkEmail(emailArgs)).toEqual({ kind: 'field-error', field: 'email', key: 'userNotFound' });
  });

  test('no action named and a password configured: the password step', async () => {
    vi.mocked(checkUserExists).mockResolvedValueOnce({ action: 'unstated' });
    vi.mocked(getConfiguredMethods).mockResolvedValueOnce([{ type: 'PASSWORD', mediumIds: ['PASSWORD'] }]);
    expect(await checkEmail(emailArgs)).toEqual({ kind: 'screen', path: '/login' });
  });

  test('register: the list is not asked; any other failure of the list is thrown', async () => {
    vi.mocked(getConfiguredMethods).mockClear();
    vi.mocked(checkUserExists).mockResolvedValueOnce({ action: 'register' });
    expect(await checkEmail(emailArgs)).toEqual({ kind: 'field-error', field: 'email', key: 'userNotFound' });
    expect(getConfiguredMethods).not.toHaveBeenCalled();
    const failure = new ProviderError({ kind: 'timeout', operation: 'configuredList' });
    vi.mocked(checkUserExists).mockResolvedValueOnce({ action: 'login' });
    vi.mocked(getConfiguredMethods).mockRejectedValueOnce(failure);
    await expect(checkEmail(emailArgs)).rejects.toBe(failure);
  });
});
