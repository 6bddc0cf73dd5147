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

vi.mock('@/lib/provider/mfa-setup', () => ({ startSetup: vi.fn(), verifySetup: vi.fn(), cancelSetup: vi.fn() }));
vi.mock('@/lib/provider/verification', () => verificationMock());

const { cancelMethodSetup, checkMethodSetup, resendSetupCode, sendSetupCode, startMethodSetup } = await import('@/app/setup-mfa/actions');
const { startSetup, verifySetup } = await import('@/lib/provider/mfa-setup');
const { getConfiguredMethods } = await import('@/lib/provider/verification');

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const suggestFlow = (values = {}) => withFlow({ sub: 'sub-1', email: 'anna@example.com', precheck: { kind: 'suggest', trackId: 'track-1' }, ...values });
const opened = { method: 'TOTP', generation: 'current', exchangeId: 'ex-1', sub: 'sub-1', totpSecret: SECRET, startedAt: 1 } as const;
const start = (method = 'TOTP') => startMethodSetup(idle, form({ requestId: REQUEST, method }));
const check = (code: string) => checkMethodSetup(idle, form({ requestId: REQUEST, code }));
const page = `/setup-mfa/authenticator?requestId=${REQUEST}`;
// Each test posts its own code: identical posts within 10 s share one provider call (single-flight).

beforeEach(() => {
  resetRequest();
  vi.mocked(startSetup).mockResolvedValue({ generation: 'current', exchangeId: 'ex-1', expiresAt: undefined, sub: 'sub-1', totpSecret: SECRET });
  vi.mocked(verifySetup).mockResolvedValue({});
});

