import { beforeEach, describe, expect, test, vi } from 'vitest';
import { calls, replies, reply } from './support/recorded-provider';

/**
 * lib/provider/registration.ts against recorded answer shapes (docs/provider-contract.md,
 * "Registration"): the JS SDK README's legacy list, the 2020 tenant mock with the other group-key
 * spelling, the register answers of the SDK samples and the PHP mocks.
 */
vi.mock('@/lib/provider/http', async () => (await import('./support/recorded-provider')).recordedHttp);
const { readRegistrationFields, register, readRegistration, consentLabel } = await import('@/lib/provider/registration');

const notFound = reply(404, { success: false, status: 404, error: { code: 404, error: 'not found' } });

// The JS SDK README's sample (lines 318-406), shortened.
const SDK_LIST = {
  success: true,
  status: 200,
  data: [
    {
      dataType: 'EMAIL',
      fieldGroup: 'DEFAULT',
      isGroupTitle: false,
      fieldKey: 'email',
      fieldType: 'SYSTEM',
      order: 1,
      readOnly: false,
      required: true,
      fieldDefinition: {},
      localeText: { locale: 'en-us', language: 'en', name: 'Email', verificationRequired: 'Given Email is not verified.', required: 'Email is Required' },
    },
    {
      dataType: 'MOBILE',
      fieldGroup: 'DEFAULT',
      isGroupTitle: false,
      fieldKey: 'mobile_number',
      fieldType: 'SYSTEM',
      order: 3,
      readOnly: false,
      required: false,
      fieldDefinition: { verificationRequired: true },
      localeText: { name: 'Mobile Number' },
    },
    {
      dataType: 'TEXT',
      fieldGroup: 'DEFAULT',
      isGroupTitle: false,
      fieldKey: 'given_name',
      fieldType: 'SYSTEM',
      order: 2,
      readOnly: false,
      required: true,
      fieldDefinition: { maxLength: 150 },
      localeText: { maxLength: 'Givenname cannot be more than 150 chars', required: 'Given Name is Required', name: 'Given Name' },
    },
  ],
};

// PHP tests/GetRegistrationSetupTest.php:15 (a real tenant's 2020 answer): parent_group_id / is_group.
const PHP_MOCK = {
  success: true,
  status: 200,
  data: [
    {
      dataType: 'TEXT',
      parent_group_id: 'DEFAULT',
      is_group: true,
      fieldKey: 'address',
      fieldType: 'CUSTOM',
      order: 1,
      required: false,
      localeText: { name: 'Address' },
    },
    {
      dataType: 'DATE',
      parent_group_id: 'DEFAULT',
      is_group: false,
      fieldKey: 'birthdate',
      fieldType: 'SYSTEM',
      order: 2,
      required: false,
      fieldDefinition: { maxDate: '2020-05-02T18:30:00.000Z', minDate: '1897-12-31T18:38:50.000Z' },
      localeText: { name: 'Geburtsdatum' },
    },
    {
      dataType: 'PASSWORD',
      parent_group_id: 'DEFAULT',
      is_group: false,
      fieldKey: 'password',
      fieldType: 'SYSTEM',
      order: 3,
      required: true,
      fieldDefinition: { applyPasswordPoly: false, maxLength: 25, minLength: 6 },
      localeText: { name: 'Passwort', maxLength: 'DasPasswortdarfnichtmehrals20Zeichenlangsein.' },
    },
    {
      dataType: 'SELECT',
      is_group: false,
      fieldKey: 'gender',
      fieldType: 'SYSTEM',
      order: 4,
      fieldDefinition: { attributesKeys: ['f', 'm', 'x'] },
      localeText: { attributes: [{ key: 'f', value: 'Frau' }] },
    },
    { dataType: 'JSON_STRING', fieldKey: 'settings', order: 5 },
    { dataType: 'TEXT', fieldKey: 'bad key with spaces', order: 6 },
  ],
};

