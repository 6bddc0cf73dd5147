import { randomInt, randomUUID } from 'node:crypto';
import { Secret } from 'otpauth';
import { fail, failWithCode, isInternationalNumber, ok, sendJson, str, type Body, type Res } from '../http.ts';
import type { Account, Exchange, Track } from '../store.ts';
import type { Context, Route } from './context.ts';
import { methodConfigured } from './login.ts';
import { codeMatches, verificationMalformed } from './verification.ts';

const SETUP_TTL_MS = 10 * 60 * 1000;
/** The methods this stand-in sets up on a suggestion's track besides FIDO2 (fido2.ts). */
const SET_UP_HERE = new Set(['TOTP', 'SMS', 'EMAIL']);

/** How the configured list names a medium: masked, like the seed's (`+49 ••• ••12`, `a•••@example.com`). */
const mask = (destination: string) =>
  destination.includes('@') ? destination.replace(/^(.)[^@]*/, '$1•••') : `${destination.slice(0, 3)} ••• ••${destination.slice(-2)}`;

/**
 * Setting up an authenticator app, text messages or codes by e-mail on a suggestion's track
 * (docs/provider-contract.md §2.19), as strictly as the tenant: only on a track whose next precheck
 * is the suggestion, only for a method the suggestion names, never one already set up, a text
 * message only to an international number and an e-mail only to an address (VER_0005 otherwise);
 * the first code is checked for real (TOTP: 30 s, one step either side, against the secret issued
 * here; a text message's or an e-mail's: the one put in the outbox). The current generation answers on
 * verification-actions-srv (top-level VER_* codes); the legacy one does not serve that path (404)
 * and answers on verification-srv/v2's `suggestmfa` and `enroll` (its envelope and codes).
 * fido2.ts hands its set-up paths to `setupOf` for every method other than FIDO2.
 */
