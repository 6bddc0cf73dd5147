import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ERROR_PAGE_WITH_REF,
  flowNow,
  form,
  garbage,
  idle,
  limitsMock,
  OTHER_REQUEST,
  outage,
  redirectedTo,
  refusal,
  refused,
  replaced,
  REQUEST,
  resetRequest,
  verificationMock,
  withFlow,
} from './support';

vi.mock('@/lib/provider/users', () => ({ checkUserExists: vi.fn() }));
vi.mock('@/lib/provider/verification', () => verificationMock());

const { verifyPassword } = await import('@/app/login/actions');
const { authenticate, initiateAuthentication } = await import('@/lib/provider/verification');

let passwords = 0;
// A fresh password per post: identical posts within 10 s share one provider call (single-flight).
const post = (fields: Record<string, string> = {}) =>
  verifyPassword(idle, form({ requestId: REQUEST, password: `secret-${++passwords}`, rememberMe: 'on', ...fields }));

describe('the password step (app/login/actions.ts verifyPassword)', () => {
  beforeEach(async () => {
    resetRequest();
    await withFlow({ email: 'anna@example.com' });
    vi.mocked(initiateAuthentication).mockResolvedValue({
      kind: 'initiated',
      exchangeId: 'ex-1',
      expiresAt: undefined,
      sub: undefined,
      destination: undefined,
      statusId: undefined,
      pushNumber: undefined,
    });
    vi.mocked(authenticate).mockResolvedValue({ sub: 'sub-1', statusId: 'st-1' } as never);
  });

  test('a form of another sign-in (replaced in another tab) is refused before anything is asked', async () => {
    await withFlow({ requestId: OTHER_REQUEST, email: 'bob@example.com' });
    expect(await redirectedTo(post())).toBe(replaced);
    expect(initiateAuthentication).not.toHaveBeenCalled();
  });

  test('an empty password comes back to its field', async () => {
    expect(await post({ password: '' })).toEqual({ status: 'invalid', fieldErrors: { password: 'passwordRequired' } });
  });

  test("held back by a limit: a wait said about the form with its time (the account's, or the network's), never the lock (D49)", async () => {
    limitsMock.attempt.mockResolvedValueOnce(refused('password.account', 42) as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'accountAttemptsWait', retryAfter: 42 });
    // The network's budget taken for it is given back: it was no wrong password.
    expect(limitsMock.succeeded).toHaveBeenCalledTimes(1);
    limitsMock.attemptFailing.mockResolvedValueOnce(refused('password.address', 30));
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'networkAttemptsWait', retryAfter: 30 });
  });

  test('the network counts wrong passwords only: a right one gives back what it took, a wrong one keeps it (D49)', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('wrong-password'));
    await post();
    expect(limitsMock.attemptFailing).toHaveBeenCalledWith([['password.address', 'address']]);
    expect(limitsMock.succeeded).not.toHaveBeenCalled();
    await redirectedTo(post());
    expect(limitsMock.succeeded).toHaveBeenCalledTimes(1);
  });

  test("a wrong password is the field's error", async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('wrong-password'));
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { password: 'passwordInvalid' } });
  });

  test('locked: kept in the flow, and the form is not sent to the provider again until it ends', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('account-locked', { lockedForSeconds: 60 }));
    expect(await post()).toMatchObject({ status: 'invalid', fieldErrors: { password: 'accountLocked' } });
    expect((await flowNow())?.lockedUntil).toBeGreaterThan(Date.now());
    vi.mocked(initiateAuthentication).mockClear();
    expect(await post()).toMatchObject({ fieldErrors: { password: 'accountLocked' } });
    expect(initiateAuthentication).not.toHaveBeenCalled();
  });

  test('an unusable account goes to its own page', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('account-unusable'));
    expect(await redirectedTo(post())).toBe(`/account-unavailable?requestId=${REQUEST}`);
  });

  test('verified: the subject and the verification-login continuation in the flow, on to /continue', async () => {
    expect(await redirectedTo(post())).toBe(`/continue?requestId=${REQUEST}`);
    expect(await flowNow()).toMatchObject({
      sub: 'sub-1',
      rememberMe: true,
      continuation: { target: 'verification-login', sub: 'sub-1', statusId: 'st-1', verificationType: 'password', exchangeId: 'ex-1' },
    });
  });

  test('no answer: the form again with "not responding"; an unusable answer: the error page', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(outage());
    expect(await post()).toMatchObject({ status: 'invalid', formError: 'serviceUnavailable' });
    vi.mocked(authenticate).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(post())).toMatch(ERROR_PAGE_WITH_REF);
  });
});
