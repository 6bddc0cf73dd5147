import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ProviderError } from '@/lib/provider/errors';

/**
 * lib/flows/passkeys.ts: which ceremony is opened for which purpose, and what the browser's answer
 * and the tenant's verdict come to. The provider calls are mocks; the browser credentials are the
 * recorded ones of tests/unit/fixtures/fido2.
 */
vi.mock('@/lib/provider/fido2', () => ({ initiateFido2: vi.fn(), verifyFido2: vi.fn(), initiateFido2Setup: vi.fn(), verifyFido2Setup: vi.fn() }));
vi.mock('@/lib/provider/verification', () => ({ getConfiguredMethods: vi.fn() }));

const { checkAssertion, checkAttestation, prepareEnrolment, prepareSecondFactor, prepareSignIn } = await import('@/lib/flows/passkeys');
const { initiateFido2, initiateFido2Setup, verifyFido2, verifyFido2Setup } = await import('@/lib/provider/fido2');
const { getConfiguredMethods } = await import('@/lib/provider/verification');
const { log } = await import('@/lib/log');

const assertion = readFileSync('tests/unit/fixtures/fido2/authentication-response.json', 'utf8');
const attestation = readFileSync('tests/unit/fixtures/fido2/registration-response.json', 'utf8');
const getOptions = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };
const createOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'localhost' },
  user: { id: 'dXNlcg', name: 'anna@example.com', displayName: 'Anna' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
};
const opened = (sub?: string) => ({ exchangeId: 'ex-1', expiresAt: undefined, sub, fidoRequestId: 'fido-1', options: getOptions });
const signIn = { purpose: 'sign-in', exchangeId: 'ex-1', fidoRequestId: 'fido-1' } as const;
const enrol = { purpose: 'enrol', exchangeId: 'ex-1', fidoRequestId: 'fido-1', sub: 'sub-1', trackId: 'track-1' } as const;
const rejected = (status: number) => new ProviderError({ kind: 'rejected', operation: 'fido2.verify', service: 'verification-srv', status, code: 'VER_0035' });
const common = { requestId: 'request-a-12345678', locale: 'en-GB' };

describe('opening a ceremony', () => {
  test("sign-in: an initial authentication for the e-mail at this deployment's origin; the subject kept only when the tenant names it", async () => {
    vi.mocked(initiateFido2).mockResolvedValue(opened('sub-1'));
    expect(await prepareSignIn({ ...common, email: 'anna@example.com' })).toEqual({
      ceremony: { ...signIn, sub: 'sub-1' },
      state: { status: 'ready', ceremony: 'get', options: getOptions },
    });
    expect(initiateFido2).toHaveBeenCalledWith({
      usageType: 'INITIAL_AUTHENTICATION',
      email: 'anna@example.com',
      domainUrl: 'http://localhost:3999',
      ...common,
    });
    vi.mocked(initiateFido2).mockResolvedValue(opened());
    expect((await prepareSignIn({ ...common, email: 'anna@example.com' })).ceremony).toEqual(signIn);
  });

  test("second factor: only when the tenant lists FIDO2 now, with its one medium, the account's subject and the track", async () => {
    vi.mocked(initiateFido2).mockResolvedValue(opened('sub-other'));
    vi.mocked(getConfiguredMethods).mockResolvedValue([
      { type: 'SMS', mediumIds: ['m-sms'] },
      { type: 'FIDO2', mediumIds: ['k-1'] },
    ]);
    const args = { ...common, sub: 'sub-1', trackId: 'track-1' };
    expect(await prepareSecondFactor(args)).toEqual({
      // The subject is the flow's, whatever the initiation names.
      ceremony: { purpose: 'second-factor', exchangeId: 'ex-1', fidoRequestId: 'fido-1', sub: 'sub-1', trackId: 'track-1' },
      state: { status: 'ready', ceremony: 'get', options: getOptions },
    });
    expect(initiateFido2).toHaveBeenCalledWith(
      expect.objectContaining({ usageType: 'MULTIFACTOR_AUTHENTICATION', sub: 'sub-1', mediumId: 'k-1', trackId: 'track-1' }),
    );

    // Several passkeys: no one medium is named.
    vi.mocked(getConfiguredMethods).mockResolvedValue([{ type: 'FIDO2', mediumIds: ['k-1', 'k-2'] }]);
    await prepareSecondFactor(args);
    expect(initiateFido2).toHaveBeenLastCalledWith(expect.objectContaining({ mediumId: '' }));

    vi.mocked(initiateFido2).mockClear();
    vi.mocked(getConfiguredMethods).mockResolvedValue([{ type: 'SMS', mediumIds: ['m-sms'] }]);
    expect(await prepareSecondFactor(args)).toBeUndefined();
    expect(initiateFido2).not.toHaveBeenCalled();
  });

  test("enrolment: at the track, with the tenant's subject, else the flow's", async () => {
    vi.mocked(initiateFido2Setup).mockResolvedValue({ ...opened('sub-tenant'), options: createOptions });
    const args = { ...common, sub: 'sub-1', trackId: 'track-1' };
    expect(await prepareEnrolment(args)).toEqual({
      ceremony: { ...enrol, sub: 'sub-tenant' },
      state: { status: 'ready', ceremony: 'create', options: createOptions },
    });
    expect(initiateFido2Setup).toHaveBeenCalledWith({ trackId: 'track-1', domainUrl: 'http://localhost:3999', ...common });
    vi.mocked(initiateFido2Setup).mockResolvedValue({ ...opened(), options: createOptions });
    expect(await prepareEnrolment(args)).toMatchObject({ ceremony: { sub: 'sub-1' } });
  });

  test('enrolment refused with a reason (already set up, not active, the track gone): refused with its meaning, logged; else thrown', async () => {
    const args = { ...common, sub: 'sub-1', trackId: 'track-1' };
    const info = vi.spyOn(log, 'info');
    for (const [code, meaning] of [
      ['VER_0029', 'method-configured'],
      ['VER_0028', 'method-unavailable'],
      ['VER_0025', 'reference-invalid'],
    ] as const) {
      vi.mocked(initiateFido2Setup).mockRejectedValueOnce(
        new ProviderError({ kind: 'rejected', operation: 'fido2.setupInitiate', status: 400, code, meaning }),
      );
      expect(await prepareEnrolment(args)).toEqual({ kind: 'refused', meaning });
      expect(info).toHaveBeenLastCalledWith(expect.objectContaining({ event: 'passkey.setup.refused', code, meaning }), 'passkey set-up refused');
    }
    for (const error of [
      new ProviderError({ kind: 'rejected', operation: 'x', status: 400, code: 'VER_0004', meaning: 'request-malformed' }),
      new ProviderError({ kind: 'rejected', operation: 'x', status: 400, code: 'VER_0999' }),
      rejected(503),
    ]) {
      vi.mocked(initiateFido2Setup).mockRejectedValueOnce(error);
      await expect(prepareEnrolment(args)).rejects.toBe(error);
    }
  });

  test('a failure to open is thrown to the action', async () => {
    vi.mocked(initiateFido2).mockRejectedValue(rejected(400));
    await expect(prepareSignIn({ ...common, email: 'anna@example.com' })).rejects.toBeInstanceOf(ProviderError);
  });
});

