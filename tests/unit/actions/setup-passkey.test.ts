import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ProviderError } from '@/lib/provider/errors';
import {
  credentialText,
  ERROR_PAGE_WITH_REF,
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
  withFlow,
} from './support';

vi.mock('@/lib/config', (original) => passkeysConfig(original));
vi.mock('@/lib/provider/fido2', () => fido2Mock());

const { finishPasskeySetup, preparePasskeySetup, skipPasskeySetup } = await import('@/app/setup-passkey/actions');
const { answerSuggestion, initiateFido2Setup, verifyFido2Setup } = await import('@/lib/provider/fido2');

const options = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'localhost' },
  user: { id: 'dXNlcg', name: 'anna@example.com', displayName: 'Anna' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
};
const ceremony = { purpose: 'enrol', exchangeId: 'ex-1', fidoRequestId: 'fido-1', sub: 'sub-1', trackId: 'track-1' } as const;
const attestation = credentialText('registration-response');
const suggestFlow = (values = {}) => withFlow({ sub: 'sub-1', precheck: { kind: 'suggest', trackId: 'track-1' }, ...values });

const prepare = () => preparePasskeySetup(idle, form({ requestId: REQUEST }));
const finish = (credential = attestation) => finishPasskeySetup(idle, form({ requestId: REQUEST, credential }));
const skip = () => skipPasskeySetup(idle, form({ requestId: REQUEST }));
const refusedState = { status: 'invalid', fieldErrors: {}, formError: 'passkeyRefused' };
const unavailable = { status: 'invalid', fieldErrors: {}, formError: 'passkeyUnavailable' };
const suggestionAnswered = { target: 'precheck-continue', trackId: 'track-1', sub: 'sub-1' };

beforeEach(() => {
  resetRequest();
  passkeys.on = true;
  vi.mocked(initiateFido2Setup).mockResolvedValue({ exchangeId: 'ex-1', expiresAt: undefined, sub: 'sub-1', fidoRequestId: 'fido-1', options });
  vi.mocked(verifyFido2Setup).mockResolvedValue(undefined);
  vi.mocked(answerSuggestion).mockResolvedValue(undefined);
});

describe('open an enrolment (app/setup-passkey/actions.ts preparePasskeySetup)', () => {
  beforeEach(() => suggestFlow());

  test("ready: the tenant's creation options for the browser, the ceremony with the track in the flow", async () => {
    expect(await prepare()).toEqual({ status: 'ready', ceremony: 'create', options });
    expect(initiateFido2Setup).toHaveBeenCalledWith(expect.objectContaining({ trackId: 'track-1', requestId: REQUEST, domainUrl: 'http://localhost:3999' }));
    expect((await flowNow())?.passkey).toEqual(ceremony);
  });

  test("the tenant names no subject: the flow's", async () => {
    vi.mocked(initiateFido2Setup).mockResolvedValueOnce({ exchangeId: 'ex-2', expiresAt: undefined, sub: undefined, fidoRequestId: 'fido-2', options });
    await prepare();
    expect((await flowNow())?.passkey).toEqual({ ...ceremony, exchangeId: 'ex-2', fidoRequestId: 'fido-2' });
  });

  test('PASSKEYS off: unavailable, nothing is asked', async () => {
    passkeys.on = false;
    expect(await prepare()).toEqual(unavailable);
    expect(initiateFido2Setup).not.toHaveBeenCalled();
  });

  // The 4.0.6 set-up codes (top-level VER_*): each refusal the tenant explains is said on the form.
  test.each([
    ['already configured (VER_0029)', 'method-configured', 'passkeyAlreadySetUp'],
    ['not active for the tenant (VER_0028)', 'method-unavailable', 'passkeyUnavailable'],
    ['the track invalid (VER_0025)', 'reference-invalid', 'passkeySetupExpired'],
  ] as const)('the tenant refuses, %s: said on the form, no reference, no ceremony', async (_name, meaning, formError) => {
    vi.mocked(initiateFido2Setup).mockRejectedValueOnce(refusal(meaning));
    expect(await prepare()).toEqual({ status: 'invalid', fieldErrors: {}, formError });
    expect((await flowNow())?.passkey).toBeUndefined();
  });

  test('a refusal without a meaning, a malformed request, garbage: unavailable with a reference; no answer: "not responding"', async () => {
    vi.mocked(initiateFido2Setup).mockRejectedValueOnce(refusal('request-malformed'));
    expect(await prepare()).toEqual({ ...unavailable, reference: expect.stringMatching(/^[0-9A-F]{10}$/) });
    vi.mocked(initiateFido2Setup).mockRejectedValueOnce(new ProviderError({ kind: 'rejected', operation: 'x', status: 400, code: 'VER_0999' }));
    expect(await prepare()).toMatchObject({ formError: 'passkeyUnavailable', reference: expect.any(String) });
    vi.mocked(initiateFido2Setup).mockRejectedValueOnce(garbage());
    expect(await prepare()).toMatchObject({ formError: 'passkeyUnavailable', reference: expect.any(String) });
    vi.mocked(initiateFido2Setup).mockRejectedValueOnce(outage());
    expect(await prepare()).toMatchObject({ formError: 'serviceUnavailable', reference: expect.any(String) });
    expect((await flowNow())?.passkey).toBeUndefined();
  });

  test('not at the suggestion: expired; another sign-in in the cookie: replaced', async () => {
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-1' } });
    expect(await redirectedTo(prepare())).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, sub: 'sub-2', precheck: { kind: 'suggest', trackId: 'track-2' } });
    expect(await redirectedTo(prepare())).toBe(replaced);
    expect(initiateFido2Setup).not.toHaveBeenCalled();
  });
});

