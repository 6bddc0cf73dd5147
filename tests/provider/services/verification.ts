import { randomInt, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Context, Route } from './context.ts';
import { fail, ok, readBody, sendJson, str } from '../http.ts';
import type { Account } from '../store.ts';

const EXCHANGE_TTL_MS = 5 * 60 * 1000;
/** Undocumented at the provider; the app maps the same value (lib/flows/error-map.ts). */
const ACCOUNT_LOCKED = 'account_locked';

/**
 * verification-srv: the configured list, initiate and authenticate (provider-api.md §5.3–5.5).
 * Codes: 3072 wrong password, 3074 declined account (product-spec.md §8); after repeated wrong
 * passwords the account is locked for a while (seed.json `lockout`).
 */
function codeMatches(exchange: { type: string; code?: string }, passCode: string, totpSecret: string): boolean {
  if (exchange.type === 'TOTP') {
    const totp = new TOTP({ secret: Secret.fromBase32(totpSecret), digits: 6, period: 30 });
    return totp.validate({ token: passCode, window: 1 }) !== null;
  }
  return exchange.code !== undefined && passCode === exchange.code;
}

export function verificationRoutes({ store, issuer }: Context): Route[] {
  const findAccount = (body: Record<string, unknown>): Account | undefined =>
    store.accountByEmail(body.email) ?? store.accountBySub(body.sub);

  return [
    ['POST', '/verification-srv/account/initiate', async (req, res) => {
      const body = await readBody(req);
      const requestId = str(body.requestId) ?? '';
      if (!store.requests.has(requestId)) return fail(res, 400, 'VER_0006', 'invalid requestId', 'VerificationException');
      const account = store.accountBySub(body.sub);
      if (!account) return fail(res, 400, 'VER_0006', 'invalid sub', 'VerificationException');
      const accvid = randomUUID();
      store.verifications.set(accvid, { accvid, sub: account.sub, requestId, used: false });
      const link = new URL(`/verification-srv/account/verify-link/${accvid}`, issuer).toString();
      store.outbox.push({
        id: randomUUID(), at: new Date().toISOString(), channel: 'email', to: account.email,
        subject: 'Confirm your e-mail address', body: `Open this link to confirm your address: ${link}`, link,
      });
      ok(res, { accvid });
    }],

    // The link in the e-mail: confirms the address, then sends the browser to the completion page
    // with a track for the automatic login (password_set_success-style parameters).
    ['GET', '/verification-srv/account/verify-link/:accvid', (_req, res, p) => {
      const verification = store.verifications.get(p.accvid);
      const account = verification && store.accountBySub(verification.sub);
      if (!verification || verification.used || !account) return sendJson(res, 400, { success: false, status: 400, error: { code: 'VER_0006', error: 'link invalid or used' } });
      verification.used = true;
      account.emailVerified = true;
      const trackId = randomUUID();
      store.tracks.set(trackId, { trackId, requestId: verification.requestId, sub: account.sub, pending: [], used: false, expiresAt: Date.now() + 60 * 60 * 1000 });
      const complete = new URL('/verify-email-complete', store.client.loginPageUrl);
      for (const [k, v] of Object.entries({ requestId: verification.requestId, suggested_action: 'LOGIN', trackId })) complete.searchParams.set(k, v);
      res.writeHead(302, { location: complete.toString() });
      res.end();
    }],

    ['POST', '/verification-srv/v2/setup/public/configured/list', async (req, res) => {
      const body = await readBody(req);
      if (!store.requests.has(str(body.request_id) ?? '')) return fail(res, 400, 'VER1003', 'request_id is invalid', 'VerificationException');
      const account = findAccount(body);
      if (!account) return fail(res, 400, 'VER1004', 'user not found', 'VerificationException');
      ok(res, {
        configured_list: account.methods.map((m) => ({
          type: m.type,
          mediums: m.mediums ?? [{ id: m.type === 'PASSWORD' ? 'PASSWORD' : randomUUID() }],
        })),
      });
    }],

    ['POST', '/verification-srv/v2/authenticate/initiate/:type', async (req, res, p) => {
      const body = await readBody(req);
      const type = p.type.toUpperCase();
      const requestId = str(body.request_id) ?? '';
      if (!store.requests.has(requestId)) return fail(res, 400, 'VER1003', 'request_id is invalid', 'VerificationException');
      const account = findAccount(body);
      if (!account) return fail(res, 400, 'VER1004', 'user not found', 'VerificationException');
      if (account.status === 'declined') return fail(res, 400, 3074, 'user declined, deactivated or deleted', 'VerificationException');
      const method = account.methods.find((m) => m.type === type);
      // With nothing configured, an e-mail code goes to the account's own address.
      const emailFallback = type === 'EMAIL' && body.usage_type === 'MULTIFACTOR_AUTHENTICATION';
      if (!method && !emailFallback) return fail(res, 400, 'VER1004', `${type} is not configured`, 'VerificationException');
      if (type === 'PUSH') {
        // The device must be set up first: the provider sends the browser there (spec: error_code 403).
        const redirectUrl = new URL(store.mfaRedirectUrl, issuer).toString();
        return sendJson(res, 403, { success: false, status: 403, error: { code: 403, error_code: 403, error: 'setup required', redirectUrl } });
      }
      const code = type === 'EMAIL' || type === 'SMS' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : undefined;
      const exchange = { id: randomUUID(), type, requestId, sub: account.sub, expiresAt: Date.now() + EXCHANGE_TTL_MS, used: false, code };
      store.exchanges.set(exchange.id, exchange);
      const masked = method?.mediums?.[0]?.masked;
      if (code) {
        store.outbox.push({
          id: randomUUID(), at: new Date().toISOString(), channel: type === 'SMS' ? 'sms' : 'email',
          to: type === 'SMS' ? `sms:${account.email}` : account.email,
          subject: 'Your sign-in code', body: `Your security code is ${code}. It expires in 5 minutes.`, code,
        });
      }
      ok(res, {
        exchange_id: { exchange_id: exchange.id, expires_at: new Date(exchange.expiresAt).toISOString() },
        ...(masked ? { medium_text: masked } : {}),
      });
    }],

    ['POST', '/verification-srv/v2/authenticate/authenticate/:type', async (req, res, p) => {
      const body = await readBody(req);
      const exchange = store.exchanges.get(str(body.exchange_id) ?? '');
      if (!exchange || exchange.type !== p.type.toUpperCase()) {
        return fail(res, 400, 'VER1003', 'exchange_id is invalid', 'VerificationException');
      }
      if (exchange.used) return fail(res, 400, 3063, 'code invalid or already used', 'VerificationException');
      if (exchange.expiresAt < Date.now()) return fail(res, 400, 3010, 'exchange expired', 'VerificationException');
      const account = store.accountBySub(exchange.sub);
      if (!account) return fail(res, 400, 'VER1004', 'user not found', 'VerificationException');
      if (exchange.type === 'PASSWORD') {
        const now = Date.now();
        if (account.lockedUntil && account.lockedUntil > now) {
          return fail(res, 400, ACCOUNT_LOCKED, 'account locked after repeated failures', 'VerificationException');
        }
        if (body.password !== account.password) {
          account.failures = (account.failures ?? 0) + 1;
          if (account.failures >= store.lockout.maxFailures) {
            account.failures = 0;
            account.lockedUntil = now + store.lockout.lockMinutes * 60_000;
            return fail(res, 400, ACCOUNT_LOCKED, 'account locked after repeated failures', 'VerificationException');
          }
          return fail(res, 400, 3072, 'invalid password', 'VerificationException');
        }
        account.failures = 0;
      } else if (!codeMatches(exchange, str(body.pass_code) ?? '', store.totpSecret)) {
        return fail(res, 400, 3063, 'code invalid or already used', 'VerificationException');
      }
      exchange.used = true;
      const statusId = randomUUID();
      store.verified.set(statusId, { statusId, sub: account.sub, requestId: exchange.requestId, type: exchange.type, used: false, expiresAt: Date.now() + EXCHANGE_TTL_MS });
      ok(res, { exchange_id: { exchange_id: exchange.id }, sub: account.sub, status_id: statusId });
    }],
  ];
}
