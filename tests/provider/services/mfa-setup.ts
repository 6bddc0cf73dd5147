import { randomInt, randomUUID } from 'node:crypto';
import { Secret } from 'otpauth';
import { escapeHtml, fail, failWithCode, isInternationalNumber, ok, sendJson, str, type Body, type Res } from '../http.ts';
import type { Account, Exchange, Store, Track } from '../store.ts';
import type { Context, Route } from './context.ts';
import { methodConfigured } from './login.ts';
import { codeMatches, verificationMalformed } from './verification.ts';

const SETUP_TTL_MS = 10 * 60 * 1000;
/** The tenant's authenticator app, as a set-up's answer names its client. */
const AUTHENTICATOR_CLIENT_ID = 'standin-authenticator';

/** Device pairings opened on a set-up and not scanned yet, newest first. */
export function pendingPairings(store: { exchanges: Map<string, Exchange> }): Exchange[] {
  const now = Date.now();
  return [...store.exchanges.values()].filter((e) => e.setup && e.push?.status === 'INITIATED' && !e.used && e.expiresAt > now).reverse();
}
/** The methods this stand-in sets up on a suggestion's track besides FIDO2 (fido2.ts). */
export const SET_UP_HERE = new Set(['TOTP', 'SMS', 'EMAIL', 'PUSH', 'BACKUPCODE']);
/** How many backup codes a set-up issues, and how each looks. */
const BACKUP_CODE_COUNT = 10;
const backupCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

/** How the configured list names a medium: masked, like the seed's (`+49 ••• ••12`, `a•••@example.com`). */
const mask = (destination: string) =>
  destination.includes('@') ? destination.replace(/^(.)[^@]*/, '$1•••') : `${destination.slice(0, 3)} ••• ••${destination.slice(-2)}`;

