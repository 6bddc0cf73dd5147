import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ERROR_PAGE_WITH_REF,
  expired,
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

vi.mock('@/lib/provider/verification', () => verificationMock());

const { submitMfaCode } = await import('@/app/register-mfa/code/actions');
const { checkPush } = await import('@/app/register-mfa/push/actions');
const { authenticate, getPushStatus } = await import('@/lib/provider/verification');

const sms = { type: 'SMS', mediumId: 'm-sms', exchangeId: 'ex-1', sentAt: 1 };
let codes = 100000;
// A fresh code per post: identical posts share one provider call (single-flight).
const post = (code = String(++codes)) => submitMfaCode(idle, form({ requestId: REQUEST, code }));

beforeEach(() => resetRequest());

describe('the code (app/register-mfa/code/actions.ts submitMfaCode)', () => {
  beforeEach(() => withFlow({ sub: 'sub-1', groupId: 'g-1', mfa: { trackId: 'track-1', options: [sms], active: sms } }));

  test('too short: the field says so, nothing is sent', async () => {
    expect(await post('123')).toEqual({ status: 'invalid', fieldErrors: { code: 'mfaCodeLength' } });
    expect(authenticate).not.toHaveBeenCalled();
  });

  test('right: the precheck continuation of the track (with the chosen group) in the flow, on to /continue', async () => {
    vi.mocked(authenticate).mockResolvedValueOnce({ sub: 'sub-1', statusId: 'st-1' } as never);
    expect(await redirectedTo(post('123 456'))).toBe(`/continue?requestId=${REQUEST}`);
    expect(authenticate).toHaveBeenCalledWith(expect.objectContaining({ type: 'SMS', exchangeId: 'ex-1', secret: '123456' }));
    expect((await flowNow())?.continuation).toEqual({
      target: 'precheck-continue',
      trackId: 'track-1',
      sub: 'sub-1',
      statusId: 'st-1',
      verificationType: 'SMS',
      selectedGroupId: 'g-1',
    });
  });

  test('right after "Set up another method": the continuation kept, the wish now proven, on to the methods to add', async () => {
    await withFlow({ sub: 'sub-1', mfa: { trackId: 'track-1', options: [sms], active: sms }, addMethod: {} });
    vi.mocked(authenticate).mockResolvedValueOnce({ sub: 'sub-1', statusId: 'st-2' } as never);
    expect(await redirectedTo(post())).toBe(`/register-mfa/another?requestId=${REQUEST}`);
    const flow = await flowNow();
    expect(flow?.addMethod).toEqual({ proven: true });
    expect(flow?.continuation).toMatchObject({ target: 'precheck-continue', statusId: 'st-2', verificationType: 'SMS' });
  });

  test('wrong: the field says so', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('code-invalid'));
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { code: 'mfaCodeInvalid' } });
  });

  test('a wrong code counts against the account and factor, across exchanges, taken before the tenant is asked; a right, expired or unanswered one is given back', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('code-invalid'));
    await post();
    expect(limitsMock.reserve).toHaveBeenCalledWith('code.account', 'sub-1\u0000SMS');
    expect(limitsMock.reserve.mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(authenticate).mock.invocationCallOrder[0]);
    expect(limitsMock.giveBack).not.toHaveBeenCalled();
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('code-expired'));
    await post();
    vi.mocked(authenticate).mockRejectedValueOnce(outage());
    await post();
    vi.mocked(authenticate).mockResolvedValueOnce({ sub: 'sub-1', statusId: 'st-1' } as never);
    await redirectedTo(post());
    expect(limitsMock.giveBack).toHaveBeenCalledTimes(3);
    expect(limitsMock.giveBack).toHaveBeenCalledWith('code.account', 'sub-1\u0000SMS');
  });

  test('the account’s wrong codes used up between the look and the count (checks side by side): refused, nothing asked', async () => {
    limitsMock.reserve.mockResolvedValueOnce(refused('code.account', 600) as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { code: 'tooManyAccountCodes' }, retryAfter: 600 });
    expect(authenticate).not.toHaveBeenCalled();
  });

  test('too many wrong codes for the account (any exchange, any sign-in): the field says so and how long, nothing is asked', async () => {
    limitsMock.spent.mockResolvedValueOnce(refused('code.account', 600) as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { code: 'tooManyAccountCodes' }, retryAfter: 600 });
    expect(limitsMock.spent).toHaveBeenLastCalledWith('code.account', 'sub-1\u0000SMS');
    expect(authenticate).not.toHaveBeenCalled();
    expect(limitsMock.answerLimited).toHaveBeenCalled();
  });

  test('too many tries of this code, or from this address', async () => {
    limitsMock.attempt.mockResolvedValueOnce(refused('code.exchange') as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { code: 'tooManyCodeAttempts' } });
    limitsMock.attempt.mockResolvedValueOnce(refused('code.address') as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { code: 'tooManyAttempts' } });
  });

  test('a dead code (expired, or too many tries of it): the wait for a new one ends and the exchange says so; a wrong one leaves both', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('code-invalid'));
    await post();
    expect(limitsMock.endSendWait).not.toHaveBeenCalled();
    expect((await flowNow())?.mfa?.active?.dead).toBeUndefined();

    vi.mocked(authenticate).mockRejectedValueOnce(refusal('code-expired'));
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { code: 'mfaCodeExpired' } });
    expect(limitsMock.endSendWait).toHaveBeenCalledWith('mfa.SMS', 'sub-1');
    expect((await flowNow())?.mfa?.active).toMatchObject({ exchangeId: 'ex-1', dead: true });

    await withFlow({ sub: 'sub-1', mfa: { trackId: 'track-1', options: [sms], active: sms } });
    limitsMock.endSendWait.mockClear();
    limitsMock.attempt.mockResolvedValueOnce(refused('code.exchange') as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { code: 'tooManyCodeAttempts' } });
    expect(limitsMock.endSendWait).toHaveBeenCalledWith('mfa.SMS', 'sub-1');
    expect((await flowNow())?.mfa?.active?.dead).toBe(true);
  });

  test('no answer: the form with the code kept; garbage: the error page', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(outage());
    expect(await post('654321')).toMatchObject({ formError: 'serviceUnavailable', values: { code: '654321' } });
    vi.mocked(authenticate).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(post())).toMatch(ERROR_PAGE_WITH_REF);
  });

  test('a push under way has no code: a stale code page is sent to the push page', async () => {
    const push = { type: 'PUSH', mediumId: 'm-push', exchangeId: 'ex-2', sentAt: 1, push: { statusId: 'st-2', expiresAt: Date.now() + 60_000 } };
    await withFlow({ sub: 'sub-1', mfa: { trackId: 'track-1', options: [push], active: push } });
    expect(await redirectedTo(post())).toBe(`/register-mfa/push?requestId=${REQUEST}`);
  });

  test('no code under way: expired; another sign-in in the cookie: replaced', async () => {
    await withFlow({ sub: 'sub-1' });
    expect(await redirectedTo(post())).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, sub: 'sub-2', mfa: { trackId: 'track-2', options: [sms], active: sms } });
    expect(await redirectedTo(post())).toBe(replaced);
  });
});

