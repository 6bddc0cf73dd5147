import { describe, expect, test } from 'vitest';
import { DEFAULT_PUSH_LIFETIME_MS, pushExpiry, pushOutcome, pushView } from '@/lib/flows/push';

/** Push approval (docs/features.md "Multi-factor step", docs/provider-contract.md §2.12): what an answer means now. */
const push = { statusId: 'st-initiated', expiresAt: 100_000 };

describe('pushOutcome', () => {
  test('approved continues with the status id the answer names, else the one polled with', () => {
    expect(pushOutcome({ state: 'approved', statusId: 'st-answer' }, push, 50_000)).toEqual({ kind: 'approved', statusId: 'st-answer' });
    expect(pushOutcome({ state: 'approved', statusId: undefined }, push, 50_000)).toEqual({ kind: 'approved', statusId: 'st-initiated' });
  });

  test('approval wins even when the answer comes at the end of the request’s life', () => {
    expect(pushOutcome({ state: 'approved', statusId: undefined }, push, 100_000).kind).toBe('approved');
  });

  test('declined is declined; waiting past the lifetime is expired whatever the provider still says', () => {
    expect(pushOutcome({ state: 'rejected', statusId: undefined }, push, 50_000)).toEqual({ kind: 'rejected' });
    expect(pushOutcome({ state: 'pending', statusId: undefined }, push, 99_999)).toEqual({ kind: 'pending' });
    expect(pushOutcome({ state: 'pending', statusId: undefined }, push, 100_000)).toEqual({ kind: 'expired' });
    expect(pushOutcome({ state: 'expired', statusId: undefined }, push, 1)).toEqual({ kind: 'expired' });
  });
});

describe('the request’s lifetime', () => {
  test('the exchange’s own expiry when the initiation names one, else the default from when it was sent', () => {
    expect(pushExpiry(70_000, 10_000)).toBe(70_000);
    expect(pushExpiry(undefined, 10_000)).toBe(10_000 + DEFAULT_PUSH_LIFETIME_MS);
    // An expiry that lies before the send (a clock far off) is not believed.
    expect(pushExpiry(5_000, 10_000)).toBe(10_000 + DEFAULT_PUSH_LIFETIME_MS);
  });

  test('the page shows a kept outcome, else expired once the lifetime is over, else waiting', () => {
    expect(pushView(push, 50_000)).toBe('waiting');
    expect(pushView(push, 100_000)).toBe('expired');
    expect(pushView({ ...push, outcome: 'rejected' }, 50_000)).toBe('rejected');
    expect(pushView({ ...push, outcome: 'expired' }, 50_000)).toBe('expired');
  });
});
