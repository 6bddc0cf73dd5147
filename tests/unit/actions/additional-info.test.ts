import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { RegistrationField } from '@/lib/validation/registration-fields';
import { ERROR_PAGE_WITH_REF, expired, flowNow, form, garbage, idle, outage, redirectedTo, REQUEST, resetRequest, withFlow } from './support';

vi.mock('@/lib/provider/registration', () => ({ readRegistrationFields: vi.fn() }));
vi.mock('@/lib/provider/prelogin', () => ({ getMissingFields: vi.fn() }));
vi.mock('@/lib/provider/progressive', () => ({ readTrackInfo: vi.fn(), updateMissingFields: vi.fn(), registerNewcomer: vi.fn() }));

const { saveMissingFields } = await import('@/app/register-additional-info/actions');
const { readRegistrationFields } = await import('@/lib/provider/registration');
const { getMissingFields } = await import('@/lib/provider/prelogin');
const { readTrackInfo, updateMissingFields, registerNewcomer } = await import('@/lib/provider/progressive');

const TRACK = '3f2c9a1e-0000-4000-8000-000000000002';
const SUB = '3f2c9a1e-0000-4000-8000-000000000003';
const base = { custom: false, readOnly: false, options: [] };
// The tenant's list: the mobile number is optional there, yet asked (and required) when missing.
const LIST: RegistrationField[] = [
  { ...base, key: 'email', type: 'EMAIL', required: true },
  { ...base, key: 'mobile_number', type: 'MOBILE', required: false },
  { ...base, key: 'password', type: 'PASSWORD', required: true },
  {
    ...base,
    key: 'business_type',
    type: 'SELECT',
    custom: true,
    required: true,
    options: ['hotel', 'canteen', 'bakery', 'bistro', 'cafe'].map((key) => ({ key, label: key })),
  },
];
const VALID = { requestId: REQUEST, mobile_number: '+49 151 9999 9999', business_type: 'hotel' };
let posts = 0;
// Identical posts within 10 s share one provider call (single-flight): each test's post differs.
const post = (fields: Record<string, string> = VALID) =>
  saveMissingFields(idle, form(fields === VALID ? { ...VALID, mobile_number: `+49 151 9999 ${1000 + ++posts}` } : fields));

beforeEach(async () => {
  resetRequest();
  vi.mocked(readRegistrationFields).mockResolvedValue(LIST);
  vi.mocked(getMissingFields).mockResolvedValue({
    kind: 'missing',
    fields: ['mobile_number', 'business_type', 'password'],
    identity: {},
    sub: SUB,
    requestId: undefined,
  });
  vi.mocked(updateMissingFields).mockResolvedValue({ kind: 'saved' });
  vi.mocked(readTrackInfo).mockResolvedValue({ kind: 'missing', fields: ['business_type'], identity: { email: 'nina@gmail.example' } });
  vi.mocked(registerNewcomer).mockResolvedValue({
    kind: 'registered',
    sub: SUB,
    suggestedAction: 'LOGIN',
    trackId: 'login-track-1',
    emailVerified: true,
    userStatus: 'VERIFIED',
  });
  await withFlow({ sub: SUB, precheck: { kind: 'missing-fields', trackId: TRACK } });
});

