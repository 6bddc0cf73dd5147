import 'server-only';
import { createHmac } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { getConfig } from '../config';
import { log } from '../log';
import { answerWith, clientAddress } from '../request-context';
import { DEFAULT_LIMITS, type LimitName } from './names';
import { limiter } from './store';

export { DEFAULT_LIMITS, type LimitName };

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
 * Takes one attempt from each named limit for its key (the client address is added by name:
 * pass `'address'` as the key). The longest wait of the limits that are spent decides.
 */
export async function attempt(checks: Array<[LimitName, string]>): Promise<Verdict> {
  const limits = getConfig().rateLimits;
  const verdicts = await Promise.all(
    checks.map(([name, key]) => take(name, limits[name].points, limits[name].seconds, key === 'address' ? clientAddress() : key)),
  );
  return refused(verdicts);
}

/**
 * The wait between two sends of the same kind to the same account (MFA_RESEND_SECONDS), held on
 * the server whatever the browser sends, and the send budgets per account and address.
 */
export async function attemptSend(kind: string, account: string): Promise<Verdict> {
  const limits = getConfig().rateLimits;
  const verdicts = await Promise.all([
    take(`wait.${kind}`, 1, getConfig().mfaResendSeconds, account),
    take('send.account', limits['send.account'].points, limits['send.account'].seconds, account),
    take('send.address', limits['send.address'].points, limits['send.address'].seconds, clientAddress()),
  ]);
  return refused(verdicts);
}

function refused(verdicts: Verdict[]): Verdict {
  const spent = verdicts.filter((v): v is Extract<Verdict, { ok: false }> => !v.ok);
  if (spent.length === 0) return { ok: true };
  return spent.reduce((a, b) => (b.retryAfter > a.retryAfter ? b : a));
}

/** Marks this response 429 with Retry-After and logs which limit held (never the key). */
export function answerLimited(verdict: Extract<Verdict, { ok: false }>, step: string): void {
  answerWith(429, { 'Retry-After': String(verdict.retryAfter) });
  log.info({ event: 'rate-limited', step, limit: verdict.limit, retryAfter: verdict.retryAfter }, 'limit reached');
}
