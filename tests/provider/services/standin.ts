import { escapeHtml, sendHtml, sendJson, str } from '../http.ts';
import type { AuthRequest, Fault } from '../store.ts';
import type { Context, Route } from './context.ts';
import { pendingPairingsHtml } from './mfa-setup.ts';
import { pendingPushesHtml } from './push.ts';

/**
 * The stand-in's own endpoints (not part of the provider's API): the outbox a person or a test
 * reads codes and links from (and answers push requests on, push.ts), the log of calls received, and fault injection scoped by a path
 * fragment (usually a requestId) so one test's fault never touches another's flow.
 */
export function standinRoutes({ store }: Context): Route[] {
  return [
    [
      'GET',
      '/__standin/outbox.json',
      // `?to=` answers one address's messages: the whole outbox grows with every test of a run.
      (_req, res, _p, u) => {
        const to = u.searchParams.get('to');
        sendJson(res, 200, { messages: to === null ? store.outbox : store.outbox.filter((m) => m.to === to) });
      },
    ],
    [
      'GET',
      '/__standin/outbox',
      (_req, res) =>
        sendHtml(
          res,
          200,
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Stand-in outbox</title>
<h1>Outbox</h1><h2>Sign-in requests on devices</h2>${pendingPushesHtml(store)}
<h2>Devices to pair</h2>${pendingPairingsHtml(store)}
<h2>Messages</h2><p>E-mails and text messages the stand-in provider has "sent", newest first.</p>
${
  store.outbox.length === 0
    ? '<p>Nothing sent yet.</p>'
    : `<ul>${[...store.outbox]
        .reverse()
        .map(
          (m) =>
            `<li><strong>${escapeHtml(m.channel)} to ${escapeHtml(m.to)}</strong> (${escapeHtml(m.at)}): ${escapeHtml(m.subject)}<br>${escapeHtml(m.body)}</li>`,
        )
        .join('')}</ul>`
}`,
        ),
    ],
    [
      'GET',
      '/__standin/calls',
      (_req, res, _p, u) => {
        const filter = u.searchParams.get('pathIncludes') ?? '';
        const requestId = u.searchParams.get('requestId');
        sendJson(res, 200, { calls: store.calls.filter((c) => c.path.includes(filter) && (!requestId || c.requestId === requestId)) });
      },
    ],
    [
      'POST',
      '/__standin/requests/:requestId/registration',
      (_req, res, p, _u, body) => {
        const request = store.requests.get(p.requestId);
        if (!request) return sendJson(res, 404, { error: 'no such request' });
        request.captcha = body.captcha === true;
        request.registrationOff = body.off === true;
        request.autoLogin = body.autoLogin === true;
        request.confirmEmail = body.confirmEmail === true;
        request.termsAtFirstLogin = body.termsAtFirstLogin === true;
        request.passwordPolicy =
          body.passwordPolicy && typeof body.passwordPolicy === 'object' ? (body.passwordPolicy as AuthRequest['passwordPolicy']) : undefined;
        sendJson(res, 200, {
          requestId: p.requestId,
          captcha: request.captcha,
          off: request.registrationOff,
          autoLogin: request.autoLogin,
          confirmEmail: request.confirmEmail,
        });
      },
    ],
    [
      'POST',
      '/__standin/faults',
      (_req, res, _p, _u, body) => {
        const pathIncludes = str(body.pathIncludes);
        const requestId = str(body.requestId);
        const mode = body.mode;
        // An account's calls, by its address (their bodies name it by its sub).
        const email = str(body.email);
        const sub = email ? store.accountByEmail(email)?.sub : undefined;
        if (email && !sub) return sendJson(res, 404, { error: 'no such account' });
        if ((!pathIncludes && !requestId && !sub) || !['delay', 'error', 'garbage', 'close', 'refuse'].includes(String(mode))) {
          return sendJson(res, 400, { error: 'pathIncludes, requestId or email, and mode (delay|error|garbage|close|refuse) are required' });
        }
        const status = Number(body.status);
        if (mode === 'refuse' && !(status >= 400 && status < 500)) return sendJson(res, 400, { error: 'refuse needs a 4xx status' });
        const times = Number(body.times) > 0 ? Number(body.times) : undefined;
        const fault: Fault = {
          id: store.newId(),
          pathIncludes,
          requestId,
          sub,
          mode: mode as Fault['mode'],
          ...(mode === 'refuse' ? { status } : {}),
          delayMs: Number(body.delayMs) || 0,
          times,
        };
        store.faults.push(fault);
        sendJson(res, 200, fault);
      },
    ],
    // Lets a test age the codes (sign-in codes and confirmation codes) of one account without waiting.
    [
      'POST',
      '/__standin/expire-codes',
      (_req, res, _p, _u, body) => {
        const account = store.accountByEmail(body.email);
        if (!account) return sendJson(res, 404, { error: 'no such account' });
        let expired = 0;
        for (const exchange of store.exchanges.values()) {
          if (exchange.sub === account.sub && !exchange.used) {
            exchange.expiresAt = 0;
            expired++;
          }
        }
        for (const verification of store.verifications.values()) {
          if (verification.sub === account.sub && !verification.used) {
            verification.expiresAt = 0;
            expired++;
          }
        }
        sendJson(res, 200, { expired });
      },
    ],
    // Where the provider would let a person set up a push device (the MFA 403 redirect target).
    [
      'GET',
      '/verification-srv/setup/push',
      (_req, res) =>
        sendHtml(res, 200, '<!doctype html><html lang="en"><meta charset="utf-8"><title>Device setup (stand-in)</title><h1>Device setup (stand-in)</h1>'),
    ],
    // Short-lived tokens for one account, so a test sees renewal without waiting an hour.
    [
      'POST',
      '/__standin/token-ttl',
      (_req, res, _p, _u, body) => {
        const account = store.accountByEmail(body.email);
        const seconds = Number(body.seconds);
        if (!account || !(seconds > 0)) return sendJson(res, 400, { error: 'email of a known account and seconds > 0 are required' });
        store.tokenTtlBySub.set(account.sub, seconds);
        sendJson(res, 200, { sub: account.sub, seconds });
      },
    ],
    // Ends every provider session of an account, as signing out in another application would:
    // its tokens introspect as inactive and its refresh tokens are refused.
    [
      'POST',
      '/__standin/end-sessions',
      (_req, res, _p, _u, body) => {
        const account = store.accountByEmail(body.email);
        if (!account) return sendJson(res, 404, { error: 'no such account' });
        let ended = 0;
        for (const entry of [...store.refreshTokens.values(), ...store.providerSessions.values()]) {
          if (entry.sub === account.sub && !store.revokedSids.has(entry.sid)) {
            store.revokedSids.add(entry.sid);
            ended++;
          }
        }
        sendJson(res, 200, { ended });
      },
    ],
    // An account's refresh tokens as the tenant holds them: how many are valid, how many the client revoked.
    [
      'GET',
      '/__standin/refresh-tokens',
      (_req, res, _p, u) => {
        const account = store.accountByEmail(u.searchParams.get('email'));
        if (!account) return sendJson(res, 404, { error: 'no such account' });
        const valid = [...store.refreshTokens.values()].filter((t) => t.sub === account.sub && !store.revokedSids.has(t.sid)).length;
        const revoked = [...store.revokedRefreshTokens.values()].filter((sub) => sub === account.sub).length;
        sendJson(res, 200, { valid, revoked });
      },
    ],
    // Ends one fault (a test's provider "comes back"), leaving everybody else's.
    [
      'POST',
      '/__standin/faults/:id/clear',
      (_req, res, p) => {
        const at = store.faults.findIndex((f) => f.id === p.id);
        if (at >= 0) store.faults.splice(at, 1);
        sendJson(res, 200, { cleared: at >= 0 });
      },
    ],
    [
      'POST',
      '/__standin/faults/clear',
      (_req, res) => {
        store.faults.length = 0;
        sendJson(res, 200, { cleared: true });
      },
    ],
  ];
}