/** Open pairings as the outbox page lists them: the device confirms the number the page shows, or another. */
export function pendingPairingsHtml(store: Store): string {
  const pending = pendingPairings(store);
  if (pending.length === 0) return '<p>No set-up is waiting for a device.</p>';
  const button = (email: string, number: string, label: string) =>
    `<form method="post" action="/__standin/push/pair" style="display:inline"><input type="hidden" name="email" value="${escapeHtml(email)}"><input type="hidden" name="number" value="${escapeHtml(number)}"><button>${label}</button></form>`;
  return `<ul>${pending
    .map((e) => {
      const email = store.accountBySub(e.sub)?.email ?? '';
      const wrong = String(((Number(e.push!.number) + 17) % 90) + 10);
      return `<li>Pairing for ${escapeHtml(email)}: ${button(email, e.push!.number, `Choose ${escapeHtml(e.push!.number)}`)} ${button(email, wrong, `Choose ${escapeHtml(wrong)}`)}</li>`;
    })
    .join('')}</ul>`;
}

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
  /**
   * A track a method may be set up on: a suggestion's; an MFA requirement's only for an account of
   * a tenant that enrols there (`enrolOnMfaTrack`; whether cidaas does is not published) and only
   * while nothing is set up, once a current method has passed it, or for the method the tenant
   * itself said must be set up first (its 403 at the MFA step: a push method without a device),
   * since a password alone must never add a factor that then passes the requirement.
   */
  const openTrack = (trackId: unknown, method?: string): Track | undefined => {
    const track = store.tracks.get(str(trackId) ?? '');
    if (!track || track.used || track.expiresAt < Date.now()) return undefined;
    if (track.pending[0] === 'suggest') return track;
    const account = store.accountBySub(track.sub);
    if (track.pending[0] !== 'mfa' || !account?.enrolOnMfaTrack) return undefined;
    const nothingSetUp = account.methods.every((m) => m.type === 'PASSWORD') && !account.passkeys?.length;
    // Or the requirement already passed with a current method, not continued yet: adding another is then safe.
    const now = Date.now();
    const proven = [...store.verified.values()].some(
      (v) => v.sub === track.sub && v.requestId === track.requestId && !v.used && v.type !== 'PASSWORD' && v.expiresAt > now,
    );
    return nothingSetUp || proven || (method !== undefined && needsSetup(account, method)) ? track : undefined;
  };
  /** A method listed for the account that cannot be used until set up: a push method without a device (verification.ts's 403). */
  const needsSetup = (account: Account, method: string) =>
    method === 'PUSH' && account.methods.some((m) => m.type === 'PUSH' && !m.mediums?.some((medium) => medium.friendly_name));
  const named = (account: Account, track: Track) =>
    track.pending[0] === 'mfa' ? [...SET_UP_HERE] : [...(account.suggestionMandatory?.methods ?? []), ...(account.suggestMethods ?? [])];

  /** Where a text message's or an e-mail's first code goes: an international number, an address. */
  const destinationOf = (method: string, body: Body): string | undefined => {
    if (method === 'SMS') return isInternationalNumber(body.mobile_number) ? body.mobile_number : undefined;
    if (method === 'EMAIL') return typeof body.email === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email) ? body.email : undefined;
    return undefined;
  };

  /** Opens a set-up, or says which refusal (its code and words) the generation answers. */
  const open = (method: string, trackId: unknown, body: Body): Exchange | { code: string; legacyCode: string | number; message: string } => {
    const track = openTrack(trackId, method);
    const account = track && store.accountBySub(track.sub);
    // The legacy generation's codes for these are not published: the track's is the one it uses for
    // an unknown reference, the others are the stand-in's (a product reads them as unknown refusals).
    if (!track || !account) return { code: 'VER_0025', legacyCode: 'VER_0006', message: 'trackId is invalid, used or not suggesting a method' };
    if (!SET_UP_HERE.has(method) || !named(account, track).includes(method))
      return { code: 'VER_0028', legacyCode: 3041, message: `${method} is not active for this client` };
    if (methodConfigured(account, method) && !needsSetup(account, method))
      return { code: 'VER_0029', legacyCode: 3042, message: `${method} is already configured` };
    const destination = destinationOf(method, body);
    if ((method === 'SMS' || method === 'EMAIL') && !destination)
      return { code: 'VER_0005', legacyCode: 'VER1004', message: `${method === 'SMS' ? 'mobile_number' : 'email'} is missing or invalid` };
    const code = destination ? String(randomInt(0, 1_000_000)).padStart(6, '0') : undefined;
    const exchange: Exchange = {
      id: randomUUID(),
      type: method,
      requestId: track.requestId,
      sub: account.sub,
      expiresAt: Date.now() + SETUP_TTL_MS,
      used: false,
      code,
      setup: {
        trackId: track.trackId,
        ...(method === 'TOTP' ? { totpSecret: new Secret({ size: 20 }).base32 } : {}),
        ...(destination ? { destination } : {}),
        ...(method === 'BACKUPCODE' ? { backupCodes: Array.from({ length: BACKUP_CODE_COUNT }, backupCode) } : {}),
      },
      // A device to pair: the status the page watches and the number the person confirms on it.
      ...(method === 'PUSH' ? { push: { statusId: randomUUID(), status: 'INITIATED' as const, number: String(randomInt(10, 100)), device: 'pairing' } } : {}),
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
      status_id: exchange.push?.statusId ?? randomUUID(),
      ...(exchange.setup!.totpSecret ? { totp_secret: exchange.setup!.totpSecret } : {}),
      ...(exchange.push ? { push_selected_number: exchange.push.number, authenticator_client_id: AUTHENTICATOR_CLIENT_ID } : {}),
      ...(exchange.setup!.backupCodes ? { backup_codes: exchange.setup!.backupCodes.map((code) => ({ code, used: false })) } : {}),
    });

  /** Checks the first code; on success the method is the account's, and the suggestion is answered. */
  const check = (method: string, body: Body): 'ok' | 'unknown' | 'wrong' | 'configured' => {
    const exchange = store.exchanges.get(str(body.exchange_id) ?? '');
    if (!exchange?.setup || exchange.type !== method || exchange.used || exchange.expiresAt < Date.now()) return 'unknown';
    const track = openTrack(exchange.setup.trackId, method);
    const account = store.accountBySub(exchange.sub);
    if (!track || !account) return 'unknown';
    if (body.sub !== undefined && body.sub !== account.sub) return 'unknown';
    const passCode = str(body.pass_code) ?? '';
    if (!codeRight(exchange, passCode)) return 'wrong';
    exchange.used = true;
    exchange.setup.confirmedWith = passCode;
    if (methodConfigured(account, method)) return 'configured';
    return enrol(exchange, account, track);
  };

  /** Whether a set-up's pass code is the one it waits for: an app's, a code sent, a backup code, the device's number. */
  const codeRight = (exchange: Exchange, passCode: string): boolean => {
    const setup = exchange.setup!;
    if (exchange.type === 'TOTP') return codeMatches({ type: 'TOTP' }, passCode, setup.totpSecret!);
    if (exchange.type === 'BACKUPCODE') return setup.backupCodes!.includes(passCode);
    if (exchange.type === 'PUSH') return passCode === exchange.push!.number;
    return passCode === exchange.code;
  };

  /** The method becomes the account's, and the suggestion is answered. */
  const enrol = (exchange: Exchange, account: Account, track: Track): 'ok' => {
    const method = exchange.type;
    const destination = exchange.setup?.destination;
    const medium = destination
      ? [{ id: randomUUID(), ...(method === 'SMS' ? { mobile: mask(destination) } : { email: mask(destination) }) }]
      : method === 'PUSH'
        ? [{ id: randomUUID(), friendly_name: 'Paired phone' }]
        : undefined;
    // A push method listed without a device is replaced by the one just paired.
    account.methods = [...account.methods.filter((m) => !(method === 'PUSH' && m.type === 'PUSH')), { type: method, ...(medium ? { mediums: medium } : {}) }];
    if (method === 'TOTP') account.totpSecret = exchange.setup!.totpSecret;
    // The code that confirmed the set-up is used up, as a strict tenant would treat it (docs/provider-contract.md §2.19, U).
    if (method === 'BACKUPCODE') account.backupCodes = exchange.setup!.backupCodes!.filter((code) => code !== exchange.setup!.confirmedWith);
    if (exchange.push) exchange.push.status = 'ENROLLED';
    // The factor just proven: an MFA requirement's continue names its status (a suggestion's needs none).
    const statusId = exchange.push?.statusId ?? randomUUID();
    exchange.setup!.statusId = statusId;
    store.verified.set(statusId, { statusId, sub: account.sub, requestId: track.requestId, type: method, used: false, expiresAt: Date.now() + SETUP_TTL_MS });
    if (track.pending[0] === 'suggest') track.suggestionAnswered = true;
    return 'ok';
  };

  /**
   * The tenant's authenticator app pairing with an open set-up: its scan call (the account and the
   * set-up's exchange, from the page's QR code) answers a new exchange and the numbers to choose
   * from; its verification with the number chosen ends the pairing either way.
   */
  const scan = (body: Body): Exchange | undefined => {
    const opened = store.exchanges.get(str(body.exchange_id) ?? '');
    if (!opened?.push || opened.type !== 'PUSH' || opened.used || opened.expiresAt < Date.now() || opened.sub !== body.sub) return undefined;
    if (opened.push.status !== 'INITIATED') return undefined;
    opened.used = true;
    const scanned: Exchange = { ...opened, id: randomUUID(), used: false, push: opened.push };
    store.exchanges.set(scanned.id, scanned);
    return scanned;
  };
  const pairDevice = (scanned: Exchange, passCode: string): 'ok' | 'wrong' | 'unknown' => {
    const track = openTrack(scanned.setup?.trackId, 'PUSH');
    const account = store.accountBySub(scanned.sub);
    if (!scanned.push || scanned.used || !track || !account || scanned.expiresAt < Date.now()) return 'unknown';
    scanned.used = true;
    if (passCode !== scanned.push.number) {
      scanned.push.status = 'DENIED';
      return 'wrong';
    }
    return enrol(scanned, account, track);
  };

  const setupOf = {
    /** The authenticator app's scan of a pairing (current generation; PUSH only here). */
    scan(res: Res, method: string, body: Body) {
      if (generation === 'legacy') return sendJson(res, 404, { success: false, status: 404, error: 'Not Found' });
      if (method !== 'PUSH') return failWithCode(res, 400, 'VER_0030', 'invalid_method', `${method} has no scan step`);
      const scanned = scan(body);
      if (!scanned) return failWithCode(res, 400, 'VER_0025', 'invalid_request', 'exchange is invalid, used or expired');
      const others = [randomInt(10, 100), randomInt(10, 100)].map(String).filter((n) => n !== scanned.push!.number);
      ok(res, {
        exchange_id: { exchange_id: scanned.id, expires_at: new Date(scanned.expiresAt).toISOString() },
        sub: scanned.sub,
        status_id: scanned.push!.statusId,
        push_random_numbers: [scanned.push!.number, ...others].sort(),
      });
    },
    /** A set-up given up: its exchange ends (and a pairing's status says so). */
    cancel(res: Res, method: string, body: Body) {
      if (generation === 'legacy') return sendJson(res, 404, { success: false, status: 404, error: 'Not Found' });
      const exchange = store.exchanges.get(str(body.exchange_id) ?? '');
      if (!exchange?.setup || exchange.type !== method || exchange.used)
        return failWithCode(res, 400, 'VER_0025', 'invalid_request', 'exchange is invalid, used or expired');
      exchange.used = true;
      if (exchange.push) exchange.push.status = 'CANCELLED';
      ok(res, { exchange_id: exchange.id, cancelled: true });
    },
    initiate(res: Res, method: string, trackId: string, body: Body) {
      if (generation === 'legacy') return sendJson(res, 404, { success: false, status: 404, error: 'Not Found' });
      const opened = open(method, trackId, body);
      if ('legacyCode' in opened) return failWithCode(res, 400, opened.code, 'invalid_request', opened.message);
      answerOpened(res, opened);
    },
    verify(res: Res, method: string, body: Body) {
      if (generation === 'legacy') return sendJson(res, 404, { success: false, status: 404, error: 'Not Found' });
      const checked = method === 'PUSH' ? pairOf(body) : check(method, body);
      if (checked === 'unknown') return failWithCode(res, 400, 'VER_0025', 'invalid_request', 'exchange or track is invalid, used or expired');
      if (checked === 'wrong') return failWithCode(res, 400, 'invalid_code', 'invalid_code', 'the code is not valid');
      if (checked === 'configured') return failWithCode(res, 400, 'VER_0034', 'already_configured', `${method} is already configured`);
      const exchange = store.exchanges.get(str(body.exchange_id) ?? '');
      ok(res, { exchange_id: body.exchange_id, sub: exchange?.sub, status_id: exchange?.setup?.statusId, enrolled: true });
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
              ok(res, { exchange_id: body.exchange_id, status_id: store.exchanges.get(str(body.exchange_id) ?? '')?.setup?.statusId, enrolled: true });
            },
            { body: 'json', malformed: verificationMalformed },
          ],
        ];

  /** The device's verification names the scan's exchange: the pairing's, never the page's own. */
  const pairOf = (body: Body) => {
    const scanned = store.exchanges.get(str(body.exchange_id) ?? '');
    if (!scanned?.push || scanned.type !== 'PUSH' || !scanned.setup) return 'unknown' as const;
    return pairDevice(scanned, str(body.pass_code) ?? '');
  };

  /**
   * The stand-in's control for the device (a test, or a person on the outbox page): the account's
   * newest open pairing is scanned and answered with the number given (the page's, or a wrong one).
   */
  const controlRoutes: Route[] = [
    [
      'POST',
      '/__standin/push/pair',
      (req, res, _p, _u, body) => {
        const account = store.accountByEmail(body.email);
        const opened = account ? pendingPairings(store).find((e) => e.sub === account.sub) : undefined;
        const scanned = opened && scan({ exchange_id: opened.id, sub: opened.sub });
        if (!scanned) return sendJson(res, 404, { error: 'no pairing is waiting for this account' });
        const outcome = pairDevice(scanned, str(body.number) ?? scanned.push!.number);
        if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          res.writeHead(303, { location: '/__standin/outbox', 'cache-control': 'no-store' });
          return res.end();
        }
        sendJson(res, 200, { outcome });
      },
      { body: 'either' },
    ],
  ];

  return { setupOf, legacyRoutes, controlRoutes };
}
