import { randomBytes, randomUUID } from 'node:crypto';
import { fail, ok, redirectTo, sendJson, str, type Body, type Res } from '../http.ts';
import type { Account, Reset, Store } from '../store.ts';
import type { Context, Route } from './context.ts';

const RESET_TTL_MS = 15 * 60 * 1000;
/** Passwords the stand-in treats as known from data breaches (VER_0120). */
const BREACHED = new Set(['Password1234', 'Welcome12345', 'Kitchen12345', 'Summer2026Sun']);

/**
 * Password reset in the generation this stand-in serves (docs/provider-contract.md §3.1):
 * current — password-srv `?action=initiatereset` (JSON), `?action=handlereset` (the e-mailed
 * link, 302 to the password_set page), `?action=acceptreset` (a form post answered with a 302 to
 * password_set_success, or back to password_set with `error_code`); legacy — users-srv
 * `/initiate` and `/accept` (JSON envelopes; the link goes straight to password_set). Initiation
 * always answers success (no account enumeration); links are single-use and expire.
 */
export function resetRoutes({ store, issuer, generation }: Context): Route[] {
  const malformed = (res: Res) =>
    generation === 'current'
      ? fail(res, 400, 'VER_0004', 'issue with the request payload structure', 'VerificationActionsException')
      : fail(res, 415, 415, 'unsupported media type', 'UsersException');
  const JSON_ONLY = { body: 'json' as const, malformed };

  const initiate = (_req: unknown, res: Res, _p: unknown, _u: unknown, body: Body) => {
    const requestId = str(body.requestId) ?? '';
    if (!store.requests.has(requestId)) return fail(res, 400, 10001, 'Invalid request id', 'UsersException');
    if (String(body.processingType).toUpperCase() !== 'LINK' || String(body.resetMedium).toLowerCase() !== 'email') {
      return fail(res, 400, generation === 'current' ? 'VER_0005' : 10001, 'processingType LINK and resetMedium email are required', 'UsersException');
    }
    const rprq = randomUUID();
    const account = store.accountByEmail(body.email);
    if (account) {
      const reset: Reset = { rprq, secret: randomBytes(16).toString('hex'), sub: account.sub, requestId, used: false, expiresAt: Date.now() + RESET_TTL_MS };
      // The legacy link reaches the password_set page at once, with its exchange id.
      if (generation === 'legacy') reset.exchangeId = randomUUID();
      store.resets.set(rprq, reset);
      const link =
        generation === 'current'
          ? `${issuer}/password-srv/resetpassword?${new URLSearchParams({ action: 'handlereset', rprq, code: reset.secret })}`
          : store.pageUrl('password_set', { requestId, rprq, exchangeid: reset.exchangeId });
      store.outbox.push({
        id: randomUUID(),
        at: new Date().toISOString(),
        channel: 'email',
        to: account.email,
        subject: 'Reset your password',
        body: `Open this link to choose a new password: ${link}`,
        link,
      });
    }
    ok(res, { reset_initiated: true, rprq });
  };

  if (generation === 'legacy') {
    return [
      ['POST', '/users-srv/resetpassword/initiate', initiate, JSON_ONLY],
      [
        'POST',
        '/users-srv/resetpassword/accept',
        (_req, res, _p, _u, body) => {
          const outcome = accept(store, body, generation);
          if (outcome.kind === 'done') return ok(res, { reseted: true });
          const { status, code, error } = outcome;
          fail(res, status, code, error, typeof code === 'number' ? 'UsersException' : 'VerificationException');
        },
        JSON_ONLY,
      ],
      expireResets(store),
    ];
  }
  return [
    ['POST', '/password-srv/resetpassword?action=initiatereset', initiate, JSON_ONLY],
    // The e-mailed link: proves the secret, opens the exchange, sends the browser to password_set.
    [
      'GET',
      '/password-srv/resetpassword?action=handlereset',
      (_req, res, _p, u) => {
        const reset = store.resets.get(u.searchParams.get('rprq') ?? '');
        // A used, expired or forged link: back to password_set with the reason (the real answer is U).
        if (!reset || reset.used || reset.expiresAt < Date.now() || reset.secret !== u.searchParams.get('code')) {
          const code = reset?.used ? 'VER_0007' : 'VER_0006';
          if (!reset)
            return redirectTo(res, store.pageUrl('error', { error: 'invalid_request', error_code: code, error_description: 'invalid resetRequestId' }));
          return redirectTo(
            res,
            store.pageUrl('password_set', {
              requestId: reset.requestId,
              rprq: reset.rprq,
              resetMedium: 'email',
              error: 'invalid_request',
              error_description: 'invalid resetRequestId',
              error_code: code,
            }),
          );
        }
        reset.exchangeId ??= randomUUID();
        redirectTo(res, store.pageUrl('password_set', { requestId: reset.requestId, rprq: reset.rprq, exchangeid: reset.exchangeId, resetMedium: 'email' }));
      },
    ],
    [
      'POST',
      '/password-srv/resetpassword?action=acceptreset',
      (_req, res, _p, _u, body) => {
        const outcome = accept(store, body, generation);
        const reset = store.resets.get(str(body.resetRequestId) ?? '');
        const requestId = reset?.requestId ?? str(body.requestId);
        if (outcome.kind === 'done') {
          return redirectTo(res, store.pageUrl('password_set_success', { requestId, suggested_action: 'LOGIN', trackId: randomUUID() }));
        }
        redirectTo(
          res,
          store.pageUrl('password_set', {
            requestId,
            rprq: reset?.rprq,
            exchangeid: reset?.exchangeId,
            resetMedium: 'email',
            error: 'Bad Request',
            error_description: outcome.error,
            error_code: String(outcome.code),
          }),
        );
      },
      { body: 'form' },
    ],
    expireResets(store),
  ];
}