export function mfaSetup({ store, generation }: Context) {
  const openTrack = (trackId: unknown): Track | undefined => {
    const track = store.tracks.get(str(trackId) ?? '');
    if (!track || track.used || track.expiresAt < Date.now() || track.pending[0] !== 'suggest') return undefined;
    return track;
  };
  const named = (account: Account) => [...(account.suggestionMandatory?.methods ?? []), ...(account.suggestMethods ?? [])];

  /** Where a text message's or an e-mail's first code goes: an international number, an address. */
  const destinationOf = (method: string, body: Body): string | undefined => {
    if (method === 'SMS') return isInternationalNumber(body.mobile_number) ? body.mobile_number : undefined;
    if (method === 'EMAIL') return typeof body.email === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email) ? body.email : undefined;
    return undefined;
  };

  /** Opens a set-up, or says which refusal (its code and words) the generation answers. */
  const open = (method: string, trackId: unknown, body: Body): Exchange | { code: string; legacyCode: string | number; message: string } => {
    const track = openTrack(trackId);
    const account = track && store.accountBySub(track.sub);
    // The legacy generation's codes for these are not published: the track's is the one it uses for
    // an unknown reference, the others are the stand-in's (a product reads them as unknown refusals).
    if (!track || !account) return { code: 'VER_0025', legacyCode: 'VER_0006', message: 'trackId is invalid, used or not suggesting a method' };
    if (!SET_UP_HERE.has(method) || !named(account).includes(method))
      return { code: 'VER_0028', legacyCode: 3041, message: `${method} is not active for this client` };
    if (methodConfigured(account, method)) return { code: 'VER_0029', legacyCode: 3042, message: `${method} is already configured` };
    const destination = destinationOf(method, body);
    if (method !== 'TOTP' && !destination)
      return { code: 'VER_0005', legacyCode: 'VER1004', message: `${method === 'SMS' ? 'mobile_number' : 'email'} is missing or invalid` };
    const code = method === 'TOTP' ? undefined : String(randomInt(0, 1_000_000)).padStart(6, '0');
    const exchange: Exchange = {
      id: randomUUID(),
      type: method,
      requestId: track.requestId,
      sub: account.sub,
      expiresAt: Date.now() + SETUP_TTL_MS,
      used: false,
      code,
      setup: { trackId: track.trackId, ...(method === 'TOTP' ? { totpSecret: new Secret({ size: 20 }).base32 } : { destination }) },
    };
    store.exchanges.set(exchange.id, exchange);
    if (code && destination) {
      store.outbox.push({
        id: randomUUID(),
        at: new Date().toISOString(),
        channel: method === 'SMS' ? 'sms' : 'email',
        to: method === 'SMS' ? `sms:${destination}` : destination,
        subject: 'Your set-up code',
        body: `Your code to set up sign-in codes is ${code}. It expires in 10 minutes.`,
        code,
      });
    }
    return exchange;
  };

  const answerOpened = (res: Res, exchange: Exchange) =>
    ok(res, {
      exchange_id: { exchange_id: exchange.id, expires_at: new Date(exchange.expiresAt).toISOString() },
      sub: exchange.sub,
      status_id: randomUUID(),
      ...(exchange.setup!.totpSecret ? { totp_secret: exchange.setup!.totpSecret } : {}),
    });

  /** Checks the first code; on success the method is the account's, and the suggestion is answered. */
  const check = (method: string, body: Body): 'ok' | 'unknown' | 'wrong' | 'configured' => {
    const exchange = store.exchanges.get(str(body.exchange_id) ?? '');
    if (!exchange?.setup || exchange.type !== method || exchange.used || exchange.expiresAt < Date.now()) return 'unknown';
    const track = openTrack(exchange.setup.trackId);
    const account = store.accountBySub(exchange.sub);
    if (!track || !account) return 'unknown';
    if (body.sub !== undefined && body.sub !== account.sub) return 'unknown';
    const passCode = str(body.pass_code) ?? '';
    const right = method === 'TOTP' ? codeMatches({ type: 'TOTP' }, passCode, exchange.setup.totpSecret!) : passCode === exchange.code;
    if (!right) return 'wrong';
    exchange.used = true;
    if (methodConfigured(account, method)) return 'configured';
    const destination = exchange.setup.destination;
    const medium = destination ? [{ id: randomUUID(), ...(method === 'SMS' ? { mobile: mask(destination) } : { email: mask(destination) }) }] : undefined;
    account.methods = [...account.methods, { type: method, ...(medium ? { mediums: medium } : {}) }];
    if (method === 'TOTP') account.totpSecret = exchange.setup.totpSecret;
    track.suggestionAnswered = true;
    return 'ok';
  };

  const setupOf = {
    initiate(res: Res, method: string, trackId: string, body: Body) {
      if (generation === 'legacy') return sendJson(res, 404, { success: false, status: 404, error: 'Not Found' });
      const opened = open(method, trackId, body);
      if ('legacyCode' in opened) return failWithCode(res, 400, opened.code, 'invalid_request', opened.message);
      answerOpened(res, opened);
    },
    verify(res: Res, method: string, body: Body) {
      if (generation === 'legacy') return sendJson(res, 404, { success: false, status: 404, error: 'Not Found' });
      const checked = check(method, body);
      if (checked === 'unknown') return failWithCode(res, 400, 'VER_0025', 'invalid_request', 'exchange or track is invalid, used or expired');
      if (checked === 'wrong') return failWithCode(res, 400, 'invalid_code', 'invalid_code', 'the code is not valid');
      if (checked === 'configured') return failWithCode(res, 400, 'VER_0034', 'already_configured', `${method} is already configured`);
      ok(res, { exchange_id: body.exchange_id, sub: store.exchanges.get(str(body.exchange_id) ?? '')?.sub, status_id: randomUUID(), enrolled: true });
    },
  };

  const legacyRoutes: Route[] =
    generation !== 'legacy'
      ? []
      : [
          [
            'POST',
            '/verification-srv/v2/setup/initiate/suggestmfa/:type',
            (_req, res, p, _u, body) => {
              if (body.verification_type !== p.type)
                return fail(res, 400, 'VER1004', 'verification_type must name the method of the path', 'VerificationException');
              const opened = open(p.type, body.track_id, body);
              if ('legacyCode' in opened) return fail(res, 400, opened.legacyCode, opened.message, 'VerificationException');
              answerOpened(res, opened);
            },
            { body: 'json', malformed: verificationMalformed },
          ],
          [
            'POST',
            '/verification-srv/v2/setup/enroll/:type',
            (_req, res, p, _u, body) => {
              if (body.verification_type !== p.type)
                return fail(res, 400, 'VER1004', 'verification_type must name the method of the path', 'VerificationException');
              const checked = check(p.type, body);
              if (checked === 'unknown') return fail(res, 400, 'VER_0006', 'exchange expired or unknown', 'VerificationException');
              if (checked === 'wrong') return fail(res, 400, 3063, 'code invalid or already used', 'VerificationException');
              if (checked === 'configured') return fail(res, 400, 3042, `${p.type} is already configured`, 'VerificationException');
              ok(res, { exchange_id: body.exchange_id, enrolled: true });
            },
            { body: 'json', malformed: verificationMalformed },
          ],
        ];

  return { setupOf, legacyRoutes };
}
