import { beforeEach, describe, expect, test, vi } from 'vitest';
import { calls, replies, reply } from './support/recorded-provider';

/**
 * Missing profile fields against the documented and plausible shapes (docs/provider-contract.md
 * §2.18): the precheck metadata's missing_fields and identity (the JS SDK and Android models),
 * trackinfo's unpublished answer in the variants accepted, the progressive update's call and its
 * answers (200, 409 "unique field already used", 400), and the newcomer's register with the track.
 */
vi.mock('@/lib/provider/http', async () => (await import('./support/recorded-provider')).recordedHttp);
const { getMissingFields, missingFieldsOf } = await import('@/lib/provider/prelogin');
const { readTrackInfo, trackInfoOf, updateMissingFields, registerNewcomer } = await import('@/lib/provider/progressive');

const RID = '3f2c9a1e-0000-4000-8000-000000000001';
const TID = '3f2c9a1e-0000-4000-8000-000000000002';
const SUB = '3f2c9a1e-0000-4000-8000-000000000003';
const INPUT = {
  fields: { mobile_number: '+4915199999999' },
  customFields: { business_type: 'hotel' },
  password: '',
  passwordEcho: '',
  email: undefined,
};

beforeEach(() => {
  calls.length = 0;
  replies.length = 0;
});

describe('the login’s missing fields (prelogin metadata)', () => {
  test('the documented envelope: the keys, the identity as text, its sub; nested values and bad keys dropped', async () => {
    replies.push(
      reply(200, {
        success: true,
        status: 200,
        data: {
          logged_in: false,
          validation_type: 'missing_required_fields',
          meta_data: {
            amr_values: ['pwd'],
            missing_fields: ['mobile_number', 'business_type', 'mobile_number', 'bad key!'],
            identity: { sub: SUB, email: 'mira@example.com', email_verified: true, given_name: 'Mira', address: { country: 'DE' }, picture: '' },
          },
          used: false,
        },
      }),
    );
    expect(await getMissingFields({ trackId: TID, locale: 'de-DE' })).toEqual({
      kind: 'missing',
      fields: ['mobile_number', 'business_type'],
      identity: { sub: SUB, email: 'mira@example.com', email_verified: 'true', given_name: 'Mira' },
      sub: SUB,
      requestId: undefined,
    });
    expect(calls[0]).toMatchObject({ method: 'GET', path: `/token-srv/prelogin/metadata/${TID}`, query: { acceptLanguage: 'de-DE' } });
  });

  test('meta_data at the top level, a request id where a tenant puts one; 204, 400 or a used track is gone', async () => {
    expect(missingFieldsOf(undefined, { meta_data: { missing_fields: ['email'], request_id: RID } })).toMatchObject({
      kind: 'missing',
      fields: ['email'],
      requestId: RID,
      sub: undefined,
    });
    expect(missingFieldsOf({ used: true, meta_data: { missing_fields: ['email'] } }, undefined)).toEqual({ kind: 'gone' });
    replies.push(reply(204, null), reply(400, { success: false, status: 400, error: { code: 400, error: 'bad track' } }));
    expect(await getMissingFields({ trackId: TID, locale: 'en-GB' })).toEqual({ kind: 'gone' });
    expect(await getMissingFields({ trackId: TID, locale: 'en-GB' })).toEqual({ kind: 'gone' });
  });
});

