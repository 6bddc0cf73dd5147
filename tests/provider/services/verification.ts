import { randomInt, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { fail, ok, sendJson, str, type Body, type Res } from '../http.ts';
import type { Account, Medium } from '../store.ts';
import type { Context, Route } from './context.ts';
import { initiatePush } from './push.ts';

const EXCHANGE_TTL_MS = 5 * 60 * 1000;
/** Undocumented at the provider (docs/provider-contract.md §7): the stand-in's choice. */
const ACCOUNT_LOCKED = 'account_locked';

/** What the configured list says of a medium: its id and the names §2.3 documents, nothing else. */
function listedMedium(medium: Medium): Medium {
  const { id, email, mobile, friendly_name } = medium;
  return { id, ...(email ? { email } : {}), ...(mobile ? { mobile } : {}), ...(friendly_name ? { friendly_name } : {}) };
}

/**
 * verification-srv: the configured list, initiate and authenticate (docs/provider-contract.md
 * §2.3–2.5), JSON only; a push request's status is in push.ts. Codes: 3072 wrong password, 3074 declined account (docs/provider-contract.md §5);
 * after repeated wrong passwords the account is locked for a while (seed.json `lockout`).
 */
export function codeMatches(exchange: { type: string; code?: string }, passCode: string, totpSecret: string): boolean {
  if (exchange.type === 'TOTP') {
    const totp = new TOTP({ secret: Secret.fromBase32(totpSecret), digits: 6, period: 30 });
    return totp.validate({ token: passCode, window: 1 }) !== null;
  }
  return exchange.code !== undefined && passCode === exchange.code;
}

/**
 * An address without an account. Which code verification-srv sends is not published
 * (docs/provider-contract.md §7): the stand-in's choice is 10301, the code useractions-srv documents.
 */
const userNotFound = (res: Res) => fail(res, 400, 10301, 'user not found', 'VerificationException');

/** A body this JSON API cannot read (docs: VER1003, "issue with the request payload structure"). */
export const verificationMalformed = (res: Res) => fail(res, 400, 'VER1003', 'client_error: issue with the request payload structure', 'VerificationException');
const JSON_ONLY = { body: 'json' as const, malformed: verificationMalformed };

export function verificationRoutes({ store, issuer }: Context): Route[] {
  const findAccount = (body: Body): Account | undefined => store.accountByEmail(body.email) ?? store.accountBySub(body.sub ?? body.q);

  return [
    [
      'POST',
      '/verification-srv/v2/setup/public/configured/list',
      (_req, res, _p, _u, body) => {
        if (!store.requests.has(str(body.request_id) ?? '')) return fail(res, 400, 'VER1003', 'request_id is invalid', 'VerificationException');
        const account = findAccount(body);
        // A tenant that hides who has an account lists a password for any address.
        if (!account && store.unknownUserAnswer(body.email) === 'masked')
          return ok(res, { configured_list: [{ type: 'PASSWORD', mediums: [{ id: 'PASSWORD' }] }] });
        if (!account) return userNotFound(res);
        // Enrolled passkeys are FIDO2 mediums, named like a device (§2.3, §2.13).
        const fido2 = account.passkeys?.length ? [{ type: 'FIDO2', mediums: account.passkeys.map((k) => ({ id: k.id, friendly_name: k.name })) }] : [];
        ok(res, {
          configured_list: [...account.methods, ...fido2].map((m) => ({
            type: m.type,
            mediums: (m.mediums ?? [{ id: m.type }]).map(listedMedium),
          })),
        });
      },
      JSON_ONLY,
    ],

    [
      'POST',
      '/verification-srv/v2/authenticate/initiate/:type',
      (_req, res, p, _u, body) => {
        const type = p.type.toUpperCase();
        const requestId = str(body.request_id) ?? '';
        if (!store.requests.has(requestId)) return fail(res, 400, 'VER1003', 'request_id is invalid', 'VerificationException');
        const account = findAccount(body);
        if (!account) return userNotFound(res);
        if (account.status === 'declined') return fail(res, 400, 3074, 'user declined, deactivated or deleted', 'VerificationException');
        // "single_factor_auth is only allowed for FACE" (docs).
        if (body.single_factor_auth !== undefined && type !== 'FACE')
          return fail(res, 400, 'VER1003', 'single_factor_auth is only allowed for FACE', 'VerificationException');
        const method = account.methods.find((m) => m.type === type);
        // With nothing configured, an e-mail code goes to the account's own address (§2.4).
        const emailFallback = type === 'EMAIL' && body.usage_type === 'MULTIFACTOR_AUTHENTICATION' && !method;
        if (!method && !emailFallback) return fail(res, 400, 'VER1004', `${type} is not configured`, 'VerificationException');
        // medium_id names one of the type's configured mediums, or is left out: the provider then
        // picks the matching one (JS SDK v6). An empty one names nothing and is refused.
        const mediums = (method?.mediums ?? [{ id: type }]).map((m) => m.id);
        const mediumId = body.medium_id === undefined ? undefined : typeof body.medium_id === 'string' ? body.medium_id : '';
        if (mediumId !== undefined && !mediums.includes(mediumId))
          return fail(res, 400, 'VER1004', 'medium_id is empty or not configured', 'VerificationException');
        if (!['PASSWORDLESS_AUTHENTICATION', 'MULTIFACTOR_AUTHENTICATION', 'INITIAL_AUTHENTICATION'].includes(String(body.usage_type))) {
          return fail(res, 400, 'VER1004', 'usage_type is missing or invalid', 'VerificationException');
        }
        // A second factor named with its precheck track is for that track's account and request
        // only (docs/provider-contract.md §2.4, I): somebody else's subject on one's own track fails.
        if (body.usage_type === 'MULTIFACTOR_AUTHENTICATION' && body.trackId !== undefined) {
          const track = store.tracks.get(str(body.trackId) ?? '');
          if (!track || track.used || track.expiresAt < Date.now() || track.sub !== account.sub || track.requestId !== requestId) {
            return fail(res, 400, 'VER1004', 'trackId does not belong to this user and request', 'VerificationException');
          }
        }
        if (type === 'PUSH') {
          const device = method?.mediums?.find((m) => m.id === (mediumId ?? mediums[0]))?.friendly_name;
          if (device) return ok(res, initiatePush(store, { account, requestId, device }));
          // The device must be set up first: the provider sends the browser there (spec: error_code 403).
          const redirectUrl = new URL(store.mfaRedirectUrl, issuer).toString();
          return sendJson(res, 403, { success: false, status: 403, error: { code: 403, error_code: 403, error: 'setup required', redirectUrl } });
        }
        const code = type === 'EMAIL' || type === 'SMS' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : undefined;
        const exchange = { id: randomUUID(), type, requestId, sub: account.sub, expiresAt: Date.now() + EXCHANGE_TTL_MS, used: false, code };
        store.exchanges.set(exchange.id, exchange);
        if (code) {
          store.outbox.push({
            id: randomUUID(),
            at: new Date().toISOString(),
            channel: type === 'SMS' ? 'sms' : 'email',
            to: type === 'SMS' ? `sms:${account.email}` : account.email,
            subject: 'Your sign-in code',
            body: `Your security code is ${code}. It expires in 5 minutes.`,
            code,
          });
        }
        ok(res, { exchange_id: { exchange_id: exchange.id, expires_at: new Date(exchange.expiresAt).toISOString() } });
      },
      JSON_ONLY,
    ],

    [
      'POST',
      '/verification-srv/v2/authenticate/authenticate/:type',
      (_req, res, p, _u, body) => {
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
            // How many are left, under the name this deployment reads (docs/provider-contract.md §7:
            // no source names one; the stand-in's choice).
            return fail(res, 400, 3072, 'invalid password', 'VerificationException', { remaining_attempts: store.lockout.maxFailures - account.failures });
          }
          account.failures = 0;
        } else if (exchange.type === 'BACKUPCODE') {
          // One of the account's unused codes, as issued (digits only: the page removes the spaces); used up by this.
          const index = account.backupCodes?.indexOf(str(body.pass_code) ?? '') ?? -1;
          if (index < 0) return fail(res, 400, 3063, 'code invalid or already used', 'VerificationException');
          account.backupCodes!.splice(index, 1);
        } else if (!codeMatches(exchange, str(body.pass_code) ?? '', account.totpSecret ?? store.totpSecret)) {
          return fail(res, 400, 3063, 'code invalid or already used', 'VerificationException');
        }
        exchange.used = true;
        const statusId = randomUUID();
        store.verified.set(statusId, {
          statusId,
          sub: account.sub,
          requestId: exchange.requestId,
          type: exchange.type,
          used: false,
          expiresAt: Date.now() + EXCHANGE_TTL_MS,
        });
        // How many backup codes are left, under a name of the stand-in's choosing (no source names one:
        // docs/provider-contract.md §2.5, U), so the page that reads it is exercised.
        const left = exchange.type === 'BACKUPCODE' ? { remaining_backup_codes: account.backupCodes?.length ?? 0 } : {};
        ok(res, { exchange_id: { exchange_id: exchange.id }, sub: account.sub, status_id: statusId, ...left });
      },
      JSON_ONLY,
    ],
  ];
}
