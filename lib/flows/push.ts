import type { PushStatus } from '../provider/verification';
import type { PushRequest } from '../session-types';

/**
 * Push approval (docs/features.md "Multi-factor step"): the request's lifetime, and what a status answer
 * means for the sign-in. Free of React and Next so the rules are unit-tested as they are.
 */

/** When the initiation names no expiry, a push is waited for this long (the exchange's usual life). */
export const DEFAULT_PUSH_LIFETIME_MS = 5 * 60_000;

/** How often a page with JavaScript asks whether the push was approved. */
export const PUSH_POLL_INTERVAL_MS = 2_000;

export function pushExpiry(expiresAt: number | undefined, sentAt: number): number {
  return expiresAt && expiresAt > sentAt ? expiresAt : sentAt + DEFAULT_PUSH_LIFETIME_MS;
}

export type PushOutcome = { kind: 'approved'; statusId: string } | { kind: 'pending' } | { kind: 'rejected' } | { kind: 'expired' };

/**
 * The provider's word wins while the request lives, and approval wins even at the last moment; an
 * unanswered request past its lifetime is expired whatever the provider still says, since nobody
 * can approve it any more. The continuation carries the status id the answer names, else the one
 * the request was polled with (docs/provider-contract.md §2.12, §7).
 */
export function pushOutcome(status: PushStatus, push: Pick<PushRequest, 'statusId' | 'expiresAt'>, now: number): PushOutcome {
  if (status.state === 'approved') return { kind: 'approved', statusId: status.statusId ?? push.statusId };
  if (status.state === 'rejected') return { kind: 'rejected' };
  if (status.state === 'expired' || now >= push.expiresAt) return { kind: 'expired' };
  return { kind: 'pending' };
}

/** What the push page shows: still waiting, or how the request ended. */
export function pushView(push: PushRequest, now: number): 'waiting' | 'rejected' | 'expired' {
  if (push.outcome) return push.outcome;
  return now >= push.expiresAt ? 'expired' : 'waiting';
}

/** The push page's view as of this request. */
export function pushViewNow(push: PushRequest): 'waiting' | 'rejected' | 'expired' {
  return pushView(push, Date.now());
}
