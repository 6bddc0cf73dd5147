import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ERROR_PAGE_WITH_REF,
  expired,
  flowNow,
  form,
  garbage,
  idle,
  limitsMock,
  outage,
  redirectedTo,
  refusal,
  refused,
  REQUEST,
  resetRequest,
  withFlow,
} from './support';

vi.mock('@/lib/provider/account-verification', () => ({ initiateAccountVerification: vi.fn(), verifyAccount: vi.fn() }));

const { resendVerification, startVerification } = await import('@/app/verify-email/actions');
const { submitVerificationCode } = await import('@/app/verify-email/code/actions');
const { initiateAccountVerification, verifyAccount } = await import('@/lib/provider/account-verification');

const verifyPage = `/verify-email?requestId=${REQUEST}`;

beforeEach(() => {
  resetRequest();
  vi.mocked(initiateAccountVerification).mockResolvedValue({ accvid: 'acc-1' });
});

describe('send the confirmation link (app/verify-email/actions.ts startVerification)', () => {
  const post = () => startVerification(idle, form({ requestId: REQUEST }));

  test('for the address typed on the e-mail step, else for the subject; on to the waiting page', async () => {
    await withFlow({ sub: 'sub-1', email: 'anna@example.com' });
    expect(await redirectedTo(post())).toBe(verifyPage);
    expect(initiateAccountVerification).toHaveBeenCalledWith({ requestId: REQUEST, whom: { email: 'anna@example.com' }, locale: 'en-GB' });
    expect((await flowNow())?.verify).toMatchObject({ whom: { email: 'anna@example.com' }, accvid: 'acc-1' });
    await withFlow({ sub: 'sub-1' });
    await redirectedTo(post());
    expect(initiateAccountVerification).toHaveBeenLastCalledWith({ requestId: REQUEST, whom: { sub: 'sub-1' }, locale: 'en-GB' });
  });

  test('too early: the link already sent (here or in another sign-in) is the one; none sent', async () => {
    await withFlow({ sub: 'sub-1' });
    limitsMock.attemptSend.mockResolvedValueOnce(refused('wait.verify', 25) as never);
    expect(await redirectedTo(post())).toBe(verifyPage);
    expect((await flowNow())?.verify).toMatchObject({ whom: { sub: 'sub-1' } });
    await withFlow({ sub: 'sub-1' });
    limitsMock.attemptSend.mockResolvedValueOnce(refused('send.address', 120) as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'sendQuotaNetwork', retryAfter: 120 });
    await withFlow({ sub: 'sub-1', verify: { sentAt: 1, whom: { sub: 'sub-1' } } });
    limitsMock.attemptSend.mockResolvedValueOnce(refused() as never);
    expect(await redirectedTo(post())).toBe(verifyPage);
  });

  test('no answer: the form with "not responding"; garbage: the error page; no account: expired', async () => {
    await withFlow({ sub: 'sub-1' });
    vi.mocked(initiateAccountVerification).mockRejectedValueOnce(outage());
    expect(await post()).toMatchObject({ formError: 'serviceUnavailable' });
    vi.mocked(initiateAccountVerification).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(post())).toMatch(ERROR_PAGE_WITH_REF);
    await withFlow({});
    expect(await redirectedTo(post())).toBe(expired);
  });
});

describe('send it again (app/verify-email/actions.ts resendVerification)', () => {
  const post = () => resendVerification({ status: 'idle' }, form({ requestId: REQUEST }));

  test('sent again: back to the waiting page saying so, the new verification id kept', async () => {
    await withFlow({ sub: 'sub-1', verify: { sentAt: 1, whom: { sub: 'sub-1' }, accvid: 'acc-0' } });
    vi.mocked(initiateAccountVerification).mockResolvedValueOnce({ accvid: 'acc-2' });
    expect(await redirectedTo(post())).toBe(`${verifyPage}&resent=1`);
    expect((await flowNow())?.verify).toMatchObject({ accvid: 'acc-2' });
  });

  test('too early: the wait; a link the tenant sent itself is not ours to resend (expired)', async () => {
    await withFlow({ sub: 'sub-1', verify: { sentAt: 1, whom: { sub: 'sub-1' } } });
    limitsMock.attemptSend.mockResolvedValueOnce(refused('wait.verify', 9) as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'tooManySends', retryAfter: 9 });
    await withFlow({ verify: { sentAt: 1 } });
    expect(await redirectedTo(post())).toBe(expired);
  });
});

describe('the confirmation code (app/verify-email/code/actions.ts submitVerificationCode)', () => {
  beforeEach(() => withFlow({ verify: { sentAt: 1, accvid: 'acc-1', byCode: true } }));
  let codes = 200000;
  const post = (code = String(++codes)) => submitVerificationCode(idle, form({ requestId: REQUEST, code }));

  test('empty: the field says so', async () => {
    expect(await post('')).toEqual({ status: 'invalid', fieldErrors: { code: 'mfaCodeRequired' } });
  });

  test('confirmed: on to the completion page, with the sign-in track in the flow and not in the address', async () => {
    vi.mocked(verifyAccount).mockResolvedValueOnce({ suggestedAction: 'login', trackId: 'track-9' } as never);
    expect(await redirectedTo(post())).toBe(`/verify-email-complete?requestId=${REQUEST}`);
    const flow = await flowNow();
    expect(flow?.verify).toBeUndefined();
    expect(flow?.signInTrack).toBe('track-9');
    await withFlow({ verify: { sentAt: 1, accvid: 'acc-1', byCode: true } });
    vi.mocked(verifyAccount).mockResolvedValueOnce({ suggestedAction: undefined, trackId: 'track-9' } as never);
    expect(await redirectedTo(post())).toBe(`/verify-email-complete?requestId=${REQUEST}`);
    expect((await flowNow())?.signInTrack).toBeUndefined();
  });

  test('wrong: the field says so; expired or used: the field says that, and what to do (never the error page)', async () => {
    vi.mocked(verifyAccount).mockRejectedValueOnce(refusal('code-invalid'));
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { code: 'mfaCodeInvalid' } });
    vi.mocked(verifyAccount).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { code: 'verifyCodeExpired' } });
    expect((await flowNow())?.verify?.accvid).toBe('acc-1');
  });

  test('held back by a limit; no answer: the form with the code kept', async () => {
    limitsMock.attempt.mockResolvedValueOnce(refused('code.exchange') as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: { code: 'tooManyCodeAttempts' } });
    vi.mocked(verifyAccount).mockRejectedValueOnce(outage());
    expect(await post('111222')).toMatchObject({ formError: 'serviceUnavailable', values: { code: '111222' } });
  });

  test('a confirmation by link has no code to check: expired', async () => {
    await withFlow({ verify: { sentAt: 1, accvid: 'acc-1' } });
    expect(await redirectedTo(post())).toBe(expired);
  });
});