describe('a method chosen (app/setup-mfa/actions.ts startMethodSetup)', () => {
  beforeEach(() => suggestFlow());

  test('the tenant opens the set-up for the suggestion’s track; it is kept with its secret, and its page shown', async () => {
    expect(await redirectedTo(start())).toBe(page);
    expect(startSetup).toHaveBeenCalledWith({ method: 'TOTP', trackId: 'track-1', requestId: REQUEST, locale: 'en-GB' });
    expect((await flowNow())?.setup).toMatchObject({ method: 'TOTP', generation: 'current', exchangeId: 'ex-1', sub: 'sub-1', totpSecret: SECRET });
  });

  test('a set-up already open for the method is taken up again (a second press, Back): no second one at the tenant', async () => {
    await suggestFlow({ setup: opened });
    expect(await redirectedTo(start())).toBe(page);
    expect(startSetup).not.toHaveBeenCalled();
  });

  test('a method this page does not set up is refused before the tenant is asked', async () => {
    expect(await start('IVR')).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'setupUnavailable' });
    expect(startSetup).not.toHaveBeenCalled();
  });

  test('the tenant’s refusals: not active, already set up (on the page); the track gone (expired); no answer (the form); garbage (the error page)', async () => {
    vi.mocked(startSetup).mockRejectedValueOnce(refusal('method-unavailable'));
    expect(await start()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'setupUnavailable' });
    vi.mocked(startSetup).mockRejectedValueOnce(refusal('method-configured'));
    expect(await start()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'setupAlreadyConfigured' });
    vi.mocked(startSetup).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await redirectedTo(start())).toBe(expired);
    vi.mocked(startSetup).mockRejectedValueOnce(outage());
    expect(await start()).toMatchObject({ status: 'invalid', formError: 'serviceUnavailable' });
    vi.mocked(startSetup).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(start())).toMatch(ERROR_PAGE_WITH_REF);
    expect((await flowNow())?.setup).toBeUndefined();
  });

  test('outside a suggestion or an MFA requirement (another precheck) the form is expired', async () => {
    await withFlow({ sub: 'sub-1', precheck: { kind: 'group', trackId: 'track-1' } });
    expect(await redirectedTo(start())).toBe(expired);
  });

  test('on an MFA requirement an account with a method of its own may not add one with its password alone, whatever is posted', async () => {
    vi.mocked(getConfiguredMethods).mockResolvedValue([
      { type: 'PASSWORD', mediumIds: [] },
      { type: 'EMAIL', mediumIds: ['m-1'] },
    ]);
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-m' } });
    expect(await start()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'setupUnavailable' });
    expect(await sendSetupCode(idle, form({ requestId: REQUEST, method: 'EMAIL', email: 'mallory@example.com' }))).toMatchObject({
      formError: 'setupUnavailable',
    });
    expect(startSetup).not.toHaveBeenCalled();
    // The tenant's "set it up first" for this very method does not open it while another method can confirm first.
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-m' }, setupAllowedFor: 'TOTP' });
    expect(await start()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'setupUnavailable' });
    expect(startSetup).not.toHaveBeenCalled();
    // Once the current method has confirmed the person it may.
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-m' }, addMethod: { proven: true } });
    expect(await redirectedTo(start())).toBe(page);
  });

  test('on an MFA requirement the tenant’s "set it up first" opens that method where the account has no other one', async () => {
    vi.mocked(getConfiguredMethods).mockResolvedValue([
      { type: 'PASSWORD', mediumIds: [] },
      { type: 'TOTP', mediumIds: ['m-t'] },
    ]);
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-m' }, setupAllowedFor: 'TOTP' });
    expect(await redirectedTo(start())).toBe(page);
    // Without the tenant's word, a method listed is not replaced with the password alone.
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-m' } });
    expect(await start()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'setupUnavailable' });
  });

  test('on an MFA requirement: opened on its track; the tenant not knowing the track hands it back to its own rules (the MFA page)', async () => {
    vi.mocked(getConfiguredMethods).mockResolvedValue([{ type: 'PASSWORD', mediumIds: [] }]);
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-m' } });
    expect(await redirectedTo(start())).toBe(page);
    expect(startSetup).toHaveBeenCalledWith(expect.objectContaining({ method: 'TOTP', trackId: 'track-m' }));
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-m' } });
    vi.mocked(startSetup).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await redirectedTo(start())).toBe(`/register-mfa?requestId=${REQUEST}`);
    expect((await flowNow())?.setupAtTenant).toBe(true);
  });

  test('another method, after the second factor was passed: the tenant not knowing the track lets the sign-in go on', async () => {
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-m' }, addMethod: { proven: true } });
    vi.mocked(startSetup).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await redirectedTo(start())).toBe(`/continue?requestId=${REQUEST}`);
    expect((await flowNow())?.setupAtTenant).toBeUndefined();
  });

  test('the app’s first code on an MFA requirement: the sign-in goes on as after a second factor, with the status the check names', async () => {
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-m' }, setup: { ...opened, exchangeId: 'ex-mfa' } });
    vi.mocked(verifySetup).mockResolvedValueOnce({ statusId: 'st-9' });
    expect(await redirectedTo(checkMethodSetup(idle, form({ requestId: REQUEST, code: '909090' })))).toBe(page);
    expect((await flowNow())?.continuation).toEqual({
      target: 'precheck-continue',
      trackId: 'track-m',
      sub: 'sub-1',
      statusId: 'st-9',
      verificationType: 'TOTP',
      selectedGroupId: undefined,
    });
  });
});

