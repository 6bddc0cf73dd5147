import 'server-only';
import { getConfig } from '../config';
import { resendWaitSeconds } from './mfa';

/** Seconds left, as of this request, before another code or link may be sent (MFA_RESEND_SECONDS). */
export function secondsUntilResend(sentAt: number): number {
  return resendWaitSeconds(sentAt, Date.now(), getConfig().mfaResendSeconds);
}
