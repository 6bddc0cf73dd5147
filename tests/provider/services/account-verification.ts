import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { fail, failWithCode, ok, redirectTo, sendJson, str, type Body, type Res } from '../http.ts';
import type { Account, AccountVerification } from '../store.ts';
import type { Context, Route } from './context.ts';
import { verificationMalformed } from './verification.ts';

const TRACK_TTL_MS = 60 * 60 * 1000;
/** How long a confirmation code or link lives (not published; the stand-in's choice). */
const VERIFICATION_TTL_MS = 30 * 60 * 1000;
/**
 * The code of a wrong confirmation code at verification-actions-srv is not published
 * (docs/provider-contract.md §7): the stand-in's choice is one no table of the app names, so what
 * the app does with an unpublished code there is what the tests see.
 */
const WRONG_CODE = 'VER_0008';

/**
 * Account (e-mail) confirmation in the generation this stand-in serves
 * (docs/provider-contract.md §3.2): current — verification-actions-srv `/account/initiation` (a
 * form post answered with a 302 to verification_complete naming the `accvid`) and `/account`
 * (JSON code check); legacy — verification-srv `/account/initiate/sdk` (JSON `data.accvid`), its
 * browser variant `/account/initiate` (form, 302) and `/account/verify` (JSON). A link confirms
 * the address and sends the browser to verification_complete with a track for the automatic
 * sign-in; a code is checked by the JSON call. The current generation refuses with a top-level
 * `code` (VER_*, docs/provider-contract.md §1); the legacy one with its error object.
 */
