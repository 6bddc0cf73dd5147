import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';

/**
 * The provider client against a real HTTP server on loopback: the success rule, the error
 * shapes, timeouts, garbage, and the retry policy (GETs once more, POSTs never).
 */
type Reply = (req: IncomingMessage, res: ServerResponse) => void;
let reply: Reply;
let hits: Array<{ method: string; url: string; body: string; headers: IncomingMessage['headers'] }>;
let server: Server;
let answers: typeof import('@/lib/provider/answer');
let users: typeof import('@/lib/provider/users');
let verification: typeof import('@/lib/provider/verification');
let publicService: typeof import('@/lib/provider/public');
let prelogin: typeof import('@/lib/provider/prelogin');
let fido2: typeof import('@/lib/provider/fido2');

/** A client information answer that says nothing of registration. */
const NO_SWITCHES = { selfService: undefined, invitations: undefined, captcha: false };
const json =
  (status: number, body: unknown): Reply =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, body, headers: req.headers });
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.resetModules();
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PROVIDER_TIMEOUT_MS = '600';
  process.env.PROVIDER_BREAKER_THRESHOLD = '1000'; // the breaker has its own test file
  answers = await import('@/lib/provider/answer');
  users = await import('@/lib/provider/users');
  verification = await import('@/lib/provider/verification');
  publicService = await import('@/lib/provider/public');
  prelogin = await import('@/lib/provider/prelogin');
  fido2 = await import('@/lib/provider/fido2');
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits = [];
});

