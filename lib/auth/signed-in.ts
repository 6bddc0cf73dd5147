import type { SignedInUser } from '../session-types';

/**
 * When the deployment's own session renews its tokens: 60 s before the
 * access token expires, or halfway through its life if it lives shorter than two minutes (so a
 * very short-lived token is not renewed on every request).
 */
export const RENEW_BEFORE_SECONDS = 60;
/** Clock skew tolerated between this server and the provider: five minutes. */
export const CLOCK_SKEW_SECONDS = 300;

export function needsRenewal(user: Pick<SignedInUser, 'expiresAt' | 'issuedAt'>, now = Date.now()): boolean {
  const lifetime = user.expiresAt - user.issuedAt;
  const margin = Math.min(RENEW_BEFORE_SECONDS, lifetime / 2);
  return now / 1000 >= user.expiresAt - margin;
}