describe('a newcomer’s missing fields (trackinfo)', () => {
  test('each plausible shape: keys or field objects, the person under identity, userInfo, user_info, social_user_info or meta_data', () => {
    const want = { kind: 'missing', fields: ['business_type'], identity: { email: 'nina@gmail.example' } };
    expect(trackInfoOf({ missing_fields: ['business_type'], identity: { email: 'nina@gmail.example' } }, undefined)).toEqual(want);
    expect(trackInfoOf({ missingFields: [{ fieldKey: 'business_type' }], userInfo: { email: 'nina@gmail.example' } }, undefined)).toEqual(want);
    expect(trackInfoOf({ missing_fields: ['business_type'], user_info: { email: 'nina@gmail.example' } }, undefined)).toEqual(want);
    expect(trackInfoOf({ missing_fields: ['business_type'], social_user_info: { email: 'nina@gmail.example' } }, undefined)).toEqual(want);
    expect(trackInfoOf(undefined, { meta_data: { missing_fields: ['business_type'], identity: { email: 'nina@gmail.example' } } })).toEqual(want);
    expect(trackInfoOf({ something: 'else' }, undefined)).toBeUndefined();
  });

  test('the call names both ids in the path; 400 is gone, 404 means the tenant does not serve it', async () => {
    replies.push(reply(200, { success: true, status: 200, data: { missing_fields: ['business_type'] } }));
    expect(await readTrackInfo({ requestId: RID, trackId: TID, locale: 'en-GB' })).toEqual({ kind: 'missing', fields: ['business_type'], identity: {} });
    expect(calls[0]).toMatchObject({ method: 'GET', path: `/public-srv/public/trackinfo/${RID}/${TID}`, locale: 'en-GB' });
    replies.push(reply(400, { success: false, status: 400, error: { code: 10002, error: 'track is invalid' } }));
    expect(await readTrackInfo({ requestId: RID, trackId: TID, locale: 'en-GB' })).toEqual({ kind: 'gone' });
    replies.push(reply(404, { success: false, status: 404, error: { code: 404, error: 'not found' } }));
    expect(await readTrackInfo({ requestId: RID, trackId: TID, locale: 'en-GB' })).toEqual({ kind: 'unserved' });
  });
});

describe('the progressive update', () => {
  const update = () => updateMissingFields({ requestId: RID, trackId: TID, locale: 'fr-FR', input: INPUT, fieldKeys: ['mobile_number', 'business_type'] });

  test('POST with the headers requestId and trackId, the answers flat (custom fields as on register), the page’s language', async () => {
    replies.push(reply(200, { success: true, status: 200, data: { trackId: TID, sub: SUB, email_verified: true, mobile_number_verified: false } }));
    expect(await update()).toEqual({ kind: 'saved' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/login-srv/progressive/update/user',
      headers: { requestId: RID, trackId: TID },
      locale: 'fr-FR',
      body: { mobile_number: '+4915199999999', customFields: { business_type: 'hotel' } },
    });
    expect(calls[0].body).not.toHaveProperty('userData');
  });

  test('409: the field its message names, else the first unique field asked; 400: the form; 417 naming a field: that field', async () => {
    replies.push(reply(409, { success: false, status: 409, error: { code: 409, error: 'unique field already used: mobile_number' } }));
    expect(await update()).toEqual({ kind: 'taken', field: 'mobile_number' });
    replies.push(reply(409, { success: false, status: 409, error: 'A unique field is already used by another user' }));
    expect(await update()).toEqual({ kind: 'taken', field: 'mobile_number' });
    replies.push(reply(400, { success: false, status: 400, error: { code: 400, error: 'invalid body' } }));
    expect(await update()).toEqual({ kind: 'refused', field: undefined });
    replies.push(reply(417, { success: false, status: 417, error: { code: 507, error: 'business_type cannot be null' } }));
    expect(await update()).toEqual({ kind: 'refused', field: 'business_type' });
  });

  test('a server error is thrown (the form says the service is not responding)', async () => {
    replies.push(reply(503, { success: false, status: 503, error: { code: 503, error: 'unavailable' } }));
    await expect(update()).rejects.toMatchObject({ name: 'ProviderError', status: 503 });
  });
});

describe('a newcomer’s registration', () => {
  test('POST /users-srv/register with the requestId and trackid headers; the answer read as a registration', async () => {
    replies.push(
      reply(200, { success: true, status: 200, data: { sub: SUB, userStatus: 'VERIFIED', email_verified: true, suggested_action: 'LOGIN', track_id: TID } }),
    );
    const outcome = await registerNewcomer({ requestId: RID, trackId: TID, locale: 'en-GB', input: INPUT, fieldKeys: ['mobile_number', 'business_type'] });
    expect(outcome).toEqual({ kind: 'registered', sub: SUB, suggestedAction: 'LOGIN', trackId: TID, emailVerified: true, userStatus: 'VERIFIED' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/users-srv/register',
      headers: { requestId: RID, trackid: TID },
      body: { mobile_number: '+4915199999999', customFields: { business_type: 'hotel' } },
    });
    replies.push(reply(409, { success: false, status: 409, error: { code: 409, error: 'user already exists' } }));
    expect(await registerNewcomer({ requestId: RID, trackId: TID, locale: 'en-GB', input: INPUT, fieldKeys: [] })).toEqual({ kind: 'exists' });
  });
});
