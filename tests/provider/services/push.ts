import { randomInt, randomUUID } from 'node:crypto';
import { escapeHtml, fail, ok, sendJson, type Handler } from '../http.ts';
import type { Account, Exchange, Store } from '../store.ts';
import type { Context, Route } from './context.ts';
import { verificationMalformed } from './verification.ts';

const PUSH_TTL_MS = 5 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Push approval (docs/provider-contract.md §2.4, §2.12): an initiation records a pending request
 * for the account's device and answers as cidaas's SDKs read it (the exchange with its expiry, the
 * status id, the number the device offers among others); the status endpoint answers what the
 * device did. The device itself is the stand-in's controls: approve or decline by e-mail address,
 * from a test or from the outbox page.
 */
export function initiatePush(store: Store, args: { account: Account; requestId: string; device: string }) {
  const ttl = (store.pushTtlBySub.get(args.account.sub) ?? PUSH_TTL_MS / 1000) * 1000;
  const exchange: Exchange = {
    id: randomUUID(),
    type: 'PUSH',
    requestId: args.requestId,
    sub: args.account.sub,
    expiresAt: Date.now() + ttl,
    used: false,
    push: { statusId: randomUUID(), status: 'INITIATED', number: String(randomInt(10, 100)), device: args.device },
  };
  store.exchanges.set(exchange.id, exchange);
  return {
    exchange_id: { exchange_id: exchange.id, expires_at: new Date(exchange.expiresAt).toISOString() },
    status_id: exchange.push!.statusId,
    push_selected_number: exchange.push!.number,
  };
}

/** The account's push requests still waiting for the device, newest first. */
export function pendingPushes(store: Store): Array<{ email: string; exchange: Exchange }> {
  const now = Date.now();
  return (
    [...store.exchanges.values()]
      // A device's pairing on a set-up is not a sign-in request (mfa-setup.ts pendingPairings).
      .filter((e) => e.push?.status === 'INITIATED' && !e.setup && e.expiresAt > now)
      .reverse()
      .flatMap((exchange) => {
        const account = store.accountBySub(exchange.sub);
        return account ? [{ email: account.email, exchange }] : [];
      })
  );
}

/** Pending pushes as the outbox page lists them, each with the device's two answers. */
export function pendingPushesHtml(store: Store): string {
  const pending = pendingPushes(store);
  if (pending.length === 0) return '<p>No sign-in request is waiting for a device.</p>';
  const button = (action: string, email: string, label: string) =>
    `<form method="post" action="/__standin/push/${action}" style="display:inline"><input type="hidden" name="email" value="${escapeHtml(email)}"><button>${label}</button></form>`;
  return `<ul>${pending
    .map(
      ({ email, exchange }) =>
        `<li><strong>${escapeHtml(exchange.push!.device)}</strong>: sign-in request for ${escapeHtml(email)}, number ${escapeHtml(exchange.push!.number)} ${button('approve', email, 'Approve')} ${button('reject', email, 'Decline')}</li>`,
    )
    .join('')}</ul>`;
}

export function pushRoutes({ store }: Context): Route[] {
  /** The device's answer to the account's newest waiting request (JSON for tests, a form from the outbox page). */
  const answer =
    (status: 'AUTHENTICATED' | 'DENIED'): Handler =>
    (req, res, _p, _u, body) => {
      const account = store.accountByEmail(body.email);
      const waiting = account ? pendingPushes(store).find((p) => p.exchange.sub === account.sub)?.exchange : undefined;
      if (!waiting?.push) return sendJson(res, 404, { error: 'no sign-in request is waiting for this account' });
      waiting.push.status = status;
      if (status === 'AUTHENTICATED') {
        // What the device's own authenticate call leaves behind: a verification for the continuation.
        waiting.used = true;
        const { statusId } = waiting.push;
        store.verified.set(statusId, {
          statusId,
          sub: waiting.sub,
          requestId: waiting.requestId,
          type: 'PUSH',
          used: false,
          expiresAt: Date.now() + PUSH_TTL_MS,
        });
      }
      if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        res.writeHead(303, { location: '/__standin/outbox', 'cache-control': 'no-store' });
        return res.end();
      }
      sendJson(res, 200, { status });
    };

  return [
    // The status of a push request (§2.12), JSON only like the rest of verification-srv. An id
    // that is not a UUID is refused (VER1075); one the provider no longer knows, or never knew,
    // has no status yet (204, VER1074): that is what an expired, unanswered request looks like.
    [
      'POST',
      '/verification-srv/v2/notification/status/:statusId',
      (_req, res, p) => {
        if (!UUID.test(p.statusId)) return fail(res, 400, 'VER1075', 'status_id is invalid', 'VerificationException');
        const exchange = [...store.exchanges.values()].find((e) => e.push?.statusId === p.statusId);
        const answered = exchange?.push && exchange.push.status !== 'INITIATED';
        if (!exchange?.push || (!answered && exchange.expiresAt < Date.now())) {
          res.writeHead(204, { 'cache-control': 'no-store' });
          return res.end();
        }
        ok(res, { status: exchange.push.status });
      },
      { body: 'json', malformed: verificationMalformed },
    ],

    ['POST', '/__standin/push/approve', answer('AUTHENTICATED'), { body: 'either' }],
    ['POST', '/__standin/push/reject', answer('DENIED'), { body: 'either' }],
    // Lets a test see a request run out without waiting five minutes.
    [
      'POST',
      '/__standin/push/lifetime',
      (_req, res, _p, _u, body) => {
        const account = store.accountByEmail(body.email);
        const seconds = Number(body.seconds);
        if (!account || !(seconds > 0)) return sendJson(res, 400, { error: 'email of a known account and seconds > 0 are required' });
        store.pushTtlBySub.set(account.sub, seconds);
        sendJson(res, 200, { sub: account.sub, seconds });
      },
    ],
  ];
}
