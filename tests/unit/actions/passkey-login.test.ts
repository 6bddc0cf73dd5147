import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  credentialText,
  expired,
  fido2Mock,
  flowNow,
  form,
  garbage,
  idle,
  limitsMock,
  OTHER_REQUEST,
  outage,
  passkeys,
  passkeysConfig,
  redirectedTo,
  refusal,
  refused,
  replaced,
  REQUEST,
  resetRequest,
  serverError,
  verificationMock,
  withFlow,
} from './support';

vi.mock('@/lib/config', (original) => passkeysConfig(original));
vi.mock('@/lib/provider/fido2', () => fido2Mock());
vi.mock('@/lib/provider/users', () => ({ checkUserExists: vi.fn() }));
vi.mock('@/lib/provider/verification', () => verificationMock());

const { finishPasskeySignIn, preparePasskeySignIn } = await import('@/app/login/actions');
const { submitEmail } = await import('@/app/email-actions');
const { initiateFido2, verifyFido2 } = await import('@/lib/provider/fido2');
const { checkUserExists } = await import('@/lib/provider/users');
const { getConfiguredMethods } = await import('@/lib/provider/verification');

const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };
const ceremony = { purpose: 'sign-in', exchangeId: 'ex-1', fidoRequestId: 'fido-1', sub: 'sub-1' } as const;
const assertion = credentialText('authentication-response');

const prepare = () => preparePasskeySignIn(idle, form({ requestId: REQUEST }));
const finish = (credential = assertion) => finishPasskeySignIn(idle, form({ requestId: REQUEST, credential }));
const refusedState = { status: 'invalid', fieldErrors: {}, formError: 'passkeyRefused' };
const unavailable = { status: 'invalid', fieldErrors: {}, formError: 'passkeyUnavailable' };

beforeEach(() => {
  resetRequest();
  passkeys.on = true;
  vi.mocked(initiateFido2).mockResolvedValue({ exchangeId: 'ex-1', expiresAt: undefined, sub: 'sub-1', fidoRequestId: 'fido-1', options });
  vi.mocked(verifyFido2).mockResolvedValue({ sub: 'sub-1', statusId: 'st-1' });
});

describe('the e-mail step offers a passkey (app/email-actions.ts submitEmail)', () => {
  const post = () => submitEmail(idle, form({ email: 'anna@example.com', requestId: REQUEST }));
  beforeEach(() => {
    vi.mocked(checkUserExists).mockResolvedValue({ action: 'login' });
    vi.mocked(getConfiguredMethods).mockResolvedValue([
      { type: 'PASSWORD', mediumIds: ['PASSWORD'] },
      { type: 'FIDO2', mediumIds: ['k-1'] },
    ]);
  });

  test('FIDO2 configured and PASSKEYS on: offered in the flow, on to /login', async () => {
    expect(await redirectedTo(post())).toBe(`/login?requestId=${REQUEST}`);
    expect((await flowNow())?.passkeyOffered).toBe(true);
  });

  test('PASSKEYS off, or no FIDO2: not offered', async () => {
    passkeys.on = false;
    await redirectedTo(post());
    expect((await flowNow())?.passkeyOffered).toBeUndefined();
    passkeys.on = true;
    vi.mocked(getConfiguredMethods).mockResolvedValue([{ type: 'PASSWORD', mediumIds: ['PASSWORD'] }]);
    await redirectedTo(post());
    expect((await flowNow())?.passkeyOffered).toBeUndefined();
  });
});

describe('open a passkey sign-in (app/login/actions.ts preparePasskeySignIn)', () => {
  beforeEach(() => withFlow({ email: 'anna@example.com', passkeyOffered: true }));

  test("ready: the tenant's options for the browser, the ceremony in the flow", async () => {
    expect(await prepare()).toEqual({ status: 'ready', ceremony: 'get', options });
    expect(initiateFido2).toHaveBeenCalledWith(
      expect.objectContaining({ usageType: 'INITIAL_AUTHENTICATION', requestId: REQUEST, email: 'anna@example.com', domainUrl: 'http://localhost:3999' }),
    );
    expect((await flowNow())?.passkey).toEqual(ceremony);
  });

  test('PASSKEYS off, or no passkey offered on the e-mail step: unavailable, nothing is asked', async () => {
    passkeys.on = false;
    expect(await prepare()).toEqual(unavailable);
    passkeys.on = true;
    await withFlow({ email: 'anna@example.com' });
    expect(await prepare()).toEqual(unavailable);
    expect(initiateFido2).not.toHaveBeenCalled();
    expect((await flowNow())?.passkey).toBeUndefined();
  });

  test('the tenant refuses or answers garbage: unavailable with a reference, the screen stays', async () => {
    vi.mocked(initiateFido2).mockRejectedValueOnce(refusal('request-malformed'));
    expect(await prepare()).toEqual({ ...unavailable, reference: expect.stringMatching(/^[0-9A-F]{10}$/) });
    vi.mocked(initiateFido2).mockRejectedValueOnce(garbage());
    expect(await prepare()).toMatchObject({ formError: 'passkeyUnavailable', reference: expect.any(String) });
    expect((await flowNow())?.passkey).toBeUndefined();
  });

  test('no answer: "not responding" with a reference', async () => {
    vi.mocked(initiateFido2).mockRejectedValueOnce(outage());
    expect(await prepare()).toMatchObject({ status: 'invalid', formError: 'serviceUnavailable', reference: expect.any(String) });
  });

  test('no e-mail in the flow: expired; another sign-in in the cookie: replaced', async () => {
    await withFlow({});
    expect(await redirectedTo(prepare())).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, email: 'bob@example.com', passkeyOffered: true });
    expect(await redirectedTo(prepare())).toBe(replaced);
    expect(initiateFido2).not.toHaveBeenCalled();
  });
});

