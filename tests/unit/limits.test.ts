import { beforeAll, describe, expect, test, vi } from 'vitest';
import { requestContextStorage } from '@/server/request-context.mjs';

/**
 * lib/limits/limits.ts on this process's counters (no REDIS_URL): limits that a stranger cannot
 * turn against an account's owner (per account and client), refused attempts that spend nothing,
 * and wrong codes counted per account across exchanges (docs/operations.md "Limits").
 */
let limits: typeof import('@/lib/limits/limits');
beforeAll(async () => {
  vi.resetModules();
  process.env.RATE_LIMITS = JSON.stringify({ 'email.account': '3/60', 'email.address': '100/60', 'send.account': '2/60', 'code.account': '3/60' });
  process.env.MFA_RESEND_SECONDS = '1';
  limits = await import('@/lib/limits/limits');
});

/** Runs `step` as a request from `address` (the production entry's request store). */
const from = <T>(address: string, step: () => Promise<T>) =>
  requestContextStorage().run({ reqId: 'r', remoteAddress: address, forwardedFor: undefined }, step) as Promise<T>;
const emailStep = (email: string) =>
  limits.attempt([
    ['email.account', limits.accountAtClient(email)],
    ['email.address', 'address'],
  ]);

describe('a stranger cannot hold back an account', () => {
  test("posting someone's address from elsewhere spends only the stranger's budget", async () => {
    const victim = `victim-${Date.now()}@example.com`;
    const strangers = await from('203.0.113.9', async () => Promise.all(Array.from({ length: 5 }, () => emailStep(victim))));
    expect(strangers.filter((v) => !v.ok)).toHaveLength(2);
    expect(await from('198.51.100.7', () => emailStep(victim))).toEqual({ ok: true });
  });

  test("a stranger's quick requests for someone's reset link hold the owner back for the resend wait at most", async () => {
    const account = `owner-${Date.now()}@example.com`;
    const stranger = await from('203.0.113.9', async () => {
      const verdicts = [];
      for (let i = 0; i < 6; i++) verdicts.push(await limits.attemptSend('reset', account));
      return verdicts;
    });
    expect(stranger.filter((v) => v.ok)).toHaveLength(1);
    // The wait between two links to the account (MFA_RESEND_SECONDS, 1 s here) is all the owner meets.
    const owner = await from('198.51.100.7', () => limits.attemptSend('reset', account));
    expect(owner).toMatchObject({ ok: false, limit: 'wait.reset' });
    expect(owner.ok === false && owner.retryAfter).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await from('198.51.100.7', () => limits.attemptSend('reset', account))).toEqual({ ok: true });
  });
});

describe('refused attempts spend nothing', () => {
  test('attempts refused by one limit do not count against the others, nor extend their own', async () => {
    const email = `refused-${Date.now()}@example.com`;
    await from('192.0.2.1', async () => {
      for (let i = 0; i < 3; i++) expect(await emailStep(email)).toEqual({ ok: true });
      const first = await emailStep(email);
      expect(first).toMatchObject({ ok: false, limit: 'email.account' });
      for (let i = 0; i < 20; i++) await emailStep(email);
      const later = await emailStep(email);
      expect(later.ok === false && first.ok === false && later.retryAfter <= first.retryAfter).toBe(true);
      // The address budget saw three attempts, not twenty-four.
      expect(await limits.spent('email.address', '192.0.2.1')).toEqual({ ok: true });
    });
  });

  test('a send refused by the wait spends neither send budget', async () => {
    const account = `wait-${Date.now()}@example.com`;
    await from('192.0.2.2', async () => {
      expect(await limits.attemptSend('mfa.EMAIL', account)).toEqual({ ok: true });
      for (let i = 0; i < 5; i++) expect(await limits.attemptSend('mfa.EMAIL', account)).toMatchObject({ limit: 'wait.mfa.EMAIL' });
      // One send counted of send.account's two: another kind may still send once, then none.
      expect(await limits.attemptSend('mfa.SMS', account)).toEqual({ ok: true });
      expect(await limits.attemptSend('reset', account)).toMatchObject({ ok: false, limit: 'send.account' });
    });
  });
});

test('failures only: `spent` looks without counting, `failed` counts one', async () => {
  const key = `sub-${Date.now()}\u0000TOTP`;
  for (let i = 0; i < 10; i++) expect(await limits.spent('code.account', key)).toEqual({ ok: true });
  for (let i = 0; i < 3; i++) await limits.failed('code.account', key);
  expect(await limits.spent('code.account', key)).toMatchObject({ ok: false, limit: 'code.account' });
});

describe('an office behind one address (issue 33, D03)', () => {
  test('a hundred people signing in from one address at eight o’clock each get a code and, after the wait, a new one', async () => {
    // The default (RATE_LIMITS above leaves send.address alone).
    expect(limits.DEFAULT_LIMITS['send.address']).toEqual({ points: 200, seconds: 900 });
    const people = Array.from({ length: 100 }, (_, person) => `sub-office-${person}-${Date.now()}`);
    const verdicts = await from('198.51.100.80', async () => {
      const all = [];
      for (const sub of people) all.push(await limits.attemptSend('mfa.EMAIL', sub));
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // MFA_RESEND_SECONDS (1 s here)
      for (const sub of people) all.push(await limits.attemptSend('mfa.EMAIL', sub));
      return all;
    });
    expect(verdicts.filter((v) => !v.ok)).toEqual([]);
  });
});

describe('limits that count failures only (D49)', () => {
  test('an office signing in all morning spends nothing; thirty failures from one address spend the budget', async () => {
    const verdicts = await from('198.51.100.90', async () => {
      const all = [];
      for (let i = 0; i < 40; i++) {
        const verdict = await limits.attemptFailing([['password.address', 'address']]);
        all.push(verdict.ok);
        if (verdict.ok) await verdict.succeeded();
      }
      for (let i = 0; i < 31; i++) all.push((await limits.attemptFailing([['password.address', 'address']])).ok);
      return all;
    });
    expect(verdicts.slice(0, 70).every(Boolean)).toBe(true);
    expect(verdicts[70]).toBe(false);
  });
});
