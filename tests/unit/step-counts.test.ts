import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, expect, test, vi } from 'vitest';
import { metrics } from '../../server/metrics.mjs';
import { form, nextHeaders, nextIntlServer, redirectedTo, resetRequest } from './support/next-request';

/**
 * The funnel and the limits are counted where the step happens (lib/metrics.ts counted), not
 * from the info lines the steps write: with the log at warn, as an operator may set it, a real
 * e-mail step and a real limit refusal still move their counters.
 */
vi.stubEnv('LOG_LEVEL', 'warn');
vi.stubEnv('RATE_LIMITS', JSON.stringify({ 'email.account': '1/60' }));
vi.mock('next/headers', () => nextHeaders);
vi.mock('next-intl/server', () => nextIntlServer);
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T>(fn: T) => fn }));
vi.mock('@/lib/provider/users', () => ({ checkUserExists: vi.fn(async () => ({ action: 'login' })) }));
vi.mock('@/lib/provider/verification', () => ({
  getConfiguredMethods: vi.fn(async () => [{ type: 'PASSWORD', mediumIds: ['PASSWORD'] }]),
}));

const { submitEmail } = await import('@/app/email-actions');
const { log } = await import('@/lib/log');

const value = async (name: string, labels: Record<string, string>) =>
  (await metrics().register.getSingleMetric(name)!.get()).values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;

beforeEach(() => {
  resetRequest();
  metrics().register.resetMetrics();
});

test('with LOG_LEVEL=warn, the e-mail step and the refusal of the next one by its limit are counted all the same', async () => {
  expect(log.isLevelEnabled('info')).toBe(false);
  const post = () => submitEmail({ status: 'idle' }, form({ email: 'anna@example.com', requestId: 'request-a-12345678' }));

  expect(await redirectedTo(post())).toBe('/login?requestId=request-a-12345678');
  expect(await value('signin_funnel_steps_total', { step: 'email', outcome: 'screen', method: '' })).toBe(1);

  expect(await post()).toMatchObject({ status: 'invalid', formError: 'attemptsWait' });
  expect(await value('signin_limit_refusals_total', { limit: 'email.account' })).toBe(1);
});

test('every event the metrics follow is logged through counted(): none is left to a log line alone', async () => {
  const { FUNNEL } = await import('@/lib/metrics');
  const followed = [...Object.keys(FUNNEL), 'rate-limited', 'provider-circuit-open'];
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) ? [path] : [];
    });
  const uncounted: string[] = [];
  for (const file of [...sources('app'), ...sources('lib')]) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(counted\(\s*)?\{\s*event: '([\w.-]+)'/g)) {
      if (followed.includes(match[2]!) && !match[1]) uncounted.push(`${file}: ${match[2]}`);
    }
  }
  expect(uncounted).toEqual([]);
});