export function accountVerificationRoutes({ store, issuer, generation }: Context): Route[] {
  const current = generation === 'current';
  const service = current ? '/verification-actions-srv/account' : '/verification-srv/account';
  const malformed = current
    ? (res: Res) => failWithCode(res, 400, 'VER_0004', 'invalid_request_payload', 'issue with the request payload structure')
    : verificationMalformed;
  /** An unknown, used or expired verification id. */
  const unknownAccvid = (res: Res) =>
    current
      ? failWithCode(res, 400, 'VER_0006', 'invalid_request', 'invalid "requestId" or "accvid" or "resetRequestId" is sent in the request')
      : fail(res, 400, 'VER_0006', 'invalid accvid', 'VerificationException');
  const wrongCode = (res: Res) =>
    current
      ? failWithCode(res, 400, WRONG_CODE, 'verification_failed', 'the code is not valid')
      : sendJson(res, 400, { success: false, status: 400, error: { error: 'invalid_code', error_description: 'the code is not valid', status: 400 } });
  const JSON_ONLY = { body: 'json' as const, malformed };

  type Started = { ok: true; verification: AccountVerification; account: Account } | { ok: false; code: string; error: string };

  /** Starts a confirmation: the account named by one identifier, a link or a code in the outbox. */
  const start = (body: Body): Started => {
    const requestId = str(body.requestId) ?? '';
    if (!store.requests.has(requestId)) return { ok: false, code: 'VER_0006', error: 'invalid requestId' };
    const processingType = String(body.processingType ?? '').toUpperCase();
    if (!['CODE', 'LINK'].includes(processingType)) return { ok: false, code: 'VER_0005', error: 'processingType is required' };
    if ((str(body.verificationMedium) ?? 'email').toLowerCase() !== 'email') return { ok: false, code: 'VER_0005', error: 'only e-mail is set up' };
    const track = store.tracks.get(str(body.trackId) ?? '');
    const account = store.accountByEmail(body.email) ?? store.accountBySub(body.sub ?? body.q) ?? (track && store.accountBySub(track.sub));
    if (!account) return { ok: false, code: 'VER_0006', error: 'user not found' };
    const verification: AccountVerification = {
      accvid: randomUUID(),
      sub: account.sub,
      requestId,
      byCode: processingType === 'CODE',
      secret: processingType === 'CODE' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : randomBytes(16).toString('hex'),
      used: false,
      expiresAt: Date.now() + VERIFICATION_TTL_MS,
    };
    store.verifications.set(verification.accvid, verification);
    const link = `${issuer}${service}/link/${verification.accvid}?code=${verification.secret}`;
    store.outbox.push({
      id: randomUUID(),
      at: new Date().toISOString(),
      channel: 'email',
      to: account.email,
      subject: 'Confirm your e-mail address',
      ...(verification.byCode
        ? { body: `Your confirmation code is ${verification.secret}.`, code: verification.secret }
        : { body: `Open this link to confirm your address: ${link}`, link }),
    });
    return { ok: true, verification, account };
  };

  /** The browser variant's answer: the verification_complete page, or the error page. */
  const answerByRedirect = (res: Res, body: Body) => {
    const started = start(body);
    if (!started.ok) {
      return redirectTo(
        res,
        store.pageUrl('error', { error: 'invalid_request', error_code: started.code, error_description: started.error, requestId: str(body.requestId) }),
      );
    }
    const { verification, account } = started;
    redirectTo(
      res,
      store.pageUrl('verification_complete', {
        accvid: verification.accvid,
        email: masked(account.email),
        processingType: verification.byCode ? 'CODE' : 'LINK',
        requestId: verification.requestId,
        // The docs list track_id here; the stand-in names the sign-in's track when the request did.
        track_id: str(body.trackId),
        type: 'email',
      }),
    );
  };

  /** Confirms the address and opens a track for the automatic sign-in. */
  const confirm = (verification: AccountVerification): string => {
    verification.used = true;
    const account = store.accountBySub(verification.sub)!;
    account.emailVerified = true;
    const trackId = randomUUID();
    store.tracks.set(trackId, { trackId, requestId: verification.requestId, sub: account.sub, pending: [], used: false, expiresAt: Date.now() + TRACK_TTL_MS });
    return trackId;
  };

  const routes: Route[] = [
    // The e-mailed link (its real address is not published; docs/provider-contract.md §7).
    [
      'GET',
      `${service}/link/:accvid`,
      (_req, res, p, u) => {
        const verification = store.verifications.get(p.accvid);
        const open = verification && !verification.used && verification.expiresAt > Date.now();
        if (!verification || !open || verification.byCode || verification.secret !== u.searchParams.get('code')) {
          return redirectTo(
            res,
            store.pageUrl('error', {
              error: 'invalid_request',
              error_code: 'VER_0006',
              error_description: 'link invalid or used',
              requestId: verification?.requestId,
            }),
          );
        }
        const trackId = confirm(verification);
        // verification_complete spells it track_id (the docs' parameter list for this page).
        redirectTo(res, store.pageUrl('verification_complete', { requestId: verification.requestId, suggested_action: 'LOGIN', track_id: trackId }));
      },
    ],
    // The code check.
    [
      'POST',
      current ? service : `${service}/verify`,
      (_req, res, _p, _u, body) => {
        const verification = store.verifications.get(str(body.accvid) ?? '');
        if (!verification || verification.used || !verification.byCode || verification.expiresAt < Date.now()) return unknownAccvid(res);
        if (str(body.code) !== verification.secret) return wrongCode(res);
        ok(res, { suggested_action: 'LOGIN', trackId: confirm(verification) });
      },
      JSON_ONLY,
    ],
  ];
  if (current) {
    routes.push(['POST', `${service}/initiation`, (_req, res, _p, _u, body) => answerByRedirect(res, body), { body: 'form' }]);
  } else {
    routes.push(
      ['POST', `${service}/initiate`, (_req, res, _p, _u, body) => answerByRedirect(res, body), { body: 'form' }],
      [
        'POST',
        `${service}/initiate/sdk`,
        (_req, res, _p, _u, body) => {
          const started = start(body);
          if (!started.ok) return fail(res, 400, started.code === 'VER_0005' ? 'VER1004' : started.code, started.error, 'VerificationException');
          ok(res, { accvid: started.verification.accvid });
        },
        JSON_ONLY,
      ],
    );
  }
  return routes;
}

/** How the tenant shows an address it names in a URL: j***@example.com. */
function masked(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
