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
  verificationMock,
  withFlow,
} from './support';

vi.mock('@/lib/provider/verification', () => verificationMock());
vi.mock('@/lib/provider/mfa-setup', () => ({ startSetup: vi.fn(), verifySetup: vi.fn(), cancelSetup: vi.fn() }));

const { resendMfaCode, startMfa } = await import('@/app/register-mfa/actions');
const { getConfiguredMethods, initiateAuthentication } = await import('@/lib/provider/verification');
const { startSetup } = await import('@/lib/provider/mfa-setup');

const initiated = (exchangeId: string, extra = {}) =>
  ({
    kind: 'initiated',
    exchangeId,
    expiresAt: undefined,
    sub: undefined,
    destination: undefined,
    statusId: undefined,
    pushNumber: undefined,
    ...extra,
  }) as const;
const mfaFlow = () => withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-1' } });
const start = (type: string) => startMfa(idle, form({ requestId: REQUEST, type }));

beforeEach(() => {
  resetRequest();
  vi.mocked(getConfiguredMethods).mockResolvedValue([
    { type: 'EMAIL', mediumIds: ['m-email'], destination: 'a•••@example.com' },
    { type: 'PUSH', mediumIds: ['m-push'] },
  ]);
  vi.mocked(initiateAuthentication).mockResolvedValue(initiated('ex-1'));
});

describe('start a second factor (app/register-mfa/actions.ts startMfa)', () => {
  beforeEach(mfaFlow);

  test('a code method: the exchange in the flow, on to the code page', async () => {
    expect(await redirectedTo(start('EMAIL'))).toBe(`/register-mfa/code?requestId=${REQUEST}`);
    expect((await flowNow())?.mfa).toMatchObject({
      trackId: 'track-1',
      active: { type: 'EMAIL', mediumId: 'm-email', exchangeId: 'ex-1', destination: 'a•••@example.com' },
    });
  });

  test('a push: the request in the flow, on to the push page', async () => {
    vi.mocked(initiateAuthentication).mockResolvedValue(initiated('ex-2', { statusId: 'st-2', pushNumber: '42' }));
    expect(await redirectedTo(start('PUSH'))).toBe(`/register-mfa/push?requestId=${REQUEST}`);
    expect((await flowNow())?.mfa?.active?.push).toMatchObject({ statusId: 'st-2', number: '42' });
  });

  test('a type the provider no longer offers: back to the options; a malformed type: an invalid request', async () => {
    expect(await redirectedTo(start('SMS'))).toBe(`/register-mfa?requestId=${REQUEST}&view=options`);
    expect(await redirectedTo(start('not a type'))).toBe(`/error?reason=invalid-request&requestId=${REQUEST}`);
    // A well-formed type the tenant's vocabulary lacks names no limit (nor a metrics label).
    expect(await redirectedTo(start('INVENTED_TYPE'))).toBe(`/error?reason=invalid-request&requestId=${REQUEST}`);
    expect(limitsMock.attemptSend).not.toHaveBeenCalledWith('mfa.INVENTED_TYPE', expect.anything());
  });

  test('too early for the same method: the code already sent is the one to enter; none sent, and what held it back, with the wait', async () => {
    limitsMock.attemptSend.mockResolvedValueOnce(refused('wait.mfa.EMAIL', 18) as never);
    expect(await start('EMAIL')).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'sendWaitCode', retryAfter: 18 });
    limitsMock.attemptSend.mockResolvedValueOnce(refused('send.account', 600) as never);
    expect(await start('EMAIL')).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'sendQuotaAccount', retryAfter: 600 });
    limitsMock.attemptSend.mockResolvedValueOnce(refused('send.address', 300) as never);
    expect(await start('EMAIL')).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'sendQuotaNetwork', retryAfter: 300 });
    await redirectedTo(start('EMAIL'));
    limitsMock.attemptSend.mockResolvedValueOnce(refused() as never);
    expect(await redirectedTo(start('EMAIL'))).toBe(`/register-mfa/code?requestId=${REQUEST}`);
  });

  test('"set it up first" (the 403 hand-off) while another method can confirm: that one first, the method offered to add afterwards; nothing opened', async () => {
    vi.mocked(initiateAuthentication).mockResolvedValueOnce({ kind: 'redirect', url: 'http://127.0.0.1:4999/elsewhere' } as never);
    expect(await redirectedTo(start('PUSH'))).toBe(`/register-mfa?requestId=${REQUEST}&view=options&unset=PUSH`);
    expect(startSetup).not.toHaveBeenCalled();
    expect((await flowNow())?.addMethod).toEqual({ wanted: 'PUSH' });
    expect((await flowNow())?.setup).toBeUndefined();
  });

  test('"set it up first" (the 403 hand-off) for the only method, set up here: its page here instead; an app-like one opened at once', async () => {
    vi.mocked(getConfiguredMethods).mockResolvedValue([{ type: 'PUSH', mediumIds: ['m-push'] }]);
    vi.mocked(initiateAuthentication).mockResolvedValueOnce({ kind: 'redirect', url: 'http://127.0.0.1:4999/elsewhere' } as never);
    vi.mocked(startSetup).mockResolvedValueOnce({
      generation: 'current',
      exchangeId: 'ex-p',
      expiresAt: undefined,
      sub: 'sub-1',
      statusId: 'st-p',
      pushNumber: '12',
    } as never);
    expect(await redirectedTo(start('PUSH'))).toBe(`/setup-mfa/push?requestId=${REQUEST}`);
    expect(startSetup).toHaveBeenCalledWith(expect.objectContaining({ method: 'PUSH', trackId: 'track-1' }));
    expect((await flowNow())?.setup).toMatchObject({ method: 'PUSH', push: { statusId: 'st-p', number: '12' } });
    // A code by e-mail: its page asks where the code goes first.
    vi.mocked(getConfiguredMethods).mockResolvedValue([{ type: 'EMAIL', mediumIds: ['m-email'] }]);
    vi.mocked(initiateAuthentication).mockResolvedValueOnce({ kind: 'redirect', url: 'http://127.0.0.1:4999/elsewhere' } as never);
    expect(await redirectedTo(start('EMAIL'))).toBe(`/setup-mfa/email?requestId=${REQUEST}`);
  });

  test('the tenant refusing a set-up on its track: its hand-off is followed, now and from then on', async () => {
    vi.mocked(getConfiguredMethods).mockResolvedValue([{ type: 'PUSH', mediumIds: ['m-push'] }]);
    vi.mocked(initiateAuthentication).mockResolvedValue({ kind: 'redirect', url: 'http://127.0.0.1:4999/elsewhere' } as never);
    vi.mocked(startSetup).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await redirectedTo(start('PUSH'))).toBe('http://127.0.0.1:4999/elsewhere');
    expect((await flowNow())?.setupAtTenant).toBe(true);
    vi.mocked(startSetup).mockClear();
    expect(await redirectedTo(start('PUSH'))).toBe('http://127.0.0.1:4999/elsewhere');
    expect(startSetup).not.toHaveBeenCalled();
  });

  test('the provider sends the browser elsewhere: followed only when allowed', async () => {
    vi.mocked(getConfiguredMethods).mockResolvedValue([{ type: 'EMAIL', mediumIds: ['m-email'] }]);
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-1' }, setupAtTenant: true });
    vi.mocked(initiateAuthentication).mockResolvedValueOnce({ kind: 'redirect', url: 'http://127.0.0.1:4999/elsewhere' } as never);
    expect(await redirectedTo(start('EMAIL'))).toBe('http://127.0.0.1:4999/elsewhere');
    vi.mocked(initiateAuthentication).mockResolvedValueOnce({ kind: 'redirect', url: 'https://evil.example/' } as never);
    expect(await redirectedTo(start('EMAIL'))).toMatch(ERROR_PAGE_WITH_REF);
  });

  test('the tenant refusing to start the method (a 4xx) is its answer: the options say so, a gone track is expired, an unusable account says so; never the error page or an error log', async () => {
    const { log } = await import('@/lib/log');
    const errorLog = vi.spyOn(log, 'error');
    vi.mocked(initiateAuthentication).mockRejectedValueOnce(refusal('request-malformed'));
    expect(await start('EMAIL')).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'mfaStartRefused' });
    vi.mocked(initiateAuthentication).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await redirectedTo(start('EMAIL'))).toBe(expired);
    vi.mocked(initiateAuthentication).mockRejectedValueOnce(refusal('account-unusable'));
    expect(await redirectedTo(start('EMAIL'))).toBe(`/account-unavailable?requestId=${REQUEST}`);
    expect(errorLog).not.toHaveBeenCalled();
  });

  test('no answer: the form with "not responding"; garbage: the error page', async () => {
    vi.mocked(getConfiguredMethods).mockRejectedValueOnce(outage());
    expect(await start('EMAIL')).toMatchObject({ formError: 'serviceUnavailable' });
    vi.mocked(getConfiguredMethods).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(start('EMAIL'))).toMatch(ERROR_PAGE_WITH_REF);
  });

  test('a flow that is not at the MFA precheck has expired', async () => {
    await withFlow({ sub: 'sub-1' });
    expect(await redirectedTo(start('EMAIL'))).toBe(expired);
  });
});

