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
vi.mock('@/lib/provider/verification', () => verificationMock());

const { finishMfaPasskey, prepareMfaPasskey } = await import('@/app/register-mfa/actions');
const { initiateFido2, verifyFido2 } = await import('@/lib/provider/fido2');
const { getConfiguredMethods } = await import('@/lib/provider/verification');

const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };
const ceremony = { purpose: 'second-factor', exchangeId: 'ex-1', fidoRequestId: 'fido-1', sub: 'sub-1', trackId: 'track-1' } as const;
const assertion = credentialText('authentication-response');
const mfaFlow = (values = {}) => withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-1' }, ...values });

const prepare = () => prepareMfaPasskey(idle, form({ requestId: REQUEST }));
const finish = (credential = assertion) => finishMfaPasskey(idle, form({ requestId: REQUEST, credential }));
const refusedState = { status: 'invalid', fieldErrors: {}, formError: 'passkeyRefused' };
const unavailable = { status: 'invalid', fieldErrors: {}, formError: 'passkeyUnavailable' };

beforeEach(() => {
  resetRequest();
  passkeys.on = true;
  vi.mocked(getConfiguredMethods).mockResolvedValue([
    { type: 'EMAIL', mediumIds: ['m-email'] },
    { type: 'FIDO2', mediumIds: ['k-1'], destination: 'Laptop' },
  ]);
  vi.mocked(initiateFido2).mockResolvedValue({ exchangeId: 'ex-1', expiresAt: undefined, sub: undefined, fidoRequestId: 'fido-1', options });
  vi.mocked(verifyFido2).mockResolvedValue({ sub: 'sub-1', statusId: 'st-1' });
});

describe('open a passkey second factor (app/register-mfa/actions.ts prepareMfaPasskey)', () => {
  beforeEach(() => mfaFlow());

  test("ready: the tenant's options for the browser, the ceremony with the precheck's track in the flow", async () => {
    expect(await prepare()).toEqual({ status: 'ready', ceremony: 'get', options });
    expect(initiateFido2).toHaveBeenCalledWith(
      expect.objectContaining({ usageType: 'MULTIFACTOR_AUTHENTICATION', sub: 'sub-1', mediumId: 'k-1', trackId: 'track-1', requestId: REQUEST }),
    );
    expect((await flowNow())?.passkey).toEqual(ceremony);
  });

  test('PASSKEYS off: unavailable, nothing is asked', async () => {
    passkeys.on = false;
    expect(await prepare()).toEqual(unavailable);
    expect(getConfiguredMethods).not.toHaveBeenCalled();
    expect(initiateFido2).not.toHaveBeenCalled();
  });

  test('FIDO2 no longer listed for the account: unavailable, no ceremony opened', async () => {
    vi.mocked(getConfiguredMethods).mockResolvedValueOnce([{ type: 'EMAIL', mediumIds: ['m-email'] }]);
    expect(await prepare()).toEqual(unavailable);
    expect(initiateFido2).not.toHaveBeenCalled();
    expect((await flowNow())?.passkey).toBeUndefined();
  });

  test('the tenant refuses or answers garbage: unavailable with a reference; no answer: "not responding"', async () => {
    vi.mocked(initiateFido2).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await prepare()).toEqual({ ...unavailable, reference: expect.stringMatching(/^[0-9A-F]{10}$/) });
    vi.mocked(getConfiguredMethods).mockRejectedValueOnce(garbage());
    expect(await prepare()).toMatchObject({ formError: 'passkeyUnavailable', reference: expect.any(String) });
    vi.mocked(getConfiguredMethods).mockRejectedValueOnce(outage());
    expect(await prepare()).toMatchObject({ formError: 'serviceUnavailable', reference: expect.any(String) });
    expect((await flowNow())?.passkey).toBeUndefined();
  });

  test('not at the MFA precheck: expired; another sign-in in the cookie: replaced', async () => {
    await withFlow({ sub: 'sub-1', precheck: { kind: 'suggest', trackId: 'track-1' } });
    expect(await redirectedTo(prepare())).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, sub: 'sub-2', precheck: { kind: 'mfa', trackId: 'track-2' } });
    expect(await redirectedTo(prepare())).toBe(replaced);
    expect(getConfiguredMethods).not.toHaveBeenCalled();
  });
});

