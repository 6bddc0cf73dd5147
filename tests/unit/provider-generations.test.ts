import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';

/**
 * Password reset and account confirmation in both API generations (docs/provider-contract.md §3),
 * against a loopback server: which path, which encoding, which fields, and how each answer (JSON
 * envelope or 302 Location) becomes the step's outcome.
 */
type Hit = { method: string; url: string; type: string | undefined; body: string };
type Reply = (req: IncomingMessage, res: ServerResponse) => void;
let reply: Reply;
let hits: Hit[];
let server: Server;

const json =
  (status: number, body: unknown): Reply =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
const found =
  (location: string): Reply =>
  (_req, res) => {
    res.writeHead(302, { location });
    res.end();
  };
const fields = (hit: Hit) => Object.fromEntries(new URLSearchParams(hit.body));

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, type: req.headers['content-type'], body });
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PROVIDER_BREAKER_THRESHOLD = '1000';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits = [];
});

async function load(generation: 'current' | 'legacy') {
  vi.resetModules();
  process.env.PROVIDER_API = generation;
  return {
    reset: await import('@/lib/flows/reset'),
    confirm: await import('@/lib/flows/verify-email'),
  };
}

const ACCEPT = { password: 'NewKitchen2027', resetRequestId: 'rprq-1', exchangeId: 'ex-1', requestId: 'req-12345678', locale: 'de-DE' };

