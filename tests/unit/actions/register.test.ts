import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { RegistrationField } from '@/lib/validation/registration-fields';
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
} from './support';

vi.mock('@/lib/provider/registration', () => ({ readRegistrationFields: vi.fn(), register: vi.fn() }));
vi.mock('@/lib/provider/client-name', () => ({ requireClientInfo: vi.fn() }));
vi.mock('@/lib/provider/verification', () => verificationMock());
const { authenticate, initiateAuthentication } = await import('@/lib/provider/verification');

const { submitRegistration } = await import('@/app/register/actions');
const { readRegistrationFields, register } = await import('@/lib/provider/registration');
const { rememberedEmail } = await import('@/lib/remembered');
const { requireClientInfo } = await import('@/lib/provider/client-name');
const clientInfo = (registration: Partial<{ selfService: boolean; invitations: boolean; captcha: boolean }> = {}) => ({
  displayName: 'Portal',
  identityProviders: [],
  registration: { selfService: undefined, invitations: undefined, captcha: false, ...registration },
});

const base = { custom: false, readOnly: false, options: [] };
const FIELDS: RegistrationField[] = [
  { ...base, key: 'email', type: 'EMAIL', required: true },
  { ...base, key: 'given_name', type: 'TEXT', required: true, maxLength: 10 },
  { ...base, key: 'password', type: 'PASSWORD', required: true },
  { ...base, key: 'password_echo', type: 'PASSWORD', required: true, matchWith: 'password' },
  { ...base, key: 'customer_number', type: 'TEXT', custom: true, required: false, regex: '(?i)^KD-\\d{6}\\z' },
  { ...base, key: 'terms', type: 'CONSENT', custom: true, required: true },
];
const VALID = {
  requestId: REQUEST,
  email: 'nina@example.com',
  given_name: 'Nina',
  password: 'Kitchen2026x',
  password_echo: 'Kitchen2026x',
  customer_number: 'kd-123456',
  terms: 'on',
};
// A fresh password per post: identical posts within 10 s share one provider call (single-flight).
let posts = 0;
const post = (fields: Record<string, string> = VALID) => {
  const password = fields === VALID ? `Kitchen2026x${++posts}` : fields.password;
  return submitRegistration(idle, form({ ...fields, password, password_echo: fields === VALID ? password : fields.password_echo }));
};
/** A register answer as read (lib/provider/registration.ts): the published sample's `email_verified: false` and VERIFIED unless changed. */
const registered = (
  suggestedAction: string | undefined,
  over: Partial<{ emailVerified: boolean; userStatus: string; trackId: string; sub: string | undefined }> = {},
) => ({ kind: 'registered', sub: 's-1', suggestedAction, trackId: undefined, emailVerified: false, userStatus: 'VERIFIED', ...over }) as const;

beforeEach(() => {
  resetRequest();
  vi.mocked(initiateAuthentication)
    .mockReset()
    .mockResolvedValue({ kind: 'initiated', exchangeId: 'ex-1' } as never);
  vi.mocked(authenticate)
    .mockReset()
    .mockResolvedValue({ sub: 's-1', statusId: 'st-1' } as never);
  vi.mocked(readRegistrationFields).mockResolvedValue(FIELDS);
  vi.mocked(register).mockResolvedValue(registered('LOGIN'));
  vi.mocked(requireClientInfo).mockResolvedValue(clientInfo());
});

