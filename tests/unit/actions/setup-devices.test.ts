import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ERROR_PAGE_WITH_REF,
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

const { cancelMethodSetup, startMethodSetup } = await import('@/app/setup-mfa/actions');
const { checkPairing } = await import('@/app/setup-mfa/push/actions');
const { confirmCodesSaved } = await import('@/app/setup-mfa/backup-codes/actions');
const { planAnotherMethod } = await import('@/app/register-mfa/another/actions');
const { cancelSetup, startSetup, verifySetup } = await import('@/lib/provider/mfa-setup');
const { getPushStatus } = await import('@/lib/provider/verification');

const suggestFlow = (values = {}) => withFlow({ sub: 'sub-1', email: 'anna@example.com', precheck: { kind: 'suggest', trackId: 'track-1' }, ...values });
const pairing = { method: 'PUSH', generation: 'current', exchangeId: 'ex-p', sub: 'sub-1', push: { statusId: 'st-1', number: '42' }, startedAt: 1 } as const;
const CODES = ['11112222', '33334444', '55556666'];
const codes = { method: 'BACKUPCODE', generation: 'current', exchangeId: 'ex-b', sub: 'sub-1', backupCodes: CODES, startedAt: 1 } as const;
const confirm = (saved?: string) => confirmCodesSaved(idle, form({ requestId: REQUEST, ...(saved ? { saved } : {}) }));
const pushPage = `/setup-mfa/push?requestId=${REQUEST}`;
const codesPage = `/setup-mfa/backup-codes?requestId=${REQUEST}`;

beforeEach(() => {
  resetRequest();
  vi.mocked(verifySetup).mockResolvedValue({});
  vi.mocked(cancelSetup).mockResolvedValue(undefined);
});