beforeEach(() => {
  calls.length = 0;
  replies.length = 0;
});

describe('the field list', () => {
  test('the 4.x path first; 404 (not served) falls back to the legacy list, with the locale in each path’s parameter', async () => {
    replies.push(notFound, reply(200, SDK_LIST));
    const fields = await readRegistrationFields({ requestId: 'rid-12345678', locale: 'de-DE' });
    expect(calls.map((c) => [c.path, c.query])).toEqual([
      ['/user-srv/public/fields', { requestId: 'rid-12345678', ui_locales: 'de-DE' }],
      ['/registration-setup-srv/public/list', { acceptlanguage: 'de-DE', requestId: 'rid-12345678' }],
    ]);
    // In the tenant's order, not the answer's.
    expect(fields.map((f) => [f.key, f.type, f.required, f.label])).toEqual([
      ['email', 'EMAIL', true, 'Email'],
      ['given_name', 'TEXT', true, 'Given Name'],
      ['mobile_number', 'MOBILE', false, 'Mobile Number'],
    ]);
    expect(fields[1]).toMatchObject({ maxLength: 150, custom: false });
    // The language the texts are in, where the answer says (`locale`, else `language`): here English on a German page.
    expect(fields.map((f) => f.labelLocale)).toEqual(['en-us', undefined, undefined]);
  });

  test('the 4.x answer is used when it is served (an array, or under `fields`); 405, 501 and an unknown shape fall back too', async () => {
    replies.push(reply(200, { success: true, status: 200, data: { fields: SDK_LIST.data } }));
    expect(await readRegistrationFields({ requestId: 'rid-12345678', locale: 'en-GB' })).toHaveLength(3);
    expect(calls).toHaveLength(1);
    for (const first of [reply(405, null), reply(501, { error: 'x' }), reply(200, { success: true, status: 200, data: { something: 'else' } })]) {
      calls.length = 0;
      replies.push(first, reply(200, SDK_LIST));
      expect(await readRegistrationFields({ requestId: 'rid-12345678', locale: 'en-GB' })).toHaveLength(3);
      expect(calls).toHaveLength(2);
    }
  });

  test('the other spelling: group titles left out, dates as days, options named where the locale names them; unreadable fields skipped', async () => {
    replies.push(notFound, reply(200, PHP_MOCK));
    const fields = await readRegistrationFields({ requestId: 'rid-12345678', locale: 'de-DE' });
    expect(fields.map((f) => f.key)).toEqual(['birthdate', 'password', 'gender']);
    expect(fields[0]).toMatchObject({ type: 'DATE', minDate: '1897-12-31', maxDate: '2020-05-02' });
    expect(fields[1]).toMatchObject({ type: 'PASSWORD', required: true, minLength: 6, maxLength: 25 });
    expect(fields[2].options).toEqual([
      { key: 'f', label: 'Frau' },
      { key: 'm', label: 'm' },
      { key: 'x', label: 'x' },
    ]);
  });

  test('an invalid requestId (400 10001) is a refusal of the request, not a reason to try the other path', async () => {
    replies.push(reply(400, { success: false, status: 400, error: { code: 10001, type: 'RegistrationSetupException', error: 'invalid requestId' } }));
    await expect(readRegistrationFields({ requestId: 'rid-12345678', locale: 'en-GB' })).rejects.toMatchObject({ meaning: 'reference-invalid' });
    expect(calls).toHaveLength(1);
  });

  test('a consent label keeps its one https link and drops every other tag', () => {
    expect(consentLabel('I accept the <a href="https://example.com/terms" onclick="x()">terms <b>of use</b></a>.<script>alert(1)</script>')).toEqual({
      before: 'I accept the ',
      link: { href: 'https://example.com/terms', text: 'terms of use' },
      after: '.',
    });
    expect(consentLabel('<a href="javascript:alert(1)">Terms</a>')).toEqual({ before: 'Terms', after: '' });
  });
});