describe('register (app/register/actions.ts submitRegistration)', () => {
  test('every field checked against the tenant’s list: the errors by key, the values back without the passwords, the password checklist without JavaScript', async () => {
    const state = await post({
      requestId: REQUEST,
      email: 'nina@',
      given_name: 'Nina Maria Schmidt',
      password: 'short',
      password_echo: 'other',
      customer_number: 'KD-1',
    });
    expect(state).toEqual({
      status: 'invalid',
      fieldErrors: {
        email: 'emailInvalid',
        given_name: 'fieldTooLong',
        password: 'newPasswordLength',
        password_echo: 'passwordsDontMatch',
        customer_number: 'fieldPattern',
        terms: 'consentRequired',
      },
      values: { email: 'nina@', given_name: 'Nina Maria Schmidt', customer_number: 'KD-1', terms: '' },
      check: { unmet: ['length', 'upper', 'digit'], forbidden: [] },
    });
    expect(register).not.toHaveBeenCalled();
  });

  test('a mobile number: judged with the country posted beside it, echoed with it, and sent in international form', async () => {
    vi.mocked(readRegistrationFields).mockResolvedValue([...FIELDS, { ...base, key: 'mobile_number', type: 'MOBILE', required: false }]);
    const withMobile = (mobile_number: string, country: string) => ({ ...VALID, password: 'Kitchen2026x', mobile_number, mobile_number__country: country });
    expect(await post(withMobile('0151 23456789', 'GB'))).toMatchObject({
      fieldErrors: { mobile_number: 'mobileInvalid' },
      values: { mobile_number: '0151 23456789', mobile_number__country: 'GB' },
    });
    expect(await post(withMobile('030 1234567', 'DE'))).toMatchObject({ fieldErrors: { mobile_number: 'mobileNotMobile' } });
    expect(register).not.toHaveBeenCalled();
    await redirectedTo(post(withMobile('0151 23456789', 'DE')));
    expect(vi.mocked(register).mock.calls[0]?.[0].input.fields).toMatchObject({ mobile_number: '+4915123456789' });
  });

  test('registered, LOGIN without a track: the address remembered, signed in with the password just chosen (kept nowhere), "Registration complete" hands it over', async () => {
    expect(await redirectedTo(post())).toBe(`/register-success?requestId=${REQUEST}`);
    expect(register).toHaveBeenCalledWith({
      requestId: REQUEST,
      locale: 'en-GB',
      input: {
        fields: { email: 'nina@example.com', given_name: 'Nina' },
        customFields: { customer_number: 'kd-123456', terms: true },
        password: `Kitchen2026x${posts}`,
        passwordEcho: `Kitchen2026x${posts}`,
        email: 'nina@example.com',
      },
      fieldKeys: FIELDS.map((f) => f.key),
    });
    expect(await rememberedEmail.read()).toBe('nina@example.com');
    expect(initiateAuthentication).toHaveBeenCalledWith(expect.objectContaining({ type: 'PASSWORD', requestId: REQUEST, email: 'nina@example.com' }));
    expect(authenticate).toHaveBeenCalledWith(expect.objectContaining({ type: 'PASSWORD', exchangeId: 'ex-1', secret: `Kitchen2026x${posts}` }));
    const flow = await flowNow();
    expect(flow).toMatchObject({
      requestId: REQUEST,
      email: 'nina@example.com',
      sub: 's-1',
      registered: true,
      continuation: { target: 'verification-login', statusId: 'st-1', sub: 's-1', verificationType: 'password', exchangeId: 'ex-1' },
    });
    expect(JSON.stringify(flow)).not.toContain(`Kitchen2026x${posts}`);
    // MFA: the same sign-in; the tenant asks for the second factor after it.
    vi.mocked(register).mockResolvedValueOnce(registered('MFA'));
    expect(await redirectedTo(post())).toBe(`/register-success?requestId=${REQUEST}`);
    expect(authenticate).toHaveBeenCalledTimes(2);
  });

  test('the sign-in with the new password cannot be done: the password step for the address, which says the account exists, never the e-mail step', async () => {
    vi.mocked(authenticate).mockRejectedValueOnce(outage());
    expect(await redirectedTo(post())).toBe(`/login?requestId=${REQUEST}`);
    const flow = await flowNow();
    expect(flow).toMatchObject({ requestId: REQUEST, email: 'nina@example.com', sub: 's-1', registered: true });
    expect(flow?.continuation).toBeUndefined();
    // Refused (here: as a wrong password) the same way.
    vi.mocked(authenticate).mockRejectedValueOnce(refusal('wrong-password'));
    expect(await redirectedTo(post())).toBe(`/login?requestId=${REQUEST}`);
  });

  test('an answer that says the address must be confirmed first: the confirmation at once, for the account the answer names', async () => {
    // A status other than VERIFIED beside an unconfirmed address, even with LOGIN and a track.
    vi.mocked(register).mockResolvedValueOnce(registered('LOGIN', { userStatus: 'PENDING', trackId: 'track-1' }));
    expect(await redirectedTo(post())).toBe(`/verify-email?requestId=${REQUEST}`);
    expect(await flowNow()).toMatchObject({ requestId: REQUEST, email: 'nina@example.com', sub: 's-1', registered: true });
    expect((await flowNow())?.signInTrack).toBeUndefined();
    // No track and no LOGIN or MFA suggestion beside an unconfirmed address.
    vi.mocked(register).mockResolvedValueOnce(registered(undefined));
    expect(await redirectedTo(post())).toBe(`/verify-email?requestId=${REQUEST}`);
    // Without the account's subject nothing can be sent for it: "Registration complete" says to check the inbox.
    vi.mocked(register).mockResolvedValueOnce(registered(undefined, { sub: undefined }));
    expect(await redirectedTo(post())).toBe(`/register-success?requestId=${REQUEST}`);
  });

  test('a suggestion not served here (DEDUPLICATION): the success page', async () => {
    vi.mocked(register).mockResolvedValueOnce(registered('DEDUPLICATION', { emailVerified: true }));
    expect(await redirectedTo(post())).toBe(`/register-success?requestId=${REQUEST}`);
    vi.mocked(register).mockResolvedValueOnce(registered('DEDUPLICATION', { trackId: 'track-1' }));
    expect(await redirectedTo(post())).toBe(`/register-success?requestId=${REQUEST}`);
    expect((await flowNow())?.signInTrack).toBeUndefined();
  });

  test('registered with a track and LOGIN (the tenant signs new accounts in): the track and the account in the flow, not the address, then the success page', async () => {
    // The published sample's email_verified false beside LOGIN: the sign-in is tried; a refusal names the account bound here.
    vi.mocked(register).mockResolvedValueOnce(registered('LOGIN', { trackId: 'track-new-1' }));
    expect(await redirectedTo(post())).toBe(`/register-success?requestId=${REQUEST}`);
    expect(await flowNow()).toMatchObject({ requestId: REQUEST, email: 'nina@example.com', sub: 's-1', registered: true, signInTrack: 'track-new-1' });
    vi.mocked(register).mockResolvedValueOnce(registered(undefined, { trackId: 'track-new-2', emailVerified: true }));
    expect(await redirectedTo(post())).toBe(`/register-success?requestId=${REQUEST}`);
    expect((await flowNow())?.signInTrack).toBe('track-new-2');
  });

  test('an existing account: said on the e-mail field, the flow started with the address for sign-in and reset', async () => {
    vi.mocked(register).mockResolvedValueOnce({ kind: 'exists' });
    expect(await post()).toMatchObject({ status: 'invalid', fieldErrors: { email: 'accountExists' }, values: { email: 'nina@example.com' } });
    expect(await flowNow()).toMatchObject({ requestId: REQUEST, email: 'nina@example.com' });
  });

  test('the provider names a field: on that field; names none: about the form', async () => {
    vi.mocked(register).mockResolvedValueOnce({ kind: 'field-refused', field: 'given_name', reason: 'missing' });
    expect(await post()).toMatchObject({ fieldErrors: { given_name: 'fieldRequired' } });
    vi.mocked(register).mockResolvedValueOnce({ kind: 'field-refused', field: 'customer_number', reason: 'invalid' });
    expect(await post()).toMatchObject({ fieldErrors: { customer_number: 'fieldPattern' } });
    vi.mocked(register).mockResolvedValueOnce({ kind: 'field-refused', field: undefined, reason: 'invalid' });
    expect(await post()).toMatchObject({ fieldErrors: {}, formError: 'registerRefused' });
  });

  test('an expired request: the expired page; no answer: the form with "not responding"; garbage: the error page', async () => {
    vi.mocked(register).mockResolvedValueOnce({ kind: 'request-invalid' });
    expect(await redirectedTo(post())).toBe(`/error?reason=expired&requestId=${REQUEST}`);
    vi.mocked(readRegistrationFields).mockRejectedValueOnce(refusal('reference-invalid'));
    expect(await redirectedTo(post())).toBe(`/error?reason=expired&requestId=${REQUEST}`);
    vi.mocked(register).mockRejectedValueOnce(outage());
    expect(await post()).toMatchObject({ formError: 'serviceUnavailable', values: { email: 'nina@example.com' } });
    vi.mocked(register).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(post())).toMatch(ERROR_PAGE_WITH_REF);
  });

  test('a form without a usable request id is an invalid link', async () => {
    expect(await redirectedTo(post({ ...VALID, requestId: 'x' }))).toBe('/error?reason=invalid-request');
  });

  test.each([
    ['asks for a captcha, which this product does not render', { captcha: true }],
    ['has self-registration off', { selfService: false }],
  ])('a client that %s: nothing is registered, the page says why', async (_name, registration) => {
    vi.mocked(requireClientInfo).mockResolvedValue(clientInfo(registration));
    expect(await redirectedTo(post())).toBe(`/register?requestId=${REQUEST}`);
    expect(register).not.toHaveBeenCalled();
  });

  test('over the per-client budget for the field list’s reads: nothing asked of the provider, the form’s wait', async () => {
    limitsMock.attempt.mockResolvedValueOnce(refused('entry.address', 40) as never);
    expect(await post()).toMatchObject({ status: 'invalid', fieldErrors: {}, formError: 'registerWait', retryAfter: 40 });
    expect(limitsMock.attempt).toHaveBeenLastCalledWith([['entry.address', 'address']]);
    expect(limitsMock.answerLimited).toHaveBeenCalledWith(expect.objectContaining({ limit: 'entry.address' }), 'register.setup');
    expect(requireClientInfo).not.toHaveBeenCalled();
    expect(readRegistrationFields).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();
  });

  test('over the registration limit: nothing asked of the provider, 429 and the wait on the form, the values kept', async () => {
    limitsMock.attempt.mockResolvedValueOnce({ ok: true }).mockResolvedValueOnce(refused('register.address', 600) as never);
    const state = await post();
    expect(state).toMatchObject({ status: 'invalid', fieldErrors: {}, formError: 'registerWait', retryAfter: 600, values: { email: 'nina@example.com' } });
    expect(register).not.toHaveBeenCalled();
    expect(limitsMock.answerLimited).toHaveBeenCalledWith(expect.objectContaining({ limit: 'register.address', retryAfter: 600 }), 'register');
    expect(limitsMock.attempt).toHaveBeenLastCalledWith([
      ['register.address', 'address'],
      ['register.account', expect.stringContaining('nina@example.com')],
    ]);
  });
});