describe.each([
  {
    name: 'checkAssertion',
    check: (credential: unknown) => checkAssertion({ ceremony: { ...signIn, sub: 'sub-ceremony' }, credential, ...common }),
    call: () => vi.mocked(verifyFido2),
    good: assertion,
    other: attestation,
    success: { kind: 'verified', sub: 'sub-1', statusId: 'st-1' },
  },
  {
    name: 'checkAttestation',
    check: (credential: unknown) => checkAttestation({ ceremony: enrol, credential, ...common }),
    call: () => vi.mocked(verifyFido2Setup),
    good: attestation,
    other: assertion,
    success: { kind: 'enrolled' },
  },
])('$name', ({ check, call, good, other, success }) => {
  beforeEach(() => {
    vi.mocked(verifyFido2).mockResolvedValue({ sub: 'sub-1', statusId: 'st-1' });
    vi.mocked(verifyFido2Setup).mockResolvedValue(undefined);
  });

  test("accepted by the tenant: the ceremony's exchange and request id, and of what was posted the credential's own fields only", async () => {
    // A post may carry more than the browser's credential: the fixture's `_source` note, or what a
    // script adds. Only the credential's fields, as the browser gave them, reach the tenant.
    const browser = JSON.parse(good) as Record<string, unknown>;
    delete browser._source;
    expect(await check(JSON.stringify({ ...browser, _source: 'a note', injected: { admin: true } }))).toEqual(success);
    const sent = call().mock.calls.at(-1)![0] as unknown as { credential: unknown };
    expect(sent).toMatchObject({ exchangeId: 'ex-1', fidoRequestId: 'fido-1', ...common });
    expect(sent.credential).toStrictEqual(browser);
  });

  test.each([
    ['not a string', undefined],
    ['a File', new File(['{}'], 'credential.json')],
    ['not JSON', '{"id":'],
    ['JSON null', 'null'],
    ["the other ceremony's credential", 'OTHER'],
    ['more than 32 KiB', 'LONG'],
  ])('malformed (%s): never sent to the tenant', async (_name, credential) => {
    const text = credential === 'OTHER' ? other : credential === 'LONG' ? good.replace('"id":', `"pad":"${'x'.repeat(33_000)}","id":`) : credential;
    expect(await check(text)).toEqual({ kind: 'malformed' });
    expect(call()).not.toHaveBeenCalled();
  });

  test('refused by the tenant (any code, any 4xx): refused, and logged with the code', async () => {
    const info = vi.spyOn(log, 'info');
    call().mockRejectedValueOnce(rejected(400));
    expect(await check(good)).toEqual({ kind: 'refused' });
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ event: 'passkey.refused', code: 'VER_0035' }), 'passkey not accepted');
    call().mockRejectedValueOnce(rejected(409));
    expect(await check(good)).toEqual({ kind: 'refused' });
  });

  test("every other failure, a tenant's 5xx too, is thrown to the action's handling", async () => {
    for (const error of [
      rejected(500),
      rejected(503),
      new ProviderError({ kind: 'timeout', operation: 'fido2.verify' }),
      new ProviderError({ kind: 'invalid-response', operation: 'fido2.verify' }),
      new Error('bug'),
    ]) {
      call().mockRejectedValueOnce(error);
      await expect(check(good)).rejects.toBe(error);
    }
  });
});

test("checkAssertion: the tenant's answer without a subject takes the ceremony's, or none", async () => {
  vi.mocked(verifyFido2).mockResolvedValue({ sub: undefined, statusId: 'st-2' });
  expect(await checkAssertion({ ceremony: { ...signIn, sub: 'sub-ceremony' }, credential: assertion, ...common })).toEqual({
    kind: 'verified',
    sub: 'sub-ceremony',
    statusId: 'st-2',
  });
  expect(await checkAssertion({ ceremony: signIn, credential: assertion, ...common })).toEqual({ kind: 'verified', sub: undefined, statusId: 'st-2' });
});