describe('the register call', () => {
  const input = {
    fields: { email: 'new@example.com', given_name: 'Nina' },
    customFields: { business_type: 'hotel', terms: true },
    password: 'Kitchen2026x',
    passwordEcho: 'Kitchen2026x',
    email: 'new@example.com',
  };
  const KEYS = ['email', 'given_name', 'family_name', 'business_type'];
  const read = (status: number, json: unknown) => readRegistration({ service: 'users-srv', operation: 'recorded' }, reply(status, json), KEYS);

  test('JSON with the requestId header: flat fields, the password twice, provider self, custom fields as {key: value}', async () => {
    replies.push(reply(200, { success: true, status: 200, data: { sub: 's-1', userStatus: 'VERIFIED', email_verified: false, suggested_action: 'LOGIN' } }));
    const outcome = await register({ requestId: 'rid-12345678', locale: 'de-DE', input, fieldKeys: KEYS });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/users-srv/register', headers: { requestId: 'rid-12345678' }, locale: 'de-DE' });
    expect(calls[0].encoding ?? 'json').toBe('json');
    expect(calls[0].body).toEqual({
      email: 'new@example.com',
      given_name: 'Nina',
      password: 'Kitchen2026x',
      password_echo: 'Kitchen2026x',
      provider: 'self',
      customFields: { business_type: 'hotel', terms: true },
    });
    expect(outcome).toEqual({ kind: 'registered', sub: 's-1', suggestedAction: 'LOGIN', trackId: undefined, emailVerified: false, userStatus: 'VERIFIED' });
  });

  test('success variants: track_id or trackId, MFA, DEDUPLICATION, no suggestion at all', () => {
    expect(read(200, { success: true, status: 200, data: { track_id: 't-1', suggested_action: 'DEDUPLICATION' } })).toMatchObject({
      suggestedAction: 'DEDUPLICATION',
      trackId: 't-1',
    });
    expect(read(200, { success: true, status: 200, data: { trackId: 't-2', suggested_action: 'mfa', next_token: 'jwt' } })).toMatchObject({
      suggestedAction: 'MFA',
      trackId: 't-2',
    });
    expect(read(200, { success: true, status: 200, data: { sub: 's', email_verified: false } })).toMatchObject({
      suggestedAction: undefined,
      emailVerified: false,
      userStatus: undefined,
    });
    expect(
      read(200, { success: true, status: 200, data: { sub: 's', userStatus: ' pending ', email_verified: false, suggested_action: 'LOGIN' } }),
    ).toMatchObject({
      userStatus: 'PENDING',
      emailVerified: false,
    });
  });

  test('refusals: 400 10001 the request; 417 507 the field it names; 409 or "already exists" an existing account', () => {
    expect(read(400, { success: false, status: 400, error: { code: 10001, type: 'UsersException', error: 'Invalid request id' } })).toEqual({
      kind: 'request-invalid',
    });
    expect(read(417, { success: false, status: 417, error: { code: 507, type: 'UsersException', error: 'given_name cannot be null' } })).toEqual({
      kind: 'field-refused',
      field: 'given_name',
      reason: 'missing',
    });
    expect(read(417, { success: false, status: 417, error: { code: 507, error: 'something else cannot be null' } })).toEqual({
      kind: 'field-refused',
      field: undefined,
      reason: 'missing',
    });
    expect(read(409, { success: false, status: 409, error: { code: 409, error: 'user already exists' } })).toEqual({ kind: 'exists' });
    expect(read(400, { success: false, status: 400, error: { code: 'x', error: 'The user is already registered' } })).toEqual({ kind: 'exists' });
    // Anything else stays a failure with its code, for the error page and the log.
    expect(() => read(500, { success: false, status: 500, error: { code: 'E', error: 'boom' } })).toThrow(/status=500 code=E/);
  });
});