type AcceptOutcome = { kind: 'done' } | { kind: 'refused'; status: number; code: string | number; error: string };

/** The accept rules both generations share: the link, the repeat, the policy, breaches, history. */
function accept(store: Store, body: Body, generation: Context['generation']): AcceptOutcome {
  const reset = store.resets.get(str(body.resetRequestId) ?? '');
  const invalid: AcceptOutcome =
    generation === 'current'
      ? { kind: 'refused', status: 400, code: 'VER_0006', error: 'invalid resetRequestId' }
      : { kind: 'refused', status: 400, code: 10002, error: 'Invalid resetRequestId or exchangeId' };
  if (!reset || reset.expiresAt < Date.now() || !reset.exchangeId || reset.exchangeId !== body.exchangeId) return invalid;
  if (reset.used) return generation === 'current' ? { kind: 'refused', status: 400, code: 'VER_0007', error: 'the password has already been reset' } : invalid;
  const password = str(body.password) ?? '';
  if (password !== body.confirmPassword) return { kind: 'refused', status: 417, code: 10009, error: 'password and confirmPassword not matching' };
  const account = store.accountBySub(reset.sub);
  if (!account) return invalid;
  if (password.length < 10 || password.length > 30) return { kind: 'refused', status: 400, code: 'VER_0005', error: 'password policy not met' };
  if (BREACHED.has(password)) return { kind: 'refused', status: 400, code: 'VER_0120', error: 'The password is compromised' };
  const history = [account.password, ...(account.passwordHistory ?? [])].filter((p): p is string => Boolean(p));
  if (history.includes(password)) return { kind: 'refused', status: 400, code: 'VER_0119', error: 'The password has been used' };
  reset.used = true;
  setPassword(account, password, history);
  return { kind: 'done' };
}

function setPassword(account: Account, password: string, history: string[]) {
  account.passwordHistory = history;
  account.password = password;
  account.failures = 0;
  account.lockedUntil = undefined;
  if (!account.methods.some((m) => m.type === 'PASSWORD')) account.methods.unshift({ type: 'PASSWORD' });
}

/** Test control: ages one account's reset links. */
function expireResets(store: Store): Route {
  return [
    'POST',
    '/__standin/expire-resets',
    (_req, res, _p, _u, body) => {
      const account = store.accountByEmail(body.email);
      for (const reset of store.resets.values()) if (reset.sub === account?.sub) reset.expiresAt = 0;
      sendJson(res, 200, { expired: true });
    },
  ];
}