describe('current generation (password-srv, verification-actions-srv)', () => {
  let m: Awaited<ReturnType<typeof load>>;
  beforeAll(async () => {
    m = await load('current');
  });

  test('reset initiation: JSON to ?action=initiatereset with LINK and e-mail', async () => {
    reply = json(200, { success: true, status: 200, data: { reset_initiated: true, rprq: 'r' } });
    await m.reset.requestResetLink({ email: 'a@b.c', requestId: 'req-12345678', locale: 'de-DE' });
    expect(hits[0]).toMatchObject({ method: 'POST', url: '/password-srv/resetpassword?action=initiatereset', type: 'application/json' });
    expect(JSON.parse(hits[0].body)).toEqual({ email: 'a@b.c', requestId: 'req-12345678', processingType: 'LINK', resetMedium: 'email' });
  });

  test('accept: a form post to ?action=acceptreset; the 302 to password_set_success is the next page', async () => {
    reply = found('https://login.example.com/reset-password-success?requestId=req-12345678&suggested_action=LOGIN&trackId=t-1');
    await expect(m.reset.saveNewPassword(ACCEPT)).resolves.toEqual({
      kind: 'saved',
      next: 'https://login.example.com/reset-password-success?requestId=req-12345678&suggested_action=LOGIN&trackId=t-1',
    });
    expect(hits[0]).toMatchObject({ url: '/password-srv/resetpassword?action=acceptreset', type: 'application/x-www-form-urlencoded' });
    expect(fields(hits[0])).toEqual({
      resetRequestId: 'rprq-1',
      exchangeId: 'ex-1',
      password: 'NewKitchen2027',
      confirmPassword: 'NewKitchen2027',
      requestId: 'req-12345678',
    });
  });

  test.each([
    ['VER_0120', { kind: 'field-error', key: 'passwordPwned' }],
    ['VER_0119', { kind: 'field-error', key: 'passwordReused' }],
    ['VER_0006', { kind: 'link-gone' }],
    ['VER_0007', { kind: 'link-gone' }],
  ])('accept refused by a 302 back to password_set with error_code %s', async (code, outcome) => {
    reply = found(
      `https://login.example.com/reset-password?requestId=r&rprq=p&exchangeid=e&resetMedium=email&error=Bad+Request&error_description=x&error_code=${code}`,
    );
    await expect(m.reset.saveNewPassword(ACCEPT)).resolves.toEqual(outcome);
  });

  test('accept refused with a code nobody knows: thrown, to the error page with the code named', async () => {
    reply = found('https://login.example.com/reset-password?requestId=r&rprq=p&exchangeid=e&error_code=VER_0999');
    await expect(m.reset.saveNewPassword(ACCEPT)).rejects.toMatchObject({ kind: 'rejected', code: 'VER_0999', unknownCode: true });
  });

  test('confirmation: a form post to /account/initiation; the accvid is read from the 302', async () => {
    reply = found('https://login.example.com/verify-email-complete?accvid=acc-1&email=a***%40b.c&processingType=LINK&requestId=req-12345678&type=email');
    await expect(m.confirm.sendConfirmation({ requestId: 'req-12345678', whom: { email: 'a@b.c' }, locale: 'de-DE' })).resolves.toEqual({ accvid: 'acc-1' });
    expect(hits[0]).toMatchObject({ url: '/verification-actions-srv/account/initiation', type: 'application/x-www-form-urlencoded' });
    expect(fields(hits[0])).toEqual({
      requestId: 'req-12345678',
      processingType: 'LINK',
      verificationMedium: 'email',
      email: 'a@b.c',
      accept_language: 'de-DE',
    });
  });

  test('confirmation refused by a 302 to the error page: a rejection the caller can read', async () => {
    reply = found('https://login.example.com/error?error=invalid_request&error_code=VER_0006');
    await expect(m.confirm.sendConfirmation({ requestId: 'req-12345678', whom: { sub: 's-1' }, locale: 'en-GB' })).rejects.toMatchObject({
      kind: 'rejected',
      code: 'VER_0006',
      meaning: 'reference-invalid',
    });
    expect(fields(hits[0]).sub).toBe('s-1');
  });

  test('a code is checked with JSON {accvid, code}; LOGIN with a track signs in', async () => {
    reply = json(200, { success: true, status: 200, data: { suggested_action: 'LOGIN', track_id: 'tr-1' } });
    await expect(m.confirm.confirmWithCode({ accvid: 'acc-1', code: '123456', locale: 'en-GB' })).resolves.toEqual({
      kind: 'confirmed',
      signInTrackId: 'tr-1',
    });
    expect(hits[0]).toMatchObject({ url: '/verification-actions-srv/account', type: 'application/json' });
    expect(JSON.parse(hits[0].body)).toEqual({ accvid: 'acc-1', code: '123456' });
  });

  // verification-actions-srv refuses with a top-level `code` beside success: false (the 4.0.6 docs);
  // the code of a wrong one is not published, so any refusal this build cannot explain is a wrong code.
  test.each([
    [
      'a top-level code no table names (the stand-in, VER_0008)',
      { success: false, status: 400, code: 'VER_0008', error: 'verification_failed', error_description: 'x' },
    ],
    ['a top-level code with an error name that means something elsewhere', { success: false, status: 401, code: 'VER_0042', error: 'invalid_request' }],
    ['the older error object', { success: false, status: 400, error: { error: 'invalid_code' } }],
  ])('a wrong code (%s) comes back to the field', async (_name, body) => {
    reply = json(body.status, body);
    await expect(m.confirm.confirmWithCode({ accvid: 'acc-1', code: '000000', locale: 'en-GB' })).resolves.toEqual({
      kind: 'code-error',
      key: 'mfaCodeInvalid',
    });
  });

  test('an unknown, used or expired accvid (top-level VER_0006): "expired or used" on the field', async () => {
    reply = json(400, { success: false, status: 400, code: 'VER_0006', error: 'invalid_request', error_description: 'invalid accvid' });
    await expect(m.confirm.confirmWithCode({ accvid: 'x', code: '000000', locale: 'en-GB' })).resolves.toEqual({
      kind: 'code-error',
      key: 'verifyCodeExpired',
    });
  });

  test('a payload the tenant could not read (top-level VER_0004), or its own failure: thrown, never "wrong code"', async () => {
    reply = json(400, { success: false, status: 400, code: 'VER_0004', error: 'invalid_request_payload' });
    await expect(m.confirm.confirmWithCode({ accvid: 'x', code: '000000', locale: 'en-GB' })).rejects.toMatchObject({ meaning: 'request-malformed' });
    reply = json(500, { success: false, status: 500, code: 'VER_9999' });
    await expect(m.confirm.confirmWithCode({ accvid: 'x', code: '000000', locale: 'en-GB' })).rejects.toMatchObject({ status: 500 });
  });
});

