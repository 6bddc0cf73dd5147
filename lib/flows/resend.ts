import 'server-only';
import { getConfig } from '../config';
import { answerLimited, attemptSend, type SendKind, type Verdict } from '../limits/limits';
import type { ErrorKey, ResendState } from '../validation/form-state';
import { resendWaitSeconds } from './mfa';

/**
 * When a send was made that the wait still holds `retryAfter` seconds for (one made in another
 * sign-in, say): the time a page counts its resend wait from.
 */
export function sentAgo(retryAfter: number): number {
  return Date.now() - Math.max(0, getConfig().mfaResendSeconds - retryAfter) * 1000;
}

/** Seconds left, as of this request, before another code or link may be sent (MFA_RESEND_SECONDS). */
export function secondsUntilResend(sentAt: number): number {
  return resendWaitSeconds(sentAt, Date.now(), getConfig().mfaResendSeconds);
}

/**
 * What every "send again" action does first: count the send against the account's limit for its
 * kind. Held back, it answers why and for how long (`retryAfter`) and nothing is sent; otherwise
 * undefined, and the action sends.
 */
export async function waitBeforeResend(kind: SendKind, account: string, step: string): Promise<ResendState | undefined> {
  const allowed = await attemptSend(kind, account);
  if (allowed.ok) return undefined;
  answerLimited(allowed, step);
  return { status: 'invalid', fieldErrors: {}, formError: resendRefusalKey(allowed), retryAfter: allowed.retryAfter };
}

/**
 * Too early after the last send ('tooManySends': the form shows its own countdown in seconds), or
 * a budget spent, the account's or the network's, which the form says in words, in minutes
 * (lib/limits/limits.ts sendRefusalKey).
 */
function resendRefusalKey(verdict: Extract<Verdict, { ok: false }>): ErrorKey {
  if (verdict.limit === 'send.account') return 'sendQuotaAccount';
  if (verdict.limit === 'send.address') return 'sendQuotaNetwork';
  return 'tooManySends';
}