describe('a phone paired for push approval (startMethodSetup PUSH, checkPairing)', () => {
  const poll = (extra = {}) => checkPairing(idle, form({ requestId: REQUEST, ...extra }));

  test('the tenant opens the pairing at once; its status id and number are kept, and its page shown', async () => {
    await suggestFlow();
    vi.mocked(startSetup).mockResolvedValueOnce({
      generation: 'current',
      exchangeId: 'ex-p',
      expiresAt: undefined,
      sub: 'sub-1',
      totpSecret: undefined,
      statusId: 'st-1',
      pushNumber: '42',
      authenticatorClientId: 'app',
    });
    expect(await redirectedTo(startMethodSetup(idle, form({ requestId: REQUEST, method: 'PUSH' })))).toBe(pushPage);
    expect(startSetup).toHaveBeenCalledWith({ method: 'PUSH', trackId: 'track-1', requestId: REQUEST, locale: 'en-GB' });
    expect((await flowNow())?.setup).toMatchObject({ method: 'PUSH', exchangeId: 'ex-p', push: { statusId: 'st-1', number: '42', clientId: 'app' } });
  });

  test('not paired yet: "pending", said only when the person asked; the page’s own polling says nothing', async () => {
    await suggestFlow({ setup: pairing });
    vi.mocked(getPushStatus).mockResolvedValue({ state: 'pending', statusId: undefined });
    expect(await poll()).toEqual({ status: 'pending', asked: true });
    expect(await poll({ poll: '1' })).toEqual({ status: 'pending', asked: false });
    expect(getPushStatus).toHaveBeenCalledWith({ statusId: 'st-1', requestId: REQUEST, locale: 'en-GB' });
  });

  test('paired: the method is set up, the pairing leaves the cookie, and the sign-in goes on from the suggestion', async () => {
    await suggestFlow({ setup: pairing });
    vi.mocked(getPushStatus).mockResolvedValueOnce({ state: 'approved', statusId: 'st-1' });
    expect(await redirectedTo(poll())).toBe(pushPage);
    const flow = await flowNow();
    expect(flow?.setup).toBeUndefined();
    expect(flow?.setupDone).toBe('PUSH');
    expect(flow?.continuation).toMatchObject({ target: 'precheck-continue', trackId: 'track-1', sub: 'sub-1' });
  });

  test('refused or run out: kept as the pairing’s end (the page offers "Start again"), which then opens a new one', async () => {
    await suggestFlow({ setup: pairing });
    vi.mocked(getPushStatus).mockResolvedValueOnce({ state: 'rejected', statusId: undefined });
    expect(await redirectedTo(poll())).toBe(pushPage);
    expect((await flowNow())?.setup?.push?.outcome).toBe('rejected');
    // Asked again after it ended: the page, not the tenant.
    expect(await redirectedTo(poll())).toBe(pushPage);
    expect(getPushStatus).toHaveBeenCalledTimes(1);

    vi.mocked(startSetup).mockResolvedValueOnce({
      generation: 'current',
      exchangeId: 'ex-q',
      expiresAt: undefined,
      sub: 'sub-1',
      totpSecret: undefined,
      statusId: 'st-2',
      pushNumber: '17',
    });
    expect(await redirectedTo(startMethodSetup(idle, form({ requestId: REQUEST, method: 'PUSH' })))).toBe(pushPage);
    expect((await flowNow())?.setup).toMatchObject({ exchangeId: 'ex-q', push: { statusId: 'st-2', number: '17' } });
    expect((await flowNow())?.setup?.push?.outcome).toBeUndefined();
  });

  test('a status the tenant no longer knows is a pairing run out; past its expiry it is run out without asking', async () => {
    await suggestFlow({ setup: pairing });
    vi.mocked(getPushStatus).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await redirectedTo(poll())).toBe(pushPage);
    expect((await flowNow())?.setup?.push?.outcome).toBe('expired');
    await suggestFlow({ setup: { ...pairing, expiresAt: Date.now() - 1 } });
    vi.mocked(getPushStatus).mockClear();
    expect(await redirectedTo(poll())).toBe(pushPage);
    expect(getPushStatus).not.toHaveBeenCalled();
  });

  test('asked too often: the limit, and the polling stops; no answer: the error page with a reference', async () => {
    await suggestFlow({ setup: pairing });
    limitsMock.attempt.mockResolvedValueOnce(refused('push.check', 60) as never);
    expect(await poll()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts', retryAfter: 60 });
    vi.mocked(getPushStatus).mockRejectedValueOnce(outage());
    expect(await redirectedTo(poll())).toMatch(ERROR_PAGE_WITH_REF);
  });

  test('"Choose another method" cancels the pairing at the tenant (best effort: a refusal does not stop the person)', async () => {
    await suggestFlow({ setup: pairing });
    vi.mocked(cancelSetup).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(cancelMethodSetup(idle, form({ requestId: REQUEST })))).toBe(`/setup-passkey?requestId=${REQUEST}`);
    expect(cancelSetup).toHaveBeenCalledWith({ method: 'PUSH', generation: 'current', exchangeId: 'ex-p', sub: 'sub-1', requestId: REQUEST });
    expect((await flowNow())?.setup).toBeUndefined();
  });
});