describe('finish a passkey sign-in (app/login/actions.ts finishPasskeySignIn)', () => {
  beforeEach(() => withFlow({ email: 'anna@example.com', passkeyOffered: true, passkey: ceremony, lockedUntil: Date.now() + 60_000 }));

  test('verified: on to /continue like after a password, as FIDO2, with the default "stay signed in"', async () => {
    expect(await redirectedTo(finish())).toBe(`/continue?requestId=${REQUEST}`);
    const sent = vi.mocked(verifyFido2).mock.calls[0][0];
    expect(sent).toMatchObject({ exchangeId: 'ex-1', fidoRequestId: 'fido-1', requestId: REQUEST });
    // What the browser posted, checked and passed on without anything it added.
    expect(sent.credential).toMatchObject({ id: JSON.parse(assertion).id, type: 'public-key' });
    expect(sent.credential).not.toHaveProperty('_source');
    const flow = await flowNow();
    expect(flow).toMatchObject({
      sub: 'sub-1',
      rememberMe: true,
      continuation: { target: 'verification-login', sub: 'sub-1', statusId: 'st-1', verificationType: 'FIDO2', exchangeId: 'ex-1' },
    });
    expect(flow?.passkey).toBeUndefined();
    expect(flow?.lockedUntil).toBeUndefined();
  });

  test("the tenant's answer without a subject: the ceremony's; neither names one: refused", async () => {
    vi.mocked(verifyFido2).mockResolvedValueOnce({ sub: undefined, statusId: 'st-2' });
    expect(await redirectedTo(finish())).toBe(`/continue?requestId=${REQUEST}`);
    expect((await flowNow())?.sub).toBe('sub-1');
    await withFlow({ email: 'anna@example.com', passkey: { ...ceremony, sub: undefined } });
    vi.mocked(verifyFido2).mockResolvedValueOnce({ sub: undefined, statusId: 'st-3' });
    expect(await finish()).toEqual(refusedState);
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test.each([
    ['not JSON', 'not json'],
    ['a registration instead of an assertion', credentialText('registration-response')],
    ['no signature', JSON.stringify({ ...JSON.parse(assertion), response: { ...JSON.parse(assertion).response, signature: undefined } })],
    ['a value that is not base64url', JSON.stringify({ ...JSON.parse(assertion), id: 'a+b/c=' })],
    ['another credential type', JSON.stringify({ ...JSON.parse(assertion), type: 'password' })],
    ['too long', JSON.stringify({ ...JSON.parse(assertion), clientExtensionResults: { pad: 'x'.repeat(40_000) } })],
  ])('a malformed credential (%s) is refused and never sent to the tenant', async (_name, credential) => {
    expect(await finish(credential)).toEqual(refusedState);
    expect(verifyFido2).not.toHaveBeenCalled();
  });

  test('no credential posted at all: refused', async () => {
    expect(await finishPasskeySignIn(idle, form({ requestId: REQUEST }))).toEqual(refusedState);
    expect(verifyFido2).not.toHaveBeenCalled();
  });

  test('the tenant refuses the assertion: "not accepted", the flow unchanged', async () => {
    vi.mocked(verifyFido2).mockRejectedValueOnce(refusal('request-malformed'));
    expect(await finish()).toEqual(refusedState);
    expect(await flowNow()).toMatchObject({ passkey: ceremony });
    expect((await flowNow())?.sub).toBeUndefined();
  });

  test('no answer, or a server error: "not responding"; garbage: "not accepted"; each with a reference, never the error page', async () => {
    vi.mocked(verifyFido2).mockRejectedValueOnce(outage());
    expect(await finish()).toMatchObject({ formError: 'serviceUnavailable', reference: expect.any(String) });
    vi.mocked(verifyFido2).mockRejectedValueOnce(serverError());
    expect(await finish()).toMatchObject({ formError: 'serviceUnavailable', reference: expect.any(String) });
    vi.mocked(verifyFido2).mockRejectedValueOnce(garbage());
    expect(await finish()).toMatchObject({ formError: 'passkeyRefused', reference: expect.any(String) });
  });

  test('held back by the password limits (address and account): "too many attempts", and how long', async () => {
    limitsMock.attempt.mockResolvedValueOnce(refused('password.account', 42) as never);
    expect(await finish()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts', retryAfter: 42 });
    expect(limitsMock.attempt).toHaveBeenCalledWith([
      ['password.address', 'address'],
      ['password.account', 'anna@example.com@client'],
    ]);
    expect(limitsMock.answerLimited).toHaveBeenCalled();
    expect(verifyFido2).not.toHaveBeenCalled();
  });

  test('no ceremony, one for a second factor, or PASSKEYS off: refused before anything is asked', async () => {
    await withFlow({ email: 'anna@example.com' });
    expect(await finish()).toEqual(refusedState);
    await withFlow({ email: 'anna@example.com', passkey: { ...ceremony, purpose: 'second-factor', trackId: 'track-1' } });
    expect(await finish()).toEqual(refusedState);
    await withFlow({ email: 'anna@example.com', passkey: ceremony });
    passkeys.on = false;
    expect(await finish()).toEqual(refusedState);
    expect(verifyFido2).not.toHaveBeenCalled();
    expect(limitsMock.attempt).not.toHaveBeenCalled();
  });

  test('no e-mail in the flow: expired; another sign-in in the cookie: replaced', async () => {
    await withFlow({ passkey: ceremony });
    expect(await redirectedTo(finish())).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, email: 'bob@example.com', passkey: ceremony });
    expect(await redirectedTo(finish())).toBe(replaced);
    expect(verifyFido2).not.toHaveBeenCalled();
  });
});