describe('the success rule and data parsing', () => {
  test('status 200 with data is parsed into the app type, with accept-language sent', async () => {
    reply = json(200, { success: true, status: 200, data: { client_display_name: 'Portal', extra: 1 } });
    await expect(publicService.getClientInfo({ requestId: 'req-12345678', locale: 'de-DE' })).resolves.toEqual({
      displayName: 'Portal',
      identityProviders: [],
      registration: NO_SWITCHES,
    });
    expect(hits[0].url).toBe('/public-srv/public/req-12345678');
    expect(hits[0].headers['accept-language']).toBe('de-DE');
  });

  test('a non-200 status with success:true still counts as success', async () => {
    reply = json(201, { success: true, status: 201, data: { client_name: 'x' } });
    await expect(publicService.getClientInfo({ requestId: 'req-12345678' })).resolves.toEqual({
      displayName: 'x',
      identityProviders: [],
      registration: NO_SWITCHES,
    });
  });

  test.each([
    ['numeric', 3072],
    ['string', 'VER_0120'],
  ])('a failure envelope becomes a ProviderError with the %s code and status', async (_label, code) => {
    reply = json(400, { success: false, status: 400, error: { code, error: 'no' } });
    const error = await verification.authenticate({ type: 'PASSWORD', exchangeId: 'e', secret: 's', requestId: 'r' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'rejected', status: 400, code });
  });

  test('the login-error shape (error string) is read as the code', async () => {
    reply = json(417, { error: 'invalid_username_password', error_description: 'x' });
    await expect(publicService.getClientInfo({ requestId: 'r' })).rejects.toMatchObject({ code: 'invalid_username_password', status: 417 });
  });

  test('success with an unexpected data shape is an invalid response, not a crash', async () => {
    reply = json(200, { success: true, status: 200, data: { exchange_id: 'flat-string' } });
    await expect(
      verification.initiateAuthentication({ type: 'PASSWORD', usageType: 'PASSWORDLESS_AUTHENTICATION', requestId: 'r', mediumId: 'PASSWORD' }),
    ).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  test('a body that is not JSON is an invalid response', async () => {
    reply = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success": tru');
    };
    await expect(publicService.getClientInfo({ requestId: 'r' })).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('provider-specific shapes', () => {
  test('configured list reads mediums[].id and falls back to medium_id', async () => {
    reply = json(200, {
      success: true,
      status: 200,
      data: {
        configured_list: [
          { type: 'email', mediums: [{ medium_id: 'm1' }] },
          { type: 'PASSWORD', mediums: [{ id: 'PASSWORD' }] },
        ],
      },
    });
    await expect(verification.getConfiguredMethods({ requestId: 'r', email: 'a@b.c' })).resolves.toEqual([
      { type: 'EMAIL', mediumIds: ['m1'] },
      { type: 'PASSWORD', mediumIds: ['PASSWORD'] },
    ]);
    expect(JSON.parse(hits[0].body)).toEqual({ request_id: 'r', email: 'a@b.c' });
  });

  test('configured list: `verification_type` for `type` and a method naming its own `medium_id` (the newer list, iOS v3)', async () => {
    reply = json(200, {
      success: true,
      status: 200,
      data: {
        configured_list: [
          { verification_type: 'totp', medium_id: 'totp-9' },
          { verification_type: 'EMAIL', medium_id: 'em-1', key_name: 'j•••@example.com' },
          { type: 'PASSWORD' },
        ],
      },
    });
    await expect(verification.getConfiguredMethods({ requestId: 'r', email: 'a@b.c' })).resolves.toEqual([
      { type: 'TOTP', mediumIds: ['totp-9'] },
      { type: 'EMAIL', mediumIds: ['em-1'], destination: 'j•••@example.com' },
      { type: 'PASSWORD', mediumIds: [] },
    ]);
    reply = json(200, { success: true, status: 200, data: { configured_list: [{ medium_id: 'no-type' }] } });
    await expect(verification.getConfiguredMethods({ requestId: 'r', email: 'a@b.c' })).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  test("configured list names a medium's destination when it is the type's only medium (docs/provider-contract.md §2.3, U)", async () => {
    reply = json(200, {
      success: true,
      status: 200,
      data: {
        configured_list: [
          { type: 'SMS', mediums: [{ id: 'sms-1', masked_value: '+49 ••• ••12' }] },
          { type: 'EMAIL', mediums: [{ id: 'email-1', email: 'j•••@example.com' }] },
          { type: 'PUSH', mediums: [{ id: 'push-1', friendly_name: 'Pixel 8' }] },
          // Two mediums: none is chosen, so none is named.
          {
            type: 'IVR',
            mediums: [
              { id: 'ivr-1', mobile: '+49 ••• ••34' },
              { id: 'ivr-2', mobile: '+49 ••• ••56' },
            ],
          },
          // Nothing sent, or nothing fit to show (empty, control characters, far too long).
          { type: 'TOTP', mediums: [{ id: 'totp-1' }] },
          { type: 'BACKUPCODE', mediums: [{ id: 'b-1', masked_value: '  ', key_name: 'a\u0007b', friendly_name: 'x'.repeat(65) }] },
        ],
      },
    });
    await expect(verification.getConfiguredMethods({ requestId: 'r', sub: 's' })).resolves.toEqual([
      { type: 'SMS', mediumIds: ['sms-1'], destination: '+49 ••• ••12' },
      { type: 'EMAIL', mediumIds: ['email-1'], destination: 'j•••@example.com' },
      { type: 'PUSH', mediumIds: ['push-1'], destination: 'Pixel 8' },
      { type: 'IVR', mediumIds: ['ivr-1', 'ivr-2'] },
      { type: 'TOTP', mediumIds: ['totp-1'] },
      { type: 'BACKUPCODE', mediumIds: ['b-1'] },
    ]);
  });

  test('a push initiation reads the status id, the expiry and the number to pick (docs/provider-contract.md §2.4)', async () => {
    // As cidaas's iOS SDK models it: status_id and push_selected_number beside the exchange.
    reply = json(200, {
      success: true,
      status: 200,
      data: { exchange_id: { exchange_id: 'ex-p', expires_at: '2030-01-01T00:05:00.000Z' }, status_id: 'st-p', push_selected_number: '42' },
    });
    const push = { type: 'PUSH', usageType: 'MULTIFACTOR_AUTHENTICATION' as const, requestId: 'r', mediumId: 'push-1', sub: 's', trackId: 't' };
    await expect(verification.initiateAuthentication(push)).resolves.toEqual({
      kind: 'initiated',
      exchangeId: 'ex-p',
      expiresAt: Date.parse('2030-01-01T00:05:00.000Z'),
      sub: undefined,
      destination: undefined,
      statusId: 'st-p',
      pushNumber: '42',
    });
    expect(hits[0].url).toBe('/verification-srv/v2/authenticate/initiate/push');
    // The older web SDK's statusId, a number as a number, and no expiry.
    reply = json(200, { success: true, status: 200, data: { exchange_id: { exchange_id: 'ex-q' }, statusId: 'st-q', push_selected_number: 7 } });
    await expect(verification.initiateAuthentication(push)).resolves.toMatchObject({ statusId: 'st-q', pushNumber: '7', expiresAt: undefined });
  });

  describe('push status (POST /verification-srv/v2/notification/status/{id}, docs/provider-contract.md §2.12)', () => {
    const ask = () => verification.getPushStatus({ statusId: 'st/1', requestId: 'r', locale: 'de-DE' });

    test.each([
      ['INITIATED', 'pending'],
      ['PUSH_ACKNOWLEDGED', 'pending'],
      ['ALLOWED', 'pending'],
      ['AUTHENTICATED', 'approved'],
      ['authenticated', 'approved'],
      ['DENIED', 'rejected'],
      ['CANCELLED', 'rejected'],
      ['EXPIRED', 'expired'],
      ['SOMETHING_NEW', 'pending'],
    ])('status %s → %s', async (status, state) => {
      reply = json(200, { success: true, status: 200, data: { status } });
      await expect(ask()).resolves.toEqual({ state, statusId: undefined });
    });

    test('sends an empty JSON body to the status path, and reads a status id the answer names', async () => {
      reply = json(200, { success: true, status: 200, data: { status: 'AUTHENTICATED', status_id: 'st-final' } });
      await expect(ask()).resolves.toEqual({ state: 'approved', statusId: 'st-final' });
      expect(hits[0]).toMatchObject({ method: 'POST', url: '/verification-srv/v2/notification/status/st%2F1', body: '{}' });
      expect(hits[0].headers['content-type']).toBe('application/json');
      expect(hits[0].headers['accept-language']).toBe('de-DE');
    });

    test('204 (no status yet) is still pending', async () => {
      reply = (_req, res) => {
        res.writeHead(204);
        res.end();
      };
      await expect(ask()).resolves.toEqual({ state: 'pending', statusId: undefined });
    });

    test('an answer without a status, and a refusal, are failures', async () => {
      reply = json(200, { success: true, status: 200, data: { sub: 's' } });
      await expect(ask()).rejects.toMatchObject({ kind: 'invalid-response', operation: 'verification.pushStatus' });
      reply = json(400, { success: false, status: 400, error: { code: 'VER1075', error: 'invalid status_id' } });
      await expect(ask()).rejects.toMatchObject({ kind: 'rejected', code: 'VER1075' });
    });
  });

  test('initiation reads the exchange id, and a masked destination when a tenant names one (medium_text, U)', async () => {
    reply = json(200, { success: true, status: 200, data: { exchange_id: { exchange_id: 'ex-1', expires_at: 'x' } } });
    await expect(
      verification.initiateAuthentication({ type: 'EMAIL', usageType: 'MULTIFACTOR_AUTHENTICATION', requestId: 'r', mediumId: 'm1', sub: 's' }),
    ).resolves.toEqual({ kind: 'initiated', exchangeId: 'ex-1', sub: undefined, destination: undefined });
    reply = json(200, { success: true, status: 200, data: { exchange_id: { exchange_id: 'ex-2' }, medium_text: 'j***@example.com' } });
    await expect(
      verification.initiateAuthentication({ type: 'EMAIL', usageType: 'MULTIFACTOR_AUTHENTICATION', requestId: 'r', mediumId: 'm1', sub: 's' }),
    ).resolves.toMatchObject({ exchangeId: 'ex-2', destination: 'j***@example.com' });
    expect(JSON.parse(hits[0].body)).toEqual({
      type: 'EMAIL',
      usage_type: 'MULTIFACTOR_AUTHENTICATION',
      request_id: 'r',
      medium_id: 'm1',
      sub: 's',
    });
    expect(hits[0].headers['content-type']).toBe('application/json');
  });

  test('no medium chosen: medium_id left out (the provider picks), never an empty string; no single_factor_auth', async () => {
    reply = json(200, { success: true, status: 200, data: { exchange_id: { exchange_id: 'ex-3' } } });
    await verification.initiateAuthentication({ type: 'EMAIL', usageType: 'MULTIFACTOR_AUTHENTICATION', requestId: 'r', mediumId: '', sub: 's', trackId: 't' });
    await verification.initiateAuthentication({ type: 'SMS', usageType: 'MULTIFACTOR_AUTHENTICATION', requestId: 'r', mediumId: undefined, sub: 's' });
    for (const hit of hits) {
      const body = JSON.parse(hit.body) as Record<string, unknown>;
      expect(body).not.toHaveProperty('medium_id');
      expect(body).not.toHaveProperty('single_factor_auth');
    }
    expect(JSON.parse(hits[0].body)).toEqual({ type: 'EMAIL', usage_type: 'MULTIFACTOR_AUTHENTICATION', request_id: 'r', sub: 's', trackId: 't' });
  });

  test('password authentication sends `password`; code types send `pass_code`', async () => {
    reply = json(200, { success: true, status: 200, data: { sub: 's', status_id: 'st' } });
    await verification.authenticate({ type: 'PASSWORD', exchangeId: 'e', secret: 'pw', requestId: 'r' });
    await verification.authenticate({ type: 'EMAIL', exchangeId: 'e', secret: '123456', requestId: 'r' });
    expect(JSON.parse(hits[0].body)).toMatchObject({ password: 'pw', exchange_id: 'e' });
    expect(JSON.parse(hits[1].body)).toMatchObject({ pass_code: '123456' });
    expect(hits[1].url).toBe('/verification-srv/v2/authenticate/authenticate/email');
  });

  test.each([
    [
      'HTTP 204 (legacy check)',
      (_req: IncomingMessage, res: ServerResponse) => {
        res.writeHead(204);
        res.end();
      },
    ],
    ['error code 10301', json(400, { success: false, status: 400, error: { code: 10301, error: 'user not found' } })],
    ['action register', json(200, { success: true, status: 200, data: { action: 'register' } })],
  ])('user existence: %s means register', async (_label, handler) => {
    reply = handler;
    await expect(users.checkUserExists({ requestId: 'r', email: 'a@b.c', rememberMe: true })).resolves.toEqual({ action: 'register' });
    expect(hits[0].url).toBe('/useractions-srv/userexistence/r?webfinger=domain_based_redirection&rememberMe=true');
  });

  test('user existence: webfinger and rememberMe in the query and in the JSON body, as the JS SDK sends them', async () => {
    reply = json(200, { success: true, status: 200, data: { action: 'login' } });
    await expect(users.checkUserExists({ requestId: 'r', email: 'a@b.c', rememberMe: false })).resolves.toEqual({ action: 'login' });
    expect(hits[0].url).toBe('/useractions-srv/userexistence/r?webfinger=domain_based_redirection&rememberMe=false');
    expect(JSON.parse(hits[0].body)).toEqual({ email: 'a@b.c', requestId: 'r', webfinger: 'domain_based_redirection', rememberMe: 'false' });
  });

  test.each([
    ['data without action', { success: true, status: 200, data: { providers: [] } }],
    ['an empty action', { success: true, status: 200, data: { action: ' ' } }],
    ['no data at all', { success: true, status: 200 }],
  ])('user existence: %s says nothing either way ("unstated", never "login")', async (_label, body) => {
    reply = json(200, body);
    await expect(users.checkUserExists({ requestId: 'r', email: 'a@b.c', rememberMe: true })).resolves.toEqual({ action: 'unstated' });
  });

  test('user existence: redirect carries the first provider redirectUri', async () => {
    reply = json(200, { success: true, status: 200, data: { action: 'redirect', providers: [{ redirectUri: 'https://idp/x' }] } });
    await expect(users.checkUserExists({ requestId: 'r', email: 'a@b.c', rememberMe: true })).resolves.toEqual({
      action: 'redirect',
      redirectUri: 'https://idp/x',
    });
  });
});

describe('timeouts and retries', () => {
  test('a provider that does not answer fails with a timeout at the deadline', async () => {
    reply = () => undefined; // never answers
    const started = Date.now();
    await expect(publicService.getClientInfo({ requestId: 'r' })).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test('a POST whose connection is reset is not retried', async () => {
    reply = (req) => req.socket.destroy();
    await expect(verification.authenticate({ type: 'PASSWORD', exchangeId: 'e', secret: 'pw', requestId: 'r' })).rejects.toMatchObject({ kind: 'unreachable' });
    expect(hits.filter((h) => h.method === 'POST')).toHaveLength(1);
  });

  test('a GET whose connection is reset is tried once more', async () => {
    let first = true;
    reply = (req, res) => {
      if (first) {
        first = false;
        req.socket.destroy();
        return;
      }
      json(200, { success: true, status: 200, data: { client_name: 'again' } })(req, res);
    };
    await expect(publicService.getClientInfo({ requestId: 'r' })).resolves.toEqual({ displayName: 'again', identityProviders: [], registration: NO_SWITCHES });
    expect(hits).toHaveLength(2);
  });

  test('the success rule: status 200 or the success flag', () => {
    const call = { service: 'public-srv', operation: 'test' } as const;
    expect(answers.readAnswer(call, { status: 200, json: null, location: undefined }).kind).toBe('data');
    expect(answers.readAnswer(call, { status: 500, json: { success: true }, location: undefined }).kind).toBe('data');
    expect(answers.readAnswer(call, { status: 500, json: { success: false }, location: undefined }).kind).toBe('refused');
  });
});

describe('precheck metadata (group selection)', () => {
  const TRACK = '0d6e1c4e-1111-4000-8000-000000000001';

  test('reads meta_data.selectableGroups inside data, in the asked language, with customer numbers when sent', async () => {
    reply = json(200, {
      success: true,
      status: 200,
      data: {
        meta_data: {
          selectableGroups: [
            { groupId: 'g-1', groupName: 'Nord GmbH', customerNumber: 100101 },
            { groupId: 'g-2', groupName: '  ', customer_number: '7' },
            { groupId: 'g-3' },
          ],
        },
      },
    });
    await expect(prelogin.getSelectableGroups({ trackId: TRACK, locale: 'de-DE' })).resolves.toEqual({
      kind: 'groups',
      groups: [
        { id: 'g-1', name: 'Nord GmbH', customerNumber: '100101' },
        { id: 'g-2', name: 'g-2', customerNumber: '7' },
        { id: 'g-3', name: 'g-3' },
      ],
    });
    expect(hits[0].method).toBe('GET');
    expect(hits[0].url).toBe(`/token-srv/prelogin/metadata/${TRACK}?acceptLanguage=de-DE`);
    expect(hits[0].headers['accept-language']).toBe('de-DE');
  });

  test('also reads meta_data at the top level of the answer', async () => {
    reply = json(200, { meta_data: { selectableGroups: [{ groupId: 'g-1', groupName: 'One' }] } });
    await expect(prelogin.getSelectableGroups({ trackId: TRACK, locale: 'en-GB' })).resolves.toEqual({
      kind: 'groups',
      groups: [{ id: 'g-1', name: 'One' }],
    });
  });

  test('204 (unknown, expired or used track) is "gone"; 400 is a rejection; a shapeless answer is invalid', async () => {
    reply = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await expect(prelogin.getSelectableGroups({ trackId: TRACK, locale: 'en-GB' })).resolves.toEqual({ kind: 'gone' });
    reply = json(400, { success: false, status: 400, error: { code: 400, error: 'track_id must be a UUID' } });
    await expect(prelogin.getSelectableGroups({ trackId: 'x', locale: 'en-GB' })).rejects.toMatchObject({ kind: 'rejected', status: 400 });
    reply = json(200, { success: true, status: 200, data: { something: 'else' } });
    await expect(prelogin.getSelectableGroups({ trackId: TRACK, locale: 'en-GB' })).rejects.toMatchObject({ kind: 'invalid-response' });
    reply = json(200, { success: true, status: 200, data: { meta_data: { selectableGroups: [{ groupName: 'no id' }] } } });
    await expect(prelogin.getSelectableGroups({ trackId: TRACK, locale: 'en-GB' })).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('precheck metadata (the suggestion to set up a method: may it be skipped?)', () => {
  const TRACK = '0d6e1c4e-2222-4000-8000-000000000002';
  const day = 86_400_000;
  const rules = async (metaData: unknown) => {
    reply = json(200, { success: true, status: 200, data: { validation_type: 'suggest_verification_methods', meta_data: metaData } });
    return prelogin.getSuggestionRules({ trackId: TRACK, locale: 'en-GB' });
  };

  test('reason NONE: optional; ALLOFMANDATORY with a future skipUntil: skippable until then; past it: refused', async () => {
    await expect(rules({ reason: 'NONE' })).resolves.toEqual({ skip: 'allowed' });
    const until = new Date(Date.now() + 14 * day).toISOString();
    await expect(rules({ reason: 'ALLOFMANDATORY', mandatoryConfig: { methods: ['fido2'], skipUntil: until } })).resolves.toEqual({
      skip: 'allowed',
      skipUntil: Date.parse(until),
      mandatory: ['FIDO2'],
    });
    const past = new Date(Date.now() - day).toISOString();
    await expect(rules({ reason: 'ALLOFMANDATORY', mandatoryConfig: { methods: ['FIDO2'], skipUntil: past } })).resolves.toMatchObject({ skip: 'refused' });
  });

  test('another reason, or mandatory methods without a skipUntil: refused; skipUntil as epoch seconds or at meta_data', async () => {
    await expect(rules({ reason: 'MANDATORY' })).resolves.toMatchObject({ skip: 'refused' });
    await expect(rules({ mandatoryMethods: ['TOTP'] })).resolves.toEqual({ skip: 'refused', mandatory: ['TOTP'] });
    const seconds = Math.floor((Date.now() + day) / 1000);
    await expect(rules({ skipUntil: seconds })).resolves.toEqual({ skip: 'allowed', skipUntil: seconds * 1000 });
  });

  test('nothing said, an unreadable answer, or a track the tenant no longer knows: unknown (the refusal of a skip says it)', async () => {
    await expect(rules({ amr_values: ['pwd'] })).resolves.toEqual({ skip: 'unknown' });
    await expect(rules({ reason: 7 })).resolves.toEqual({ skip: 'unknown' });
    reply = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await expect(prelogin.getSuggestionRules({ trackId: TRACK, locale: 'en-GB' })).resolves.toEqual({ skip: 'unknown' });
  });
});

describe('FIDO2 initiations say where the ceremony runs (docs/provider-contract.md §2.13)', () => {
  const recorded = (name: string) => JSON.parse(readFileSync(`tests/unit/fixtures/fido2/${name}.json`, 'utf8')) as unknown;

  test('authentication: domainURL and allowedDomains, both the deployment origin (the JS SDK v6: it "must include the origin")', async () => {
    reply = json(200, recorded('authenticate-initiation'));
    await fido2.initiateFido2({ usageType: 'INITIAL_AUTHENTICATION', requestId: 'r', email: 'a@b.c', domainUrl: 'https://login.example.com' });
    expect(hits[0].url).toBe('/verification-srv/authentication/FIDO2/initiation');
    expect(JSON.parse(hits[0].body)).toEqual({
      usage_type: 'INITIAL_AUTHENTICATION',
      request_id: 'r',
      email: 'a@b.c',
      domainURL: 'https://login.example.com',
      allowedDomains: ['https://login.example.com'],
    });
  });

  test('enrolment at the track: the same two, and nothing else', async () => {
    reply = json(200, recorded('register-initiation'));
    await fido2.initiateFido2Setup({ trackId: 'tr-1', requestId: 'r', domainUrl: 'https://login.example.com' });
    expect(hits[0].url).toBe('/verification-actions-srv/setup/fido2/initiation/tr-1');
    expect(JSON.parse(hits[0].body)).toEqual({ domainURL: 'https://login.example.com', allowedDomains: ['https://login.example.com'] });
  });

  test('a set-up refusal with a top-level VER code reaches the caller with its meaning', async () => {
    reply = json(400, { success: false, status: 400, code: 'VER_0029', error: 'method_already_configured', error_description: 'x' });
    await expect(fido2.initiateFido2Setup({ trackId: 'tr-1', requestId: 'r', domainUrl: 'https://login.example.com' })).rejects.toMatchObject({
      kind: 'rejected',
      code: 'VER_0029',
      meaning: 'method-configured',
    });
  });
});
