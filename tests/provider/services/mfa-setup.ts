import { randomUUID } from 'node:crypto';
import { Secret } from 'otpauth';
import { fail, failWithCode, ok, sendJson, str, type Body, type Res } from '../http.ts';
import type { Account, Exchange, Track } from '../store.ts';
import type { Context, Route } from './context.ts';
import { methodConfigured } from './login.ts';
import { codeMatches, verificationMalformed } from './verification.ts';

const SETUP_TTL_MS = 10 * 60 * 1000;

/**
 * Setting up an authenticator app on a suggestion's track (docs/provider-contract.md §2.19), as
 * strictly as the tenant: only on a track whose next precheck is the suggestion, only for a method
 * the suggestion names, never one already set up; the first code is checked for real (TOTP, 30 s,
 * one step either side) against the secret issued here. The current generation answers on
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

  /** Opens a set-up, or says which refusal (its code and words) the generation answers. */
  const open = (method: string, trackId: unknown): Exchange | { code: string; legacyCode: string | number; message: string } => {
    const track = openTrack(trackId);
    const account = track && store.accountBySub(track.sub);
    // The legacy generation's codes for these are not published: the track's is the one it uses for
    // an unknown reference, the others are the stand-in's (a product reads them as unknown refusals).
    if (!track || !account) return { code: 'VER_0025', legacyCode: 'VER_0006', message: 'trackId is invalid, used or not suggesting a method' };
    if (method !== 'TOTP' || !named(account).includes(method))
      return { code: 'VER_0028', legacyCode: 3041, message: `${method} is not active for this client` };
    if (methodConfigured(account, method)) return { code: 'VER_0029', legacyCode: 3042, message: `${method} is already configured` };
    const exchange: Exchange = {
      id: randomUUID(),
      type: method,
      requestId: track.requestId,
      sub: account.sub,
      expiresAt: Date.now() + SETUP_TTL_MS,
      used: false,
      setup: { trackId: track.trackId, totpSecret: new Secret({ size: 20 }).base32 },
    };
    store.exchanges.set(exchange.id, exchange);
    return exchange;
  };

  const answerOpened = (res: Res, exchange: Exchange) =>
    ok(res, {
      exchange_id: { exchange_id: exchange.id, expires_at: new Date(exchange.expiresAt).toISOString() },
      sub: exchange.sub,
      status_id: randomUUID(),
      totp_secret: exchange.setup!.totpSecret,
    });

  /** Checks the first code; on success the method is the account's, and the suggestion is answered. */
  const check = (method: string, body: Body): 'ok' | 'unknown' | 'wrong' | 'configured' => {
    const exchange = store.exchanges.get(str(body.exchange_id) ?? '');
    if (!exchange?.setup || exchange.type !== method || exchange.used || exchange.expiresAt < Date.now()) return 'unknown';
    const track = openTrack(exchange.setup.trackId);
    const account = store.accountBySub(exchange.sub);
    if (!track || !account) return 'unknown';
    if (body.sub !== undefined && body.sub !== account.sub) return 'unknown';
    if (!codeMatches({ type: 'TOTP' }, str(body.pass_code) ?? '', exchange.setup.totpSecret!)) return 'wrong';
    exchange.used = true;
    if (methodConfigured(account, method)) return 'configured';
    account.methods = [...account.methods, { type: method }];
    account.totpSecret = exchange.setup.totpSecret;
    track.suggestionAnswered = true;
    return 'ok';
  };

  const setupOf = {
    initiate(res: Res, method: string, trackId: string) {
      if (generation === 'legacy') return sendJson(res, 404, { success: false, status: 404, error: 'Not Found' });
      const opened = open(method, trackId);
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
              const opened = open(p.type, body.track_id);
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