describe('the first code (checkMethodSetup)', () => {
  beforeEach(() => suggestFlow({ setup: opened }));

  test('taken: the method is set up, the set-up and its secret dropped, the suggestion’s continuation next, the page says so', async () => {
    expect(await redirectedTo(check('123 456'))).toBe(page);
    expect(verifySetup).toHaveBeenCalledWith({
      method: 'TOTP',
      generation: 'current',
      exchangeId: 'ex-1',
      code: '123456',
      sub: 'sub-1',
      requestId: REQUEST,
      locale: 'en-GB',
    });
    const flow = await flowNow();
    expect(flow?.setup).toBeUndefined();
    expect(flow?.setupDone).toBe('TOTP');
    expect(flow?.continuation).toEqual({ target: 'precheck-continue', trackId: 'track-1', sub: 'sub-1' });
  });

  test('a code not of six digits is refused before the tenant is asked', async () => {
    expect(await check('12')).toEqual({ status: 'invalid', fieldErrors: { code: 'mfaCodeLength' } });
    expect(await check('')).toEqual({ status: 'invalid', fieldErrors: { code: 'mfaCodeRequired' } });
    expect(verifySetup).not.toHaveBeenCalled();
  });

  test('a wrong code stays on the field and counts against the account; the set-up stays', async () => {
    vi.mocked(verifySetup).mockRejectedValueOnce(refusal('code-invalid'));
    expect(await check('111111')).toEqual({ status: 'invalid', fieldErrors: { code: 'mfaCodeInvalid' } });
    expect(limitsMock.reserve).toHaveBeenCalledWith('code.account', 'sub-1\u0000SETUP.TOTP');
    expect(limitsMock.giveBack).not.toHaveBeenCalled();
    expect((await flowNow())?.setup).toEqual(opened);
  });

  test('an exchange the tenant no longer knows: the set-up is dropped and the form says to choose the method again', async () => {
    vi.mocked(verifySetup).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await check('222222')).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'setupExpired' });
    expect((await flowNow())?.setup).toBeUndefined();
  });

  test('a method set up meanwhile (elsewhere) counts as set up', async () => {
    vi.mocked(verifySetup).mockRejectedValueOnce(refusal('method-configured'));
    expect(await redirectedTo(check('333333'))).toBe(page);
    expect((await flowNow())?.setupDone).toBe('TOTP');
  });

  test('too many codes for this exchange or account: no call', async () => {
    limitsMock.attempt.mockResolvedValueOnce(refused('code.exchange') as never);
    expect(await check('666666')).toEqual({ status: 'invalid', fieldErrors: { code: 'tooManyCodeAttempts' } });
    expect(verifySetup).not.toHaveBeenCalled();
  });

  test('no answer: the form again with the code; no set-up open: back to the suggestion', async () => {
    vi.mocked(verifySetup).mockRejectedValueOnce(outage());
    expect(await check('444444')).toMatchObject({ formError: 'serviceUnavailable', values: { code: '444444' } });
    await suggestFlow();
    expect(await redirectedTo(check('555555'))).toBe(`/setup-passkey?requestId=${REQUEST}`);
  });
});

test('"Choose another method" drops the set-up and goes back to the suggestion; "Use another number" asks again at once (cancelMethodSetup)', async () => {
  await suggestFlow({ setup: opened });
  expect(await redirectedTo(cancelMethodSetup(idle, form({ requestId: REQUEST })))).toBe(`/setup-passkey?requestId=${REQUEST}`);
  expect((await flowNow())?.setup).toBeUndefined();
  await suggestFlow({ setup: { ...opened, method: 'SMS', totpSecret: undefined, destination: '+4915123456789' } });
  expect(await redirectedTo(cancelMethodSetup(idle, form({ requestId: REQUEST, method: 'SMS' })))).toBe(`/setup-mfa/sms?requestId=${REQUEST}`);
  // The code sent to the number given up is of no use: no wait before another number's.
  expect(limitsMock.endSendWait).toHaveBeenCalledWith('setup.SMS', 'sub-1');
  // The number given last is kept to correct (D63), and only for that method's page.
  expect((await flowNow())?.setupRetry).toEqual({ method: 'SMS', destination: '+4915123456789' });
});