describe('the push check (app/register-mfa/push/actions.ts checkPush)', () => {
  const pushOption = (outcome?: 'rejected' | 'expired') => ({
    type: 'PUSH',
    mediumId: 'm-push',
    exchangeId: 'ex-2',
    sentAt: 1,
    push: { statusId: 'st-2', expiresAt: Date.now() + 60_000, ...(outcome ? { outcome } : {}) },
  });
  const pushFlow = (outcome?: 'rejected' | 'expired') =>
    withFlow({ sub: 'sub-1', mfa: { trackId: 'track-1', options: [pushOption()], active: pushOption(outcome) } });
  const ask = (fields: Record<string, string> = {}) => checkPush({ status: 'idle' }, form({ requestId: REQUEST, ...fields }));
  const pushPage = `/register-mfa/push?requestId=${REQUEST}`;

  beforeEach(() => pushFlow());

  test("still pending: said so when a person asked, silently for the page's own polling", async () => {
    vi.mocked(getPushStatus).mockResolvedValue({ state: 'pending', statusId: undefined });
    expect(await ask()).toEqual({ status: 'pending', asked: true });
    expect(await ask({ poll: '1' })).toEqual({ status: 'pending', asked: false });
  });

  test('approved: the precheck continuation in the flow, on to /continue', async () => {
    vi.mocked(getPushStatus).mockResolvedValue({ state: 'approved', statusId: 'st-ok' });
    expect(await redirectedTo(ask())).toBe(`/continue?requestId=${REQUEST}`);
    expect((await flowNow())?.continuation).toMatchObject({ target: 'precheck-continue', trackId: 'track-1', statusId: 'st-ok', verificationType: 'PUSH' });
  });

  test('declined: kept in the flow and shown on the push page; asked again, nothing is sent', async () => {
    vi.mocked(getPushStatus).mockResolvedValue({ state: 'rejected', statusId: undefined });
    expect(await redirectedTo(ask())).toBe(pushPage);
    expect((await flowNow())?.mfa?.active?.push?.outcome).toBe('rejected');
    vi.mocked(getPushStatus).mockClear();
    expect(await redirectedTo(ask())).toBe(pushPage);
    expect(getPushStatus).not.toHaveBeenCalled();
  });

  test('held back by a limit: the form-wide "too many attempts" with the wait; a failure: the error page', async () => {
    limitsMock.attempt.mockResolvedValueOnce(refused('push.check', 20) as never);
    expect(await ask()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts', retryAfter: 20 });
    vi.mocked(getPushStatus).mockRejectedValueOnce(outage());
    expect(await redirectedTo(ask())).toMatch(ERROR_PAGE_WITH_REF);
  });

  test('no push under way: expired', async () => {
    await withFlow({ sub: 'sub-1', mfa: { trackId: 'track-1', options: [sms], active: sms } });
    expect(await redirectedTo(ask())).toBe(expired);
  });
});
