import 'server-only';
import { createHmac } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { getConfig } from '../config';
import { log } from '../log';
import { counted } from '../metrics';
import { isVerificationType } from '../provider/verification-types';
import { answerWith, clientAddress } from '../request-context';
import type { ErrorKey } from '../validation/form-state';
import { DEFAULT_LIMITS, type LimitName, type SendKind } from './names';
import { limiter } from './store';

export { DEFAULT_LIMITS, type LimitName, type SendKind };

/** A second factor's send kind: its type where the tenant's vocabulary has it, else one shared name. */
export function mfaSendKind(type: string): SendKind {
  return isVerificationType(type) ? `mfa.${type}` : 'mfa.other';
}

export type Verdict = { ok: true } | { ok: false; limit: string; retryAfter: number };

/** Keys are kept as keyed hashes: no address, e-mail or code id in the store in clear. */
function keyOf(kind: string, value: string): string {
  return createHmac('sha256', getConfig().sessionSecrets[0]).update(`${kind}\u0000${value}`).digest('base64url').slice(0, 32);
}

async function take(name: string, points: number, seconds: number, key: string): Promise<Verdict> {
  try {
    await limiter(name, points, seconds).consume(keyOf(name, key));
    return { ok: true };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { ok: false, limit: name, retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    throw rejection;
  }
}

/**
 * The key of a per-account limit that a stranger must not spend for the account's owner: the
 * account paired with the client address. What needs no secret of the account (its e-mail step,
 * a send to it) or what the provider already locks for the account (its password) is counted so,
 * and a post of someone's address from elsewhere never holds that someone back.
 */
export function accountAtClient(account: string): string {
  return `${account.toLowerCase()}\u0000${clientAddress()}`;
}

/**
 * One attempt against each named limit for its key (`'address'` stands for the client address).
 * Every limit is looked at first; only when all let the attempt through is it counted, so a
 * refused attempt never spends a budget (a client held back stays held back no longer than the
 * limit's own window). The longest wait of the limits that are spent decides.
 */
export async function attempt(checks: Array<[LimitName, string]>): Promise<Verdict> {
  const keyed = checks.map(([name, key]): [LimitName, string] => [name, key === 'address' ? clientAddress() : key]);
  const held = refused(await Promise.all(keyed.map(([name, key]) => spent(name, key))));
  if (!held.ok) return held;
  const limits = getConfig().rateLimits;
  return refused(await Promise.all(keyed.map(([name, key]) => take(name, limits[name].points, limits[name].seconds, key))));
}

/**
 * An attempt against limits that count failures only (a client address's unknown e-mail addresses
 * and wrong passwords, D49): taken like `attempt` before the provider is asked, so attempts side
 * by side cannot pass a budget together, and given back by `succeeded()` once the attempt turned
 * out not to be a failure (a sign-in that went on, a provider that did not answer). An office of a
 * hundred people behind one address signing in at eight o'clock spends none of it.
 */
export async function attemptFailing(
  checks: Array<[LimitName, string]>,
): Promise<Extract<Verdict, { ok: false }> | { ok: true; succeeded: () => Promise<void> }> {
  const keyed = checks.map(([name, key]): [LimitName, string] => [name, key === 'address' ? clientAddress() : key]);
  const verdict = await attempt(keyed);
  if (!verdict.ok) return verdict;
  let given = false;
  return {
    ok: true,
    succeeded: async () => {
      if (given) return;
      given = true;
      await Promise.all(keyed.map(([name, key]) => giveBack(name, key)));
    },
  };
}

/**
 * A send of a code or link to an account: first the wait between two sends of the same kind to
 * the account (MFA_RESEND_SECONDS, held on the server whatever the browser sends), then the send
 * budgets (per account and client, and per client address). A send refused by any of them spends
 * none of them.
 */
export async function attemptSend(kind: SendKind, account: string): Promise<Verdict> {
  const seconds = getConfig().mfaResendSeconds;
  const wait = await spentOf(`wait.${kind}`, 1, seconds, account);
  if (!wait.ok) return wait;
  const budgets = await attempt([
    ['send.account', accountAtClient(account)],
    ['send.address', 'address'],
  ]);
  if (!budgets.ok) return budgets;
  return take(`wait.${kind}`, 1, seconds, account);
}

/**
 * Ends the wait between two sends of a kind to an account, when the code sent is of no use any
 * more (expired, or too many wrong tries): a new one may be asked for at once. The send budgets
 * still count every send.
 */
export async function endSendWait(kind: SendKind, account: string): Promise<void> {
  await limiter(`wait.${kind}`, 1, getConfig().mfaResendSeconds).delete(keyOf(`wait.${kind}`, account));
}

/**
 * Whether a key has used up its budget, without counting (for limits that count failures only,
 * a wrong code: `failed` counts one).
 */
export function spent(name: LimitName, key: string): Promise<Verdict> {
  const { points, seconds } = getConfig().rateLimits[name];
  return spentOf(name, points, seconds, key);
}

async function spentOf(name: string, points: number, seconds: number, key: string): Promise<Verdict> {
  const used = await limiter(name, points, seconds).get(keyOf(name, key));
  if (!used || used.consumedPoints < points) return { ok: true };
  return { ok: false, limit: name, retryAfter: Math.max(1, Math.ceil(used.msBeforeNext / 1000)) };
}

export async function failed(name: LimitName, key: string): Promise<void> {
  const { points, seconds } = getConfig().rateLimits[name];
  await take(name, points, seconds, key);
}

/**
 * For a limit that counts failures only, when the outcome is known only after the provider was
 * asked: one failure is counted before (so attempts running side by side cannot all pass a check
 * that looked before any of them counted), and `giveBack` returns it once the attempt turned out
 * not to be one.
 */
export async function reserve(name: LimitName, key: string): Promise<Verdict> {
  const { points, seconds } = getConfig().rateLimits[name];
  return take(name, points, seconds, key);
}

export async function giveBack(name: LimitName, key: string): Promise<void> {
  const { points, seconds } = getConfig().rateLimits[name];
  await limiter(name, points, seconds).reward(keyOf(name, key), 1);
}

function refused(verdicts: Verdict[]): Verdict {
  const spent = verdicts.filter((v): v is Extract<Verdict, { ok: false }> => !v.ok);
  if (spent.length === 0) return { ok: true };
  return spent.reduce((a, b) => (b.retryAfter > a.retryAfter ? b : a));
}

/** Marks this response 429 with Retry-After and logs which limit held (never the key). */
export function answerLimited(verdict: Extract<Verdict, { ok: false }>, step: string): void {
  answerWith(429, { 'Retry-After': String(verdict.retryAfter) });
  log.info(counted({ event: 'rate-limited', step, limit: verdict.limit, retryAfter: verdict.retryAfter }), 'limit reached');
}

/**
 * What a held-back send says, by what held it back: the wait since a code went to the account (a
 * fresh sign-in right after another one: that code cannot be used here, a new one can be asked
 * for when the wait is over), the account's budget, or the client network's (not the person's
 * doing). Each with how long (the form counts `retryAfter` down).
 */
export function sendRefusalKey(verdict: Extract<Verdict, { ok: false }>, what: 'code' | 'push'): ErrorKey {
  if (verdict.limit === 'send.account') return 'sendQuotaAccount';
  if (verdict.limit === 'send.address') return 'sendQuotaNetwork';
  return what === 'push' ? 'sendWaitPush' : 'sendWaitCode';
}