describe('legacy generation (users-srv, verification-srv)', () => {
  let m: Awaited<ReturnType<typeof load>>;
  beforeAll(async () => {
    m = await load('legacy');
  });

  test('reset initiation: JSON to /users-srv/resetpassword/initiate', async () => {
    reply = json(200, { success: true, status: 200, data: { reset_initiated: true, rprq: 'r' } });
    await m.reset.requestResetLink({ email: 'a@b.c', requestId: 'req-12345678', locale: 'en-GB' });
    expect(hits[0]).toMatchObject({ url: '/users-srv/resetpassword/initiate', type: 'application/json' });
  });

  test('accept: JSON to /users-srv/resetpassword/accept; data.reseted true is success, a redirect_uri is passed on', async () => {
    reply = json(200, { success: true, status: 200, data: { reseted: true } });
    await expect(m.reset.saveNewPassword(ACCEPT)).resolves.toEqual({ kind: 'saved', next: undefined });
    expect(hits[0]).toMatchObject({ url: '/users-srv/resetpassword/accept', type: 'application/json' });
    expect(JSON.parse(hits[0].body)).toMatchObject({ resetRequestId: 'rprq-1', exchangeId: 'ex-1', confirmPassword: 'NewKitchen2027' });
    reply = json(200, { success: true, status: 200, data: { reseted: true, redirect_uri: 'https://app.example.com/' } });
    await expect(m.reset.saveNewPassword(ACCEPT)).resolves.toEqual({ kind: 'saved', next: 'https://app.example.com/' });
  });

  test.each([
    [400, 'VER_0120', { kind: 'field-error', key: 'passwordPwned' }],
    [400, 'VER_0119', { kind: 'field-error', key: 'passwordReused' }],
    [417, 10009, { kind: 'field-error', key: 'passwordsDontMatch' }],
    [400, 10002, { kind: 'link-gone' }],
  ])('accept refused %i %j', async (status, code, outcome) => {
    reply = json(status, { success: false, status, error: { code, error: 'no' } });
    await expect(m.reset.saveNewPassword(ACCEPT)).resolves.toEqual(outcome);
  });

  test('an answer without reseted: true is not a success', async () => {
    reply = json(200, { success: true, status: 200, data: { reseted: false } });
    await expect(m.reset.saveNewPassword(ACCEPT)).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  test('confirmation: JSON to /verification-srv/account/initiate/sdk (not the browser variant), data.accvid', async () => {
    reply = json(200, { success: true, status: 200, data: { accvid: 'acc-9' } });
    await expect(m.confirm.sendConfirmation({ requestId: 'req-12345678', whom: { sub: 's-1' }, locale: 'en-GB' })).resolves.toEqual({ accvid: 'acc-9' });
    expect(hits[0]).toMatchObject({ url: '/verification-srv/account/initiate/sdk', type: 'application/json' });
    expect(JSON.parse(hits[0].body)).toEqual({
      requestId: 'req-12345678',
      processingType: 'LINK',
      verificationMedium: 'email',
      sub: 's-1',
      accept_language: 'en-GB',
    });
  });

  test('a code is checked at /verification-srv/account/verify', async () => {
    reply = json(200, { success: true, status: 200, data: {} });
    await expect(m.confirm.confirmWithCode({ accvid: 'acc-1', code: '123456', locale: 'en-GB' })).resolves.toEqual({
      kind: 'confirmed',
      signInTrackId: undefined,
    });
    expect(hits[0].url).toBe('/verification-srv/account/verify');
  });
});