describe('finish a passkey second factor (app/register-mfa/actions.ts finishMfaPasskey)', () => {
  beforeEach(() => mfaFlow({ passkey: ceremony, groupId: 'g-1' }));

  test('verified: the precheck continuation of the track as FIDO2 (with the chosen group), on to /continue', async () => {
    expect(await redirectedTo(finish())).toBe(`/continue?requestId=${REQUEST}`);
    expect(verifyFido2).toHaveBeenCalledWith(expect.objectContaining({ exchangeId: 'ex-1', fidoRequestId: 'fido-1', requestId: REQUEST }));
    const flow = await flowNow();
    expect(flow?.continuation).toEqual({
      target: 'precheck-continue',
      trackId: 'track-1',
      sub: 'sub-1',
      statusId: 'st-1',
      verificationType: 'FIDO2',
      selectedGroupId: 'g-1',
    });
    expect(flow?.passkey).toBeUndefined();
  });

  test.each([
    ['not JSON', '{'],
    ['a registration instead of an assertion', credentialText('registration-response')],
    ['no authenticator data', JSON.stringify({ ...JSON.parse(assertion), response: { ...JSON.parse(assertion).response, authenticatorData: undefined } })],
    ['a rawId that is not base64url', JSON.stringify({ ...JSON.parse(assertion), rawId: 'not base64url!' })],
  ])('a malformed credential (%s) is refused and never sent to the tenant', async (_name, credential) => {
    expect(await finish(credential)).toEqual(refusedState);
    expect(verifyFido2).not.toHaveBeenCalled();
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test('the tenant refuses the assertion: "not accepted", no continuation', async () => {
    vi.mocked(verifyFido2).mockRejectedValueOnce(refusal('request-malformed'));
    expect(await finish()).toEqual(refusedState);
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test('no answer, or a server error: "not responding"; garbage: "not accepted"; each with a reference, never the error page', async () => {
    vi.mocked(verifyFido2).mockRejectedValueOnce(outage());
    expect(await finish()).toMatchObject({ formError: 'serviceUnavailable', reference: expect.any(String) });
    vi.mocked(verifyFido2).mockRejectedValueOnce(serverError());
    expect(await finish()).toMatchObject({ formError: 'serviceUnavailable', reference: expect.any(String) });
    vi.mocked(verifyFido2).mockRejectedValueOnce(garbage());
    expect(await finish()).toMatchObject({ formError: 'passkeyRefused', reference: expect.any(String) });
  });

  test('held back by the address limit for codes: "too many attempts", and how long', async () => {
    limitsMock.attempt.mockResolvedValueOnce(refused('code.address', 25) as never);
    expect(await finish()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts', retryAfter: 25 });
    expect(limitsMock.attempt).toHaveBeenCalledWith([['code.address', 'address']]);
    expect(limitsMock.answerLimited).toHaveBeenCalled();
    expect(verifyFido2).not.toHaveBeenCalled();
  });

  test("no ceremony, a sign-in's, one of another track, or PASSKEYS off: refused before anything is asked", async () => {
    await mfaFlow();
    expect(await finish()).toEqual(refusedState);
    await mfaFlow({ passkey: { purpose: 'sign-in', exchangeId: 'ex-1', fidoRequestId: 'fido-1', sub: 'sub-1' } });
    expect(await finish()).toEqual(refusedState);
    await mfaFlow({ passkey: { ...ceremony, trackId: 'track-old' } });
    expect(await finish()).toEqual(refusedState);
    await mfaFlow({ passkey: ceremony });
    passkeys.on = false;
    expect(await finish()).toEqual(refusedState);
    expect(verifyFido2).not.toHaveBeenCalled();
    expect(limitsMock.attempt).not.toHaveBeenCalled();
  });

  test('not at the MFA precheck: expired; another sign-in in the cookie: replaced', async () => {
    await withFlow({ sub: 'sub-1', passkey: ceremony });
    expect(await redirectedTo(finish())).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-1' }, passkey: ceremony });
    expect(await redirectedTo(finish())).toBe(replaced);
    expect(verifyFido2).not.toHaveBeenCalled();
  });
});
