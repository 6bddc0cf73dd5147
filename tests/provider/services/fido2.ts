import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { fail, failWithCode, ok, sendJson, str, type Body, type Res } from '../http.ts';
import type { Account, Exchange, Passkey, Track } from '../store.ts';
import type { Context, Route } from './context.ts';
import { skipAllowed } from './login.ts';
import { mfaSetup } from './mfa-setup.ts';
import { verificationMalformed } from './verification.ts';

const CEREMONY_TTL_MS = 5 * 60 * 1000;
/** What a browser is given to complete a ceremony (WebAuthn's own timeout, ms). */
const CEREMONY_TIMEOUT_MS = 120_000;

/** verification-actions-srv's refusals: a top-level `code` (docs/provider-contract.md §1, §5). */
const setupRefused = (res: Res, code: string, error: string, description: string) => failWithCode(res, 400, code, error, description);
/** Its malformed-payload answer (VER_0035: "Invalid FIDO2 request payload"). */
const setupMalformed = (res: Res) => setupRefused(res, 'VER_0035', 'invalid_request_payload', 'Invalid FIDO2 request payload');

/**
 * FIDO2 for real (docs/provider-contract.md §2.13): challenges from @simplewebauthn/server, the
 * browser's assertions and attestations verified against this stand-in's relying party (its id and
 * the app's origin, STANDIN_RP_ID and STANDIN_APP_URL), and credentials stored per account. It
 * answers in the shapes cidaas's SDKs read (`fido2_entity: {fidoRequestId, server_challenge}`,
 * `fido2_client_response: {fidoRequestId, client_response}`) and no more:
 *
 * - an authentication is initiated only for an account with a passkey (the docs: "validates that
 *   FIDO2 is configured for that user"); a second factor only on its own open precheck track;
 * - an enrolment only on a track whose next precheck is the suggestion, and only once it is
 *   answered (created or skipped) does the precheck continue;
 * - every exchange is single-use, bound to its FIDO2 request id, and expires;
 * - an account may ask for the double-encoded credential ids some tenants send
 *   (`doubleEncodedIds`), so the app's normalisation is exercised end to end.
 *
 * - with `domainURL`, the ceremony's origin (the app's) must be among `allowedDomains`, as cidaas's
 *   web SDK documents; without it the tenant's own host is the relying party, which the app is not.
 *
 * Codes of a refused verification are not published (docs/provider-contract.md §7): the stand-in
 * refuses with 400 and `VER_0035` / `VER1003`, which the app must treat as a plain refusal. An
 * enrolment is refused as the 4.0.6 docs list (VER_0025 track, VER_0029 already configured,
 * VER_0005 missing data, VER_0004 payload, VER_0034 already configured at verification).
 */
/** The methods this stand-in sets up besides FIDO2 (mfa-setup.ts); any other is a method the tenant does not know. */
const OTHER_SETUPS = new Set(['totp', 'sms', 'email', 'push', 'backupcode']);
const otherSetup = (res: Res, method: string, serve: () => void) =>
  OTHER_SETUPS.has(method.toLowerCase()) ? serve() : setupRefused(res, 'VER_0030', 'invalid_method', `${method} is not served by this stand-in`);

