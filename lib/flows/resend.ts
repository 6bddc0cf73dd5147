import 'server-only';
import { getConfig } from '../config';
import { answerLimited, attemptSend } from '../limits/limits';
import type { ResendState } from '../validation/form-state';
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
 * kind. Too early, it answers the wait (`retryAfter`, which the form counts down) and nothing is
 * sent; otherwise undefined, and the action sends.
 */
export async function waitBeforeResend(kind: string, account: string, step: string): Promise<ResendState | undefined> {
  const allowed = await attemptSend(kind, account);
  if (allowed.ok) return undefined;
  answerLimited(allowed, step);
  return { status: 'invalid', fieldErrors: {}, formError: 'tooManySends', retryAfter: allowed.retryAfter };
}