describe('send the code again (app/register-mfa/actions.ts resendMfaCode)', () => {
  const active = { type: 'EMAIL', mediumId: 'm-email', exchangeId: 'ex-1', sentAt: 1, destination: 'a•••@example.com' };
  beforeEach(() => withFlow({ sub: 'sub-1', mfa: { trackId: 'track-1', options: [active], active } }));
  const post = () => resendMfaCode({ status: 'idle' }, form({ requestId: REQUEST }));

  test('sent: the new exchange in the flow, back to the code page saying so', async () => {
    vi.mocked(initiateAuthentication).mockResolvedValue(initiated('ex-9'));
    expect(await redirectedTo(post())).toBe(`/register-mfa/code?requestId=${REQUEST}&resent=1`);
    expect((await flowNow())?.mfa?.active).toMatchObject({ exchangeId: 'ex-9', destination: 'a•••@example.com' });
  });

  test('too early: the wait; a redirect or a failure: the error page', async () => {
    limitsMock.attemptSend.mockResolvedValueOnce(refused('wait.mfa.EMAIL', 12) as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'tooManySends', retryAfter: 12 });
    vi.mocked(initiateAuthentication).mockResolvedValueOnce({ kind: 'redirect', url: 'http://127.0.0.1:4999/x' } as never);
    expect(await redirectedTo(post())).toMatch(ERROR_PAGE_WITH_REF);
    vi.mocked(initiateAuthentication).mockRejectedValueOnce(outage());
    expect(await redirectedTo(post())).toMatch(ERROR_PAGE_WITH_REF);
  });

  test("a budget spent says whose (issue 33, D08): the account's, or the network's, with the wait", async () => {
    limitsMock.attemptSend.mockResolvedValueOnce(refused('send.account', 600) as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'sendQuotaAccount', retryAfter: 600 });
    limitsMock.attemptSend.mockResolvedValueOnce(refused('send.address', 300) as never);
    expect(await post()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'sendQuotaNetwork', retryAfter: 300 });
    expect(initiateAuthentication).not.toHaveBeenCalled();
  });

  test('no code under way: expired', async () => {
    await withFlow({ sub: 'sub-1' });
    expect(await redirectedTo(post())).toBe(expired);
  });
});
