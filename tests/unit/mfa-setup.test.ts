import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ProviderError } from '@/lib/provider/errors';
import { calls, replies, reply } from './support/recorded-provider';

/**
 * Setting up a second factor (docs/provider-contract.md §2.19): the calls of both generations and
 * the fallback between them, the answers read, the meanings of refusals, and the authenticator
 * app's address and drawing (lib/provider/mfa-setup.ts, lib/flows/mfa-setup.ts).
 */
vi.mock('@/lib/provider/http', async () => (await import('./support/recorded-provider')).recordedHttp);
const { startSetup, verifySetup } = await import('@/lib/provider/mfa-setup');
const { groupedSecret, namedMethods, offeredMethods, otpauthUri, qrSvg } = await import('@/lib/flows/mfa-setup');
const { suggestionRules } = await import('@/lib/provider/prelogin');

const TRACK = '3f2c9a1e-0000-4000-8000-000000000002';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const started = (data: Record<string, unknown>) => reply(200, { success: true, status: 200, data });

beforeEach(() => {
  calls.length = 0;
  replies.length = 0;
});

describe('opening a set-up (startSetup)', () => {
  test('current: verification-actions-srv with the track in the path, public; the exchange, the account and the secret read', async () => {
    replies.push(
      started({
        exchange_id: { exchange_id: 'ex-1', expires_at: '2026-11-27T10:00:00Z' },
        sub: 'sub-1',
        totp_secret: 'jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp==',
      }),
    );
    expect(await startSetup({ method: 'TOTP', trackId: TRACK, requestId: 'r-1', locale: 'de-DE' })).toEqual({
      generation: 'current',
      exchangeId: 'ex-1',
      expiresAt: Date.parse('2026-11-27T10:00:00Z'),
      sub: 'sub-1',
      totpSecret: SECRET,
    });
    expect(calls).toMatchObject([
      { service: 'verification-actions-srv', method: 'POST', path: `/verification-actions-srv/setup/totp/initiation/${TRACK}`, body: {} },
    ]);
  });

  test('a text message names its number, an e-mail its address (as the SDKs name them), in both generations', async () => {
    replies.push(started({ exchange_id: { exchange_id: 'ex-3' } }), reply(404, {}), started({ exchange_id: 'ex-4' }));
    await startSetup({ method: 'SMS', trackId: TRACK, requestId: 'r-1', destination: '+4915123456789' });
    await startSetup({ method: 'EMAIL', trackId: TRACK, requestId: 'r-1', destination: 'anna@example.com' });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      [`/verification-actions-srv/setup/sms/initiation/${TRACK}`, { mobile_number: '+4915123456789' }],
      [`/verification-actions-srv/setup/email/initiation/${TRACK}`, { email: 'anna@example.com' }],
      ['/verification-srv/v2/setup/initiate/suggestmfa/EMAIL', { track_id: TRACK, verification_type: 'EMAIL', email: 'anna@example.com' }],
    ]);
  });

  test('a tenant that does not serve it (404, 405, 501): the legacy suggestmfa, the track and method in the body', async () => {
    for (const status of [404, 405, 501]) {
      calls.length = 0;
      replies.push(reply(status, { success: false, status }), started({ exchange_id: 'ex-2', totp_secret: SECRET }));
      expect(await startSetup({ method: 'TOTP', trackId: TRACK, requestId: 'r-1' })).toMatchObject({
        generation: 'legacy',
        exchangeId: 'ex-2',
        totpSecret: SECRET,
      });
      expect(calls[1]).toMatchObject({
        service: 'verification-srv',
        path: '/verification-srv/v2/setup/initiate/suggestmfa/TOTP',
        body: { track_id: TRACK, verification_type: 'TOTP' },
      });
    }
  });

  test('a refusal is the tenant’s, with its meaning (top-level VER_* codes); no fallback for it', async () => {
    replies.push(reply(400, { success: false, status: 400, code: 'VER_0028', error: 'method_not_active' }));
    const error = await startSetup({ method: 'TOTP', trackId: TRACK, requestId: 'r-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).meaning).toBe('method-unavailable');
    expect(calls).toHaveLength(1);
  });

  test('an authenticator app without a usable secret cannot be set up: an answer nobody can use', async () => {
    for (const data of [{ exchange_id: 'ex-1' }, { exchange_id: 'ex-1', totp_secret: 'not base32!' }, { totp_secret: SECRET }]) {
      replies.push(started(data));
      await expect(startSetup({ method: 'TOTP', trackId: TRACK, requestId: 'r-1' })).rejects.toMatchObject({ kind: 'invalid-response' });
    }
  });
});