export function fido2Routes(ctx: Context): Route[] {
  const { store, relyingParty } = ctx;
  const { setupOf, legacyRoutes, controlRoutes } = mfaSetup(ctx);
  const findAccount = (body: Body): Account | undefined => store.accountByEmail(body.email ?? body.identifier) ?? store.accountBySub(body.sub ?? body.q);

  /** How the tenant writes a credential id in its options: as it is, or base64url once more. */
  const idOut = (account: Account, id: string) => (account.doubleEncodedIds ? Buffer.from(id, 'utf8').toString('base64url') : id);

  const openTrack = (trackId: unknown, step?: Track['pending'][number]): Track | undefined => {
    const track = store.tracks.get(str(trackId) ?? '');
    if (!track || track.used || track.expiresAt < Date.now()) return undefined;
    if (step && track.pending[0] !== step) return undefined;
    return track;
  };

  /**
   * `domainURL` and `allowedDomains` (cidaas's JS SDK v6: allowedDomains "must include the origin
   * where the WebAuthn ceremony runs"): the app's origin must be named. Undefined when they are
   * fine, else what is wrong.
   */
  const domainProblem = (body: Body): 'missing' | 'not-allowed' | undefined => {
    const allowed = body.allowedDomains;
    if (typeof body.domainURL !== 'string' || !Array.isArray(allowed) || allowed.length === 0) return 'missing';
    const origins = allowed.filter((d): d is string => typeof d === 'string' && URL.canParse(d)).map((d) => new URL(d).origin);
    const domain = URL.canParse(body.domainURL) ? new URL(body.domainURL).origin : undefined;
    return origins.includes(relyingParty.origin) && domain !== undefined && origins.includes(domain) ? undefined : 'not-allowed';
  };

  const newExchange = (args: { account: Account; requestId: string; fido2: NonNullable<Exchange['fido2']> }): Exchange => {
    const exchange: Exchange = {
      id: randomUUID(),
      type: 'FIDO2',
      requestId: args.requestId,
      sub: args.account.sub,
      expiresAt: Date.now() + CEREMONY_TTL_MS,
      used: false,
      fido2: args.fido2,
    };
    store.exchanges.set(exchange.id, exchange);
    return exchange;
  };

  /** The exchange a verification names, with the FIDO2 request id it must repeat. */
  const exchangeFor = (body: Body, kind: 'authenticate' | 'register'): { exchange: Exchange; clientResponse: unknown } | string => {
    const exchange = store.exchanges.get(str(body.exchange_id) ?? '');
    const wrapper = body.fido2_client_response as { fidoRequestId?: unknown; client_response?: unknown } | undefined;
    if (!exchange?.fido2 || exchange.fido2.kind !== kind) return 'exchange_id is invalid';
    if (exchange.used) return 'exchange already used';
    if (exchange.expiresAt < Date.now()) return 'exchange expired';
    if (!wrapper || typeof wrapper !== 'object' || wrapper.fidoRequestId !== exchange.fido2.fidoRequestId) return 'fidoRequestId does not match';
    if (!wrapper.client_response || typeof wrapper.client_response !== 'object') return 'client_response missing';
    return { exchange, clientResponse: wrapper.client_response };
  };

  return [
    ...legacyRoutes,
    ...controlRoutes,
    [
      'POST',
      '/verification-actions-srv/setup/:method/scan',
      (_req, res, p, _u, body) => otherSetup(res, p.method, () => setupOf.scan(res, p.method.toUpperCase(), body)),
      { body: 'json', malformed: setupMalformed },
    ],
    [
      'POST',
      '/verification-actions-srv/setup/:method/cancellation',
      (_req, res, p, _u, body) => otherSetup(res, p.method, () => setupOf.cancel(res, p.method.toUpperCase(), body)),
      { body: 'json', malformed: setupMalformed },
    ],
    [
      'POST',
      '/verification-srv/authentication/:method/initiation',
      async (_req, res, p, _u, body) => {
        if (p.method !== 'FIDO2') return fail(res, 400, 'VER1004', `${p.method} is not served by this stand-in`, 'VerificationException');
        const requestId = str(body.request_id) ?? '';
        if (!store.requests.has(requestId)) return fail(res, 400, 'VER1003', 'request_id is invalid', 'VerificationException');
        const usage = str(body.usage_type);
        if (usage !== 'INITIAL_AUTHENTICATION' && usage !== 'MULTIFACTOR_AUTHENTICATION') {
          return fail(res, 400, 'VER1004', 'usage_type is missing or invalid', 'VerificationException');
        }
        const domains = domainProblem(body);
        if (domains === 'missing') return fail(res, 400, 'VER1004', 'domainURL and allowedDomains are required for a web ceremony', 'VerificationException');
        if (domains) return fail(res, 400, 'VER1003', 'the ceremony origin is not among allowedDomains', 'VerificationException');
        const account = findAccount(body);
        if (!account) return fail(res, 400, 'VER1004', 'user not found', 'VerificationException');
        if (account.status === 'declined') return fail(res, 400, 3074, 'user declined, deactivated or deleted', 'VerificationException');
        const passkeys = account.passkeys ?? [];
        if (passkeys.length === 0) return fail(res, 400, 'VER1004', 'FIDO2 is not configured', 'VerificationException');
        const mediumId = str(body.medium_id);
        if (mediumId !== undefined && !passkeys.some((k) => k.id === mediumId)) {
          return fail(res, 400, 'VER1004', 'medium_id is not configured', 'VerificationException');
        }
        let trackId: string | undefined;
        if (usage === 'MULTIFACTOR_AUTHENTICATION') {
          // A second factor belongs to its precheck track: this account's, this request's, MFA next.
          const track = openTrack(body.trackId, 'mfa');
          if (!track || track.sub !== account.sub || track.requestId !== requestId) {
            return fail(res, 400, 'VER1004', 'trackId does not belong to this user and request', 'VerificationException');
          }
          trackId = track.trackId;
        }
        const allowed = mediumId ? passkeys.filter((k) => k.id === mediumId) : passkeys;
        const options = await generateAuthenticationOptions({
          rpID: relyingParty.id,
          allowCredentials: allowed.map((k) => ({ id: k.id, transports: k.transports as never })),
          userVerification: 'preferred',
          timeout: account.passkeyTimeoutMs ?? CEREMONY_TIMEOUT_MS,
        });
        const fidoRequestId = randomUUID();
        const exchange = newExchange({ account, requestId, fido2: { kind: 'authenticate', fidoRequestId, challenge: options.challenge, usage, trackId } });
        ok(res, {
          exchange_id: { exchange_id: exchange.id, expires_at: new Date(exchange.expiresAt).toISOString() },
          status_id: randomUUID(),
          sub: account.sub,
          fido2_entity: {
            type: 'AUTHENTICATE',
            fidoRequestId,
            server_challenge: {
              ...options,
              allowCredentials: options.allowCredentials?.map((c) => ({ ...c, id: idOut(account, c.id) })),
            },
          },
        });
      },
      { body: 'json', malformed: verificationMalformed },
    ],

    [
      'POST',
      '/verification-srv/authentication/:method/verification',
      async (_req, res, p, _u, body) => {
        if (p.method !== 'FIDO2') return fail(res, 400, 'VER1004', `${p.method} is not served by this stand-in`, 'VerificationException');
        const found = exchangeFor(body, 'authenticate');
        if (typeof found === 'string') return fail(res, 400, 'VER1003', found, 'VerificationException');
        const { exchange, clientResponse } = found;
        const account = store.accountBySub(exchange.sub);
        const response = clientResponse as AuthenticationResponseJSON;
        const passkey = account?.passkeys?.find((k) => k.id === response.id);
        if (!account || !passkey) return fail(res, 400, 'VER_0035', 'credential is not registered for this user', 'VerificationException');
        // One try per challenge, as with a code: a refused assertion spends the exchange.
        exchange.used = true;
        let verified = false;
        try {
          const result = await verifyAuthenticationResponse({
            response,
            expectedChallenge: exchange.fido2!.challenge,
            expectedOrigin: relyingParty.origin,
            expectedRPID: relyingParty.id,
            credential: {
              id: passkey.id,
              publicKey: Buffer.from(passkey.publicKey, 'base64url'),
              counter: passkey.counter,
              transports: passkey.transports as never,
            },
            requireUserVerification: false,
          });
          verified = result.verified;
          if (verified) passkey.counter = result.authenticationInfo.newCounter;
        } catch (error) {
          console.error('stand-in: FIDO2 assertion refused:', error instanceof Error ? error.message : error);
        }
        if (!verified) return fail(res, 400, 'VER_0035', 'FIDO2 assertion could not be verified', 'VerificationException');
        const statusId = randomUUID();
        store.verified.set(statusId, {
          statusId,
          sub: account.sub,
          requestId: exchange.requestId,
          type: 'FIDO2',
          used: false,
          expiresAt: Date.now() + CEREMONY_TTL_MS,
        });
        ok(res, { exchange_id: { exchange_id: exchange.id }, sub: account.sub, status_id: statusId });
      },
      { body: 'json', malformed: verificationMalformed },
    ],

    // Enrolment during a sign-in (public, the login's track stands for the account).
    [
      'POST',
      '/verification-actions-srv/setup/:method/initiation/:trackId',
      async (_req, res, p, _u, body) => {
        if (p.method.toLowerCase() !== 'fido2') return otherSetup(res, p.method, () => setupOf.initiate(res, p.method.toUpperCase(), p.trackId, body));
        const track = openTrack(p.trackId, 'suggest');
        const account = track && store.accountBySub(track.sub);
        if (!track || !account) return setupRefused(res, 'VER_0025', 'invalid_request', 'trackId is invalid, used or not suggesting a method');
        const domains = domainProblem(body);
        if (domains === 'missing') return setupRefused(res, 'VER_0005', 'missing_data', 'domainURL and allowedDomains are required');
        if (domains) return setupRefused(res, 'VER_0004', 'invalid_request_payload', 'the ceremony origin is not among allowedDomains');
        if (account.passkeys?.length) return setupRefused(res, 'VER_0029', 'method_already_configured', 'FIDO2 is already configured');
        const options = await generateRegistrationOptions({
          rpName: store.client.displayName,
          rpID: relyingParty.id,
          userName: account.email,
          userDisplayName: account.name,
          userID: new TextEncoder().encode(account.sub),
          attestationType: 'none',
          excludeCredentials: (account.passkeys ?? []).map((k) => ({ id: k.id, transports: k.transports })),
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
          timeout: CEREMONY_TIMEOUT_MS,
        });
        const fidoRequestId = randomUUID();
        const exchange = newExchange({
          account,
          requestId: track.requestId,
          fido2: { kind: 'register', fidoRequestId, challenge: options.challenge, trackId: track.trackId },
        });
        ok(res, {
          exchange_id: { exchange_id: exchange.id, expires_at: new Date(exchange.expiresAt).toISOString() },
          status_id: randomUUID(),
          sub: account.sub,
          fido2_entity: {
            type: 'REGISTER',
            fidoRequestId,
            server_challenge: { ...options, excludeCredentials: options.excludeCredentials?.map((c) => ({ ...c, id: idOut(account, c.id) })) },
          },
        });
      },
      { body: 'json', malformed: setupMalformed },
    ],

    [
      'POST',
      '/verification-actions-srv/setup/:method/verification',
      async (_req, res, p, _u, body) => {
        if (p.method.toLowerCase() !== 'fido2') return otherSetup(res, p.method, () => setupOf.verify(res, p.method.toUpperCase(), body));
        const found = exchangeFor(body, 'register');
        if (typeof found === 'string') return setupRefused(res, 'VER_0035', 'invalid_request_payload', found);
        const { exchange, clientResponse } = found;
        const account = store.accountBySub(exchange.sub);
        const track = openTrack(exchange.fido2!.trackId, 'suggest');
        if (!account || !track || track.sub !== account.sub) return setupRefused(res, 'VER_0025', 'invalid_request', 'track is invalid or used');
        if (body.sub !== undefined && body.sub !== account.sub)
          return setupRefused(res, 'VER_0035', 'invalid_request_payload', 'sub does not match the exchange');
        exchange.used = true;
        let credential: Passkey | undefined;
        try {
          const result = await verifyRegistrationResponse({
            response: clientResponse as RegistrationResponseJSON,
            expectedChallenge: exchange.fido2!.challenge,
            expectedOrigin: relyingParty.origin,
            expectedRPID: relyingParty.id,
            requireUserVerification: false,
          });
          if (result.verified) {
            const c = result.registrationInfo.credential;
            credential = {
              id: c.id,
              publicKey: Buffer.from(c.publicKey).toString('base64url'),
              counter: c.counter,
              transports: c.transports ?? [],
              name: 'Passkey',
            };
          }
        } catch (error) {
          console.error('stand-in: FIDO2 attestation refused:', error instanceof Error ? error.message : error);
        }
        if (!credential) return setupRefused(res, 'VER_0035', 'invalid_request_payload', 'FIDO2 attestation could not be verified');
        if (account.passkeys?.length) return setupRefused(res, 'VER_0034', 'already_configured', 'FIDO2 is already configured');
        account.passkeys = [...(account.passkeys ?? []), credential];
        track.suggestionAnswered = true;
        ok(res, { sub: account.sub, status: 'CONFIGURED' });
      },
      { body: 'json', malformed: setupMalformed },
    ],

    // The person's answer to the suggestion: SKIP (this time) or DONOTSHOWAGAIN.
    [
      'POST',
      '/auth-actions-srv/validation/:trackId',
      (_req, res, p, _u, body) => {
        const track = openTrack(p.trackId, 'suggest');
        const account = track && store.accountBySub(track.sub);
        // The docs: 404 for a track that is unknown or expired; 400 for an action not allowed now.
        if (!track || !account) return fail(res, 404, 'VER_0006', 'track_id expired or unknown', 'ValidationException');
        const action = str(body.action);
        if (action !== 'SKIP' && action !== 'DONOTSHOWAGAIN') return fail(res, 400, 'VER_0004', 'action must be SKIP or DONOTSHOWAGAIN', 'ValidationException');
        if (!skipAllowed(account) || (action === 'DONOTSHOWAGAIN' && account.suggestionMandatory)) {
          return fail(res, 400, 'VER_0003', 'Action not allowed for the current prevalidation state', 'ValidationException');
        }
        if (action === 'DONOTSHOWAGAIN') account.suggestionDeclined = true;
        track.suggestionAnswered = true;
        ok(res, {});
      },
      { body: 'json', malformed: (res) => fail(res, 400, 'VER_0004', 'malformed payload', 'ValidationException') },
    ],

    // Test controls: an account's stored passkeys (ids only), forgetting them, one made on another
    // device meanwhile (`addElsewhere`), and a shorter ceremony timeout for its authentications
    // (a timeout seen without waiting two minutes).
    [
      'POST',
      '/__standin/passkeys',
      (_req, res, _p, _u, body) => {
        const account = store.accountByEmail(body.email);
        if (!account) return sendJson(res, 404, { error: 'no such account' });
        if (body.forget === true) account.passkeys = [];
        if (body.addElsewhere === true) {
          const id = Buffer.from(`elsewhere-${randomUUID()}`).toString('base64url');
          account.passkeys = [...(account.passkeys ?? []), { id, publicKey: '', counter: 0, transports: ['internal'], name: 'Another device' }];
        }
        if (typeof body.timeoutMs === 'number' && body.timeoutMs > 0) account.passkeyTimeoutMs = body.timeoutMs;
        sendJson(res, 200, { passkeys: (account.passkeys ?? []).map((k) => k.id) });
      },
    ],
  ];
}
