import { beforeAll, expect, test, vi } from 'vitest';
import { requestContextStorage } from '@/server/request-context.mjs';

/**
 * lib/flows/code-attempts.ts on this process's real counters: the account's budget of wrong codes
 * holds when checks arrive side by side (security review, issue 43: it was looked at before the
 * tenant was asked and counted after, so 12–15 wrong codes reached the tenant against 10).
 */
vi.mock('@/lib/session', () => ({ updateFlow: vi.fn() }));
let attempts: typeof import('@/lib/flows/code-attempts');
beforeAll(async () => {
  vi.resetModules();
  process.env.RATE_LIMITS = JSON.stringify({ 'code.account': '10/900', 'code.exchange': '100/900', 'code.address': '1000/300' });
  attempts = await import('@/lib/flows/code-attempts');
});

const asClient = <T>(step: () => Promise<T>) =>
  requestContextStorage().run({ reqId: 'r', remoteAddress: '203.0.113.5', forwardedFor: undefined }, step) as Promise<T>;

/** One code check as an action makes it: the limits, the tenant (slow, and the code wrong), the settling. */
async function wrongCodeCheck(factor: { account: string; factor: string }, exchangeId: string, tenantCalls: { count: number }) {
  const refused = await attempts.refuseCodeAttempt(exchangeId, 'test', factor);
  if (refused) return refused;
  tenantCalls.count++;
  await new Promise((resolve) => setTimeout(resolve, 20));
  await attempts.settleCodeAttempt(factor, true);
  return undefined;
}

test('fifteen wrong codes sent side by side: ten reach the tenant, the rest are refused', async () => {
  const factor = { account: `sub-race-${Date.now()}`, factor: 'SMS' };
  const tenantCalls = { count: 0 };
  const answers = await asClient(() => Promise.all(Array.from({ length: 15 }, (_, i) => wrongCodeCheck(factor, `ex-${i % 3}`, tenantCalls))));
  expect(tenantCalls.count).toBe(10);
  expect(answers.filter((a) => a?.status === 'invalid' && a.fieldErrors.code === 'tooManyAccountCodes')).toHaveLength(5);
});

test('right codes give back what they took: a person who types right codes is never held back', async () => {
  const factor = { account: `sub-right-${Date.now()}`, factor: 'TOTP' };
  const verdicts = await asClient(async () => {
    const all = [];
    for (let i = 0; i < 25; i++) {
      all.push(await attempts.refuseCodeAttempt(`ex-right-${i}`, 'test', factor));
      await attempts.settleCodeAttempt(factor, false);
    }
    return all;
  });
  expect(verdicts.filter(Boolean)).toEqual([]);
});