describe('checking the first code (verifySetup)', () => {
  test('current: the exchange, the code and the account; legacy: enroll with the method named', async () => {
    replies.push(started({ enrolled: true }), reply(200, { success: true, status: 200, data: { enrolled: true } }));
    await verifySetup({ method: 'TOTP', generation: 'current', exchangeId: 'ex-1', code: '123456', sub: 'sub-1', requestId: 'r-1' });
    await verifySetup({ method: 'TOTP', generation: 'legacy', exchangeId: 'ex-2', code: '654321', sub: 'sub-1', requestId: 'r-1' });
    expect(calls).toMatchObject([
      {
        service: 'verification-actions-srv',
        path: '/verification-actions-srv/setup/totp/verification',
        body: { exchange_id: 'ex-1', pass_code: '123456', sub: 'sub-1' },
      },
      {
        service: 'verification-srv',
        path: '/verification-srv/v2/setup/enroll/TOTP',
        body: { exchange_id: 'ex-2', pass_code: '654321', verification_type: 'TOTP' },
      },
    ]);
  });

  test('refusals keep their meaning: a wrong code, an exchange gone, a method already set up', async () => {
    const meaningOf = async (json: unknown, generation: 'current' | 'legacy' = 'current') => {
      replies.push(reply(400, json));
      const error = await verifySetup({ method: 'TOTP', generation, exchangeId: 'e', code: '1', sub: undefined, requestId: 'r' }).catch((e: unknown) => e);
      return (error as ProviderError).meaning;
    };
    expect(await meaningOf({ success: false, status: 400, code: 'invalid_code' })).toBe('code-invalid');
    expect(await meaningOf({ success: false, status: 400, code: 'VER_0025' })).toBe('reference-invalid');
    expect(await meaningOf({ success: false, status: 400, code: 'VER_0034' })).toBe('method-configured');
    expect(await meaningOf({ success: false, status: 400, error: { code: 3063 } }, 'legacy')).toBe('code-invalid');
    expect(calls[0]?.body).not.toHaveProperty('sub');
  });
});

describe('the methods offered and the authenticator app’s address', () => {
  test('the suggestion’s methods read from the metadata: its optionalConfig (or optionalMethods) beside the mandatory ones, upper-case', () => {
    expect(suggestionRules({ reason: 'NONE', optionalConfig: { methods: ['fido2', 'totp'] } })).toEqual({ skip: 'allowed', optional: ['FIDO2', 'TOTP'] });
    expect(suggestionRules({ optionalMethods: ['TOTP'], mandatoryConfig: { methods: ['SMS'] } })).toMatchObject({ mandatory: ['SMS'], optional: ['TOTP'] });
    expect(suggestionRules({ reason: 'NONE' })).toEqual({ skip: 'allowed' });
  });

  test('only methods the tenant names, that this product sets up; none named: none (a passkey only)', () => {
    expect(offeredMethods({ mandatory: ['TOTP'] })).toEqual(['TOTP']);
    expect(offeredMethods({ optional: ['FIDO2', 'EMAIL', 'PUSH', 'IVR', 'SMS', 'TOTP', 'BACKUPCODE'] })).toEqual([
      'TOTP',
      'PUSH',
      'SMS',
      'EMAIL',
      'BACKUPCODE',
    ]);
    expect(offeredMethods({ optional: ['FIDO2'] })).toEqual([]);
    expect(offeredMethods({})).toEqual([]);
    expect(namedMethods({ mandatory: ['TOTP'], optional: ['FIDO2'] })).toEqual(['TOTP', 'FIDO2']);
  });

  test('Key Uri Format: issuer before the account, spaces as %20, a colon in the issuer dropped; the defaults spelt out', () => {
    const uri = otpauthUri({ issuer: 'Kitchen: Portal (demo)', account: 'anna+1@example.com', secret: SECRET });
    expect(uri).toBe(
      `otpauth://totp/Kitchen%20Portal%20(demo):anna%2B1%40example.com?secret=${SECRET}&issuer=Kitchen%3A%20Portal%20%28demo%29&algorithm=SHA1&digits=6&period=30`,
    );
    const parsed = new URL(uri);
    expect(parsed.searchParams.get('issuer')).toBe('Kitchen: Portal (demo)');
  });

  test('property of the pair: a code computed from the address’s secret is the code the tenant’s secret gives', () => {
    const secret = new Secret({ size: 20 }).base32;
    const fromUri = new URL(otpauthUri({ issuer: 'P', account: 'a@example.com', secret })).searchParams.get('secret')!;
    const at = { timestamp: 1_800_000_000_000 };
    expect(new TOTP({ secret: Secret.fromBase32(fromUri) }).generate(at)).toBe(new TOTP({ secret: Secret.fromBase32(secret) }).generate(at));
  });

  test('the key in groups of four; the QR code an SVG drawing, no script in it', async () => {
    expect(groupedSecret(SECRET)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF');
    const svg = await qrSvg(otpauthUri({ issuer: 'P', account: 'a@example.com', secret: SECRET }));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
  });
});