describe('backup codes (startMethodSetup BACKUPCODE, confirmCodesSaved)', () => {
  test('the tenant issues the codes at once; they are kept until the person says they saved them', async () => {
    await suggestFlow();
    vi.mocked(startSetup).mockResolvedValueOnce({
      generation: 'current',
      exchangeId: 'ex-b',
      expiresAt: undefined,
      sub: 'sub-1',
      totpSecret: undefined,
      backupCodes: CODES,
    });
    expect(await redirectedTo(startMethodSetup(idle, form({ requestId: REQUEST, method: 'BACKUPCODE' })))).toBe(codesPage);
    expect((await flowNow())?.setup).toMatchObject({ method: 'BACKUPCODE', backupCodes: CODES });
  });

  test('the box not ticked: on its field, nothing asked', async () => {
    await suggestFlow({ setup: codes });
    expect(await confirm()).toEqual({ status: 'invalid', fieldErrors: { saved: 'backupCodesNotSaved' } });
    expect(await confirm('yes')).toEqual({ status: 'invalid', fieldErrors: { saved: 'backupCodesNotSaved' } });
    expect(verifySetup).not.toHaveBeenCalled();
  });

  test('ticked: the tenant is shown its first code, the codes leave the cookie, and the sign-in goes on', async () => {
    await suggestFlow({ setup: codes });
    expect(await redirectedTo(confirm('on'))).toBe(codesPage);
    expect(verifySetup).toHaveBeenCalledWith(expect.objectContaining({ method: 'BACKUPCODE', exchangeId: 'ex-b', code: '11112222', sub: 'sub-1' }));
    const flow = await flowNow();
    expect(flow?.setup).toBeUndefined();
    expect(flow?.setupDone).toBe('BACKUPCODE');
  });

  test('the tenant no longer knows the set-up (or refuses its own code): expired, the codes dropped; no answer: the form', async () => {
    // Identical confirmations of one exchange within 10 s share one provider call: each its own exchange here.
    await suggestFlow({ setup: { ...codes, exchangeId: 'ex-c' } });
    vi.mocked(verifySetup).mockRejectedValueOnce(refusal('code-invalid'));
    expect(await confirm('on')).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'setupExpired' });
    expect((await flowNow())?.setup).toBeUndefined();
    await suggestFlow({ setup: { ...codes, exchangeId: 'ex-d' } });
    vi.mocked(verifySetup).mockRejectedValueOnce(outage());
    expect(await confirm('on')).toMatchObject({ formError: 'serviceUnavailable' });
    expect((await flowNow())?.setup).toMatchObject({ backupCodes: CODES });
  });

  test('no codes open: back to their page (which sends on to the suggestion)', async () => {
    await suggestFlow();
    expect(await redirectedTo(confirm('on'))).toBe(codesPage);
  });
});

describe('"Set up another method" on an MFA page (planAnotherMethod) and a set-up after it', () => {
  const mfaFlow = (values = {}) => withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-m' }, ...values });

  test('noted in the flow; the person stays on the page they were on (only the MFA pages; anything else: the choice)', async () => {
    await mfaFlow();
    expect(await redirectedTo(planAnotherMethod(idle, form({ requestId: REQUEST, back: '/register-mfa/code' })))).toBe(
      `/register-mfa/code?requestId=${REQUEST}`,
    );
    expect((await flowNow())?.addMethod).toEqual({});
    expect(await redirectedTo(planAnotherMethod(idle, form({ requestId: REQUEST, back: 'https://evil.example/' })))).toBe(
      `/register-mfa?requestId=${REQUEST}&view=options`,
    );
  });

  test('not on an MFA requirement: expired', async () => {
    await suggestFlow();
    expect(await redirectedTo(planAnotherMethod(idle, form({ requestId: REQUEST, back: '/register-mfa' })))).toBe(`/error?reason=expired&requestId=${REQUEST}`);
  });

  test('a method set up after the current one passed: the sign-in goes on with that one’s continuation; "Choose another method" returns to the methods to add', async () => {
    const proven = { target: 'precheck-continue', trackId: 'track-m', sub: 'sub-1', statusId: 'st-mfa', verificationType: 'EMAIL' } as const;
    await mfaFlow({ addMethod: { proven: true }, continuation: proven, setup: { ...codes, exchangeId: 'ex-e' } });
    vi.mocked(verifySetup).mockResolvedValueOnce({ statusId: 'st-new' });
    expect(await redirectedTo(confirm('on'))).toBe(codesPage);
    expect((await flowNow())?.continuation).toEqual(proven);
    await mfaFlow({ addMethod: { proven: true }, continuation: proven, setup: pairing });
    expect(await redirectedTo(cancelMethodSetup(idle, form({ requestId: REQUEST })))).toBe(`/register-mfa/another?requestId=${REQUEST}`);
  });
});
