import { randomUUID } from 'node:crypto';
import type { Context, Route } from './context.ts';
import { fail, ok, readBody, str } from '../http.ts';

const RESET_TTL_MS = 15 * 60 * 1000;
/** Passwords the stand-in treats as known from data breaches (VER_0120). */
const BREACHED = new Set(['Password1234', 'Welcome12345', 'Kitchen12345', 'Summer2026Sun']);

/**
 * users-srv password reset (provider-api.md §5.11, JSON mode): initiation always answers success
 * (no account enumeration) and, for a real account, puts a single-use link into the outbox;
 * accept enforces the policy, the breached list (VER_0120) and password history (VER_0119).
 */
export function userRoutes({ store }: Context): Route[] {
  return [
    ['POST', '/users-srv/resetpassword/initiate', async (req, res) => {
      const body = await readBody(req);
      const requestId = str(body.requestId) ?? '';
      if (!store.requests.has(requestId)) return fail(res, 400, 10001, 'Invalid request id', 'UsersException');
      const rprq = randomUUID();
      const account = store.accountByEmail(body.email);
      if (account) {
        const exchangeId = randomUUID();
        store.resets.set(rprq, { rprq, exchangeId, sub: account.sub, requestId, used: false, expiresAt: Date.now() + RESET_TTL_MS });
        const link = new URL('/reset-password', store.client.loginPageUrl);
        for (const [k, v] of Object.entries({ requestId, rprq, exchangeid: exchangeId })) link.searchParams.set(k, v);
        store.outbox.push({
          id: randomUUID(), at: new Date().toISOString(), channel: 'email', to: account.email,
          subject: 'Reset your password', body: `Open this link to choose a new password: ${link}`, link: link.toString(),
        });
      }
      ok(res, { reset_initiated: true, rprq });
    }],

    ['POST', '/users-srv/resetpassword/accept', async (req, res) => {
      const body = await readBody(req);
      const reset = store.resets.get(str(body.resetRequestId) ?? '');
      if (!reset || reset.used || reset.expiresAt < Date.now() || reset.exchangeId !== body.exchangeId) {
        return fail(res, 400, 10002, 'Invalid resetRequestId or exchangeId', 'UsersException');
      }
      const password = str(body.password) ?? '';
      if (password !== body.confirmPassword) return fail(res, 417, 10009, 'password and confirmPassword not matching', 'UsersException');
      const account = store.accountBySub(reset.sub);
      if (!account) return fail(res, 400, 10002, 'Invalid resetRequestId or exchangeId', 'UsersException');
      if (password.length < 10 || password.length > 30) return fail(res, 400, 'VER_0005', 'password policy not met', 'VerificationException');
      if (BREACHED.has(password)) return fail(res, 400, 'VER_0120', 'The password is compromised', 'VerificationException');
      const history = [account.password, ...(account.passwordHistory ?? [])].filter(Boolean);
      if (history.includes(password)) return fail(res, 400, 'VER_0119', 'The password has been used', 'VerificationException');
      reset.used = true;
      account.passwordHistory = history as string[];
      account.password = password;
      account.failures = 0;
      account.lockedUntil = undefined;
      if (!account.methods.some((m) => m.type === 'PASSWORD')) account.methods.unshift({ type: 'PASSWORD' });
      ok(res, { reseted: true });
    }],

    // Ages one account's reset links, for expiry tests.
    ['POST', '/__standin/expire-resets', async (req, res) => {
      const body = await readBody(req);
      const account = store.accountByEmail(body.email);
      for (const reset of store.resets.values()) if (reset.sub === account?.sub) reset.expiresAt = 0;
      ok(res, { expired: true });
    }],
  ];
}