describe('missing fields of a sign-in (app/register-additional-info/actions.ts)', () => {
  test('only the missing fields, each required, checked with the registration’s rules (never a password)', async () => {
    expect(await post({ requestId: REQUEST, mobile_number: '', business_type: 'spaceship' })).toEqual({
      status: 'invalid',
      fieldErrors: { mobile_number: 'fieldRequired', business_type: 'choiceRequired' },
      values: { mobile_number: '', mobile_number__country: '', business_type: 'spaceship' },
    });
    expect(updateMissingFields).not.toHaveBeenCalled();
  });

  test('a mobile number as dialled at home, with its country: saved in international form; a landline refused on the field, the country kept', async () => {
    expect(await post({ requestId: REQUEST, mobile_number: '030 1234567', mobile_number__country: 'DE', business_type: 'hotel' })).toEqual({
      status: 'invalid',
      fieldErrors: { mobile_number: 'mobileNotMobile' },
      values: { mobile_number: '030 1234567', mobile_number__country: 'DE', business_type: 'hotel' },
    });
    expect(updateMissingFields).not.toHaveBeenCalled();
    await redirectedTo(post({ requestId: REQUEST, mobile_number: '07400 123456', mobile_number__country: 'GB', business_type: 'hotel' }));
    expect(vi.mocked(updateMissingFields).mock.calls[0]?.[0].input.fields).toEqual({ mobile_number: '+447400123456' });
  });

  test('saved: the precheck continue of the track for this account, by /continue', async () => {
    expect(await redirectedTo(post())).toBe(`/continue?requestId=${REQUEST}`);
    expect(updateMissingFields).toHaveBeenCalledWith({
      requestId: REQUEST,
      trackId: TRACK,
      locale: 'en-GB',
      input: {
        fields: { mobile_number: `+4915199991${posts.toString().padStart(3, '0')}` },
        customFields: { business_type: 'hotel' },
        password: '',
        passwordEcho: '',
        email: undefined,
      },
      fieldKeys: ['mobile_number', 'business_type'],
    });
    expect((await flowNow())?.continuation).toEqual({ target: 'precheck-continue', trackId: TRACK, sub: SUB });
  });

  test('409: on the field (the e-mail as "already has an account", with sign-in and reset), else about the form; 400 about the form', async () => {
    vi.mocked(updateMissingFields).mockResolvedValueOnce({ kind: 'taken', field: 'mobile_number' });
    expect(await post()).toMatchObject({ status: 'invalid', fieldErrors: { mobile_number: 'fieldTaken' }, values: { business_type: 'hotel' } });
    vi.mocked(getMissingFields).mockResolvedValueOnce({ kind: 'missing', fields: ['email'], identity: {}, sub: SUB, requestId: undefined });
    vi.mocked(updateMissingFields).mockResolvedValueOnce({ kind: 'taken', field: 'email' });
    expect(await post({ requestId: REQUEST, email: 'anna.schmidt@example.com' })).toMatchObject({ fieldErrors: { email: 'accountExists' } });
    vi.mocked(updateMissingFields).mockResolvedValueOnce({ kind: 'taken', field: 'username' });
    expect(await post()).toMatchObject({ fieldErrors: {}, formError: 'fieldTaken' });
    vi.mocked(updateMissingFields).mockResolvedValueOnce({ kind: 'refused', field: undefined });
    expect(await post()).toMatchObject({ fieldErrors: {}, formError: 'additionalInfoRefused' });
    expect((await flowNow())?.continuation).toBeUndefined();
  });

  test('a track the provider no longer knows: expired; no answer: the form again; garbage: the error page', async () => {
    vi.mocked(getMissingFields).mockResolvedValueOnce({ kind: 'gone' });
    expect(await redirectedTo(post())).toBe(expired);
    vi.mocked(updateMissingFields).mockRejectedValueOnce(outage());
    expect(await post()).toMatchObject({ formError: 'serviceUnavailable', values: { business_type: 'hotel' } });
    vi.mocked(updateMissingFields).mockRejectedValueOnce(garbage());
    expect(await redirectedTo(post())).toMatch(ERROR_PAGE_WITH_REF);
  });

  test('a flow at another step is expired (the form is this step’s only)', async () => {
    await withFlow({ sub: SUB, precheck: { kind: 'group', trackId: TRACK } });
    expect(await redirectedTo(post())).toBe(expired);
  });
});

describe('a newcomer from another identity provider', () => {
  beforeEach(() => withFlow({ precheck: { kind: 'missing-fields', trackId: TRACK, newcomer: true } }));

  test('registered with the track; the answer’s track goes to the automatic login after registration', async () => {
    expect(await redirectedTo(post({ requestId: REQUEST, business_type: 'hotel' }))).toBe(`/continue?requestId=${REQUEST}`);
    expect(registerNewcomer).toHaveBeenCalledWith(expect.objectContaining({ requestId: REQUEST, trackId: TRACK, fieldKeys: ['business_type'] }));
    expect(updateMissingFields).not.toHaveBeenCalled();
    const flow = await flowNow();
    expect(flow?.continuation).toEqual({ target: 'after-register', trackId: 'login-track-1' });
    expect(flow?.precheck).toBeUndefined();
  });

  test('no track in the answer: back to the tenant’s login for the request; an existing account: said on the form', async () => {
    vi.mocked(registerNewcomer).mockResolvedValueOnce({
      kind: 'registered',
      sub: SUB,
      suggestedAction: 'LOGIN',
      trackId: undefined,
      emailVerified: true,
      userStatus: 'VERIFIED',
    });
    expect(await redirectedTo(post({ requestId: REQUEST, business_type: 'canteen' }))).toBe(
      `http://127.0.0.1:4999/authz-srv/authz/resolve_redirect/${REQUEST}`,
    );
    vi.mocked(registerNewcomer).mockResolvedValueOnce({ kind: 'exists' });
    expect(await post({ requestId: REQUEST, business_type: 'bakery' })).toMatchObject({ formError: 'accountExists' });
    vi.mocked(registerNewcomer).mockResolvedValueOnce({ kind: 'field-refused', field: 'business_type', reason: 'missing' });
    expect(await post({ requestId: REQUEST, business_type: 'bistro' })).toMatchObject({ fieldErrors: { business_type: 'fieldRequired' } });
  });

  test('a tenant without trackinfo: every required field of the list is asked (the password never)', async () => {
    vi.mocked(readTrackInfo).mockResolvedValueOnce({ kind: 'unserved' });
    expect(await post({ requestId: REQUEST, business_type: 'hotel' })).toMatchObject({ fieldErrors: { email: 'emailRequired' } });
  });
});