describe('finish an enrolment (app/setup-passkey/actions.ts finishPasskeySetup)', () => {
  beforeEach(() => suggestFlow({ passkey: ceremony }));

  test('stored by the tenant: the suggestion answered, back to the page, which now says the passkey was created', async () => {
    expect(await redirectedTo(finish())).toBe(`/setup-passkey?requestId=${REQUEST}`);
    const sent = vi.mocked(verifyFido2Setup).mock.calls[0][0];
    expect(sent).toMatchObject({ exchangeId: 'ex-1', sub: 'sub-1', fidoRequestId: 'fido-1', requestId: REQUEST });
    expect(sent.credential).toMatchObject({ id: JSON.parse(attestation).id, type: 'public-key' });
    expect(sent.credential).not.toHaveProperty('_source');
    const flow = await flowNow();
    expect(flow?.continuation).toEqual(suggestionAnswered);
    expect(flow?.passkey).toBeUndefined();
    expect(flow?.passkeyCreated).toBe(true);
  });

  test("a ceremony without a subject: the flow's is sent", async () => {
    await suggestFlow({ passkey: { ...ceremony, sub: undefined } });
    await redirectedTo(finish());
    expect(verifyFido2Setup).toHaveBeenCalledWith(expect.objectContaining({ sub: 'sub-1' }));
  });

  test.each([
    ['not JSON', 'undefined'],
    ['an assertion instead of a registration', credentialText('authentication-response')],
    ['no attestation object', JSON.stringify({ ...JSON.parse(attestation), response: { ...JSON.parse(attestation).response, attestationObject: undefined } })],
    ['a JSON array', '[]'],
  ])('a malformed credential (%s) is refused and never sent to the tenant', async (_name, credential) => {
    expect(await finish(credential)).toEqual(refusedState);
    expect(verifyFido2Setup).not.toHaveBeenCalled();
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test('the tenant refuses the attestation: "not accepted", no continuation', async () => {
    vi.mocked(verifyFido2Setup).mockRejectedValueOnce(refusal('request-malformed'));
    expect(await finish()).toEqual(refusedState);
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test('a passkey made elsewhere meanwhile (VER_0034), or the track gone: said on the form', async () => {
    vi.mocked(verifyFido2Setup).mockRejectedValueOnce(refusal('method-configured'));
    expect(await finish()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'passkeyAlreadySetUp' });
    vi.mocked(verifyFido2Setup).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await finish()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'passkeySetupExpired' });
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test('no answer, or a server error: "not responding"; garbage: "not accepted"; each with a reference, never the error page', async () => {
    vi.mocked(verifyFido2Setup).mockRejectedValueOnce(outage());
    expect(await finish()).toMatchObject({ formError: 'serviceUnavailable', reference: expect.any(String) });
    vi.mocked(verifyFido2Setup).mockRejectedValueOnce(serverError());
    expect(await finish()).toMatchObject({ formError: 'serviceUnavailable', reference: expect.any(String) });
    vi.mocked(verifyFido2Setup).mockRejectedValueOnce(garbage());
    expect(await finish()).toMatchObject({ formError: 'passkeyRefused', reference: expect.any(String) });
  });

  test('held back by the address limit for codes: "too many attempts", and how long', async () => {
    limitsMock.attempt.mockResolvedValueOnce(refused('code.address', 25) as never);
    expect(await finish()).toEqual({ status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts', retryAfter: 25 });
    expect(limitsMock.answerLimited).toHaveBeenCalled();
    expect(verifyFido2Setup).not.toHaveBeenCalled();
  });

  test("no ceremony, a second factor's, one of another track, or PASSKEYS off: refused before anything is asked", async () => {
    await suggestFlow();
    expect(await finish()).toEqual(refusedState);
    await suggestFlow({ passkey: { ...ceremony, purpose: 'second-factor' } });
    expect(await finish()).toEqual(refusedState);
    await suggestFlow({ passkey: { ...ceremony, trackId: 'track-old' } });
    expect(await finish()).toEqual(refusedState);
    await suggestFlow({ passkey: ceremony });
    passkeys.on = false;
    expect(await finish()).toEqual(refusedState);
    expect(verifyFido2Setup).not.toHaveBeenCalled();
    expect(limitsMock.attempt).not.toHaveBeenCalled();
  });

  test('not at the suggestion: expired; another sign-in in the cookie: replaced', async () => {
    await withFlow({ sub: 'sub-1', passkey: ceremony });
    expect(await redirectedTo(finish())).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, sub: 'sub-1', precheck: { kind: 'suggest', trackId: 'track-1' }, passkey: ceremony });
    expect(await redirectedTo(finish())).toBe(replaced);
    expect(verifyFido2Setup).not.toHaveBeenCalled();
  });
});

describe('not now (app/setup-passkey/actions.ts skipPasskeySetup)', () => {
  beforeEach(() => suggestFlow({ passkey: ceremony }));

  test('the tenant told SKIP for the track; the suggestion answered, an open ceremony dropped, on to /continue', async () => {
    expect(await redirectedTo(skip())).toBe(`/continue?requestId=${REQUEST}`);
    expect(answerSuggestion).toHaveBeenCalledWith(expect.objectContaining({ trackId: 'track-1', action: 'SKIP', requestId: REQUEST }));
    const flow = await flowNow();
    expect(flow?.continuation).toEqual(suggestionAnswered);
    expect(flow?.passkey).toBeUndefined();
  });

  test('works with PASSKEYS off too (the tenant suggested; the sign-in must go on)', async () => {
    passkeys.on = false;
    expect(await redirectedTo(skip())).toBe(`/continue?requestId=${REQUEST}`);
  });

  test('no answer: the form with "not responding" and a reference; garbage: the error page with a reference', async () => {
    vi.mocked(answerSuggestion).mockRejectedValueOnce(outage());
    expect(await skip()).toMatchObject({ status: 'invalid', formError: 'serviceUnavailable', reference: expect.any(String) });
    expect((await flowNow())?.continuation).toBeUndefined();
    vi.mocked(answerSuggestion).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(skip())).toMatch(ERROR_PAGE_WITH_REF);
  });

  test('SKIP refused (a method required now, 400): back to the page, which no longer offers "Not now"; never asked again', async () => {
    vi.mocked(answerSuggestion).mockRejectedValueOnce(refusal('request-malformed'));
    expect(await redirectedTo(skip())).toBe(`/setup-passkey?requestId=${REQUEST}`);
    const flow = await flowNow();
    expect(flow?.precheck).toEqual({ kind: 'suggest', trackId: 'track-1', skipRefused: true });
    expect(flow?.continuation).toBeUndefined();
    vi.mocked(answerSuggestion).mockClear();
    expect(await redirectedTo(skip())).toBe(`/setup-passkey?requestId=${REQUEST}`);
    expect(answerSuggestion).not.toHaveBeenCalled();
  });

  test('the track unknown to the tenant (404): the sign-in has expired', async () => {
    vi.mocked(answerSuggestion).mockRejectedValueOnce(new ProviderError({ kind: 'rejected', operation: 'x', status: 404, code: 'VER_0006' }));
    expect(await redirectedTo(skip())).toBe(expired);
  });

  test('not at the suggestion: expired; another sign-in in the cookie: replaced', async () => {
    await withFlow({ sub: 'sub-1' });
    expect(await redirectedTo(skip())).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, sub: 'sub-1', precheck: { kind: 'suggest', trackId: 'track-1' } });
    expect(await redirectedTo(skip())).toBe(replaced);
    expect(answerSuggestion).not.toHaveBeenCalled();
  });
});