describe('a text message’s or an e-mail’s first code (sendSetupCode, resendSetupCode)', () => {
  const sms = (mobile_number: string, mobile_number__country = 'DE') =>
    sendSetupCode(idle, form({ requestId: REQUEST, method: 'SMS', mobile_number, mobile_number__country }));
  const email = (address: string) => sendSetupCode(idle, form({ requestId: REQUEST, method: 'EMAIL', email: address }));
  beforeEach(async () => {
    await suggestFlow();
    vi.mocked(startSetup).mockResolvedValue({ generation: 'current', exchangeId: 'ex-2', expiresAt: undefined, sub: 'sub-1', totpSecret: undefined });
  });

  test('choosing text messages asks where first (nothing sent yet)', async () => {
    expect(await redirectedTo(start('SMS'))).toBe(`/setup-mfa/sms?requestId=${REQUEST}`);
    expect(startSetup).not.toHaveBeenCalled();
  });

  test('the number with its country: judged, sent in international form, the set-up kept with it', async () => {
    expect(await redirectedTo(sms('0151 23456789'))).toBe(`/setup-mfa/sms?requestId=${REQUEST}`);
    expect(startSetup).toHaveBeenCalledWith(expect.objectContaining({ method: 'SMS', destination: '+4915123456789', trackId: 'track-1' }));
    expect((await flowNow())?.setup).toMatchObject({ method: 'SMS', exchangeId: 'ex-2', destination: '+4915123456789' });
  });

  test('a landline, a number not of that country, nothing: on the field, with what was typed; no call', async () => {
    expect(await sms('030 1234567')).toEqual({
      status: 'invalid',
      fieldErrors: { mobile_number: 'mobileNotMobile' },
      values: { mobile_number: '030 1234567', mobile_number__country: 'DE' },
    });
    expect(await sms('0151 23456789', 'GB')).toMatchObject({ fieldErrors: { mobile_number: 'mobileInvalid' } });
    expect(await sms(' ')).toMatchObject({ fieldErrors: { mobile_number: 'fieldRequired' } });
    expect(startSetup).not.toHaveBeenCalled();
  });

  test('an address: checked, sent as typed (trimmed); the tenant refusing it is said on the field', async () => {
    expect(await email('anna@')).toMatchObject({ fieldErrors: { email: 'emailInvalid' } });
    expect(await redirectedTo(email(' office@example.com '))).toBe(`/setup-mfa/email?requestId=${REQUEST}`);
    expect(startSetup).toHaveBeenLastCalledWith(expect.objectContaining({ method: 'EMAIL', destination: 'office@example.com' }));
    vi.mocked(startSetup).mockRejectedValueOnce(refusal('request-malformed'));
    expect(await email('other@example.com')).toMatchObject({ fieldErrors: { email: 'emailInvalid' }, values: { email: 'other@example.com' } });
  });

  test('held back: too early after the last send (the wait), or a budget spent (in minutes)', async () => {
    limitsMock.attemptSend.mockResolvedValueOnce(refused('wait.setup.SMS', 20) as never);
    expect(await sms('0151 23456789')).toMatchObject({ formError: 'tooManySends', retryAfter: 20 });
    limitsMock.attemptSend.mockResolvedValueOnce(refused('send.account', 600) as never);
    expect(await sms('0151 23456789')).toMatchObject({ formError: 'sendQuotaAccount', retryAfter: 600 });
    expect(startSetup).not.toHaveBeenCalled();
  });

  test('"Send a new code": a new set-up to the same number, after the wait; none open: back to the suggestion', async () => {
    await suggestFlow({ setup: { ...opened, method: 'SMS', totpSecret: undefined, destination: '+4915123456789' } });
    const resend = () => resendSetupCode(idle, form({ requestId: REQUEST }));
    limitsMock.attemptSend.mockResolvedValueOnce(refused('wait.setup.SMS', 12) as never);
    expect(await resend()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'tooManySends', retryAfter: 12 });
    expect(await redirectedTo(resend())).toBe(`/setup-mfa/sms?requestId=${REQUEST}&resent=1`);
    expect(startSetup).toHaveBeenCalledWith(expect.objectContaining({ method: 'SMS', destination: '+4915123456789' }));
    expect((await flowNow())?.setup?.exchangeId).toBe('ex-2');
    await suggestFlow();
    expect(await redirectedTo(resend())).toBe(`/setup-passkey?requestId=${REQUEST}`);
  });
});
