import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { countEvent, errorOutcome, FUNNEL, observeProviderCall, replyOutcome, setStoreUp } from '@/lib/metrics';
import { ProviderError } from '@/lib/provider/errors';
import { methodOf, metrics, screenOf, SCREENS } from '../../server/metrics.mjs';

/** Every route of the app (its page or route handler), as the address names it, dynamic parts left out. */
function routes(dir = 'app', prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return name === 'page.tsx' || name === 'route.ts' ? [prefix] : [];
    if (name.startsWith('_') || name === '[...unknown]') return [];
    return routes(path, name.startsWith('[') ? prefix : prefix ? `${prefix}/${name}` : name);
  });
}

const value = async (name: string, labels: Record<string, string>) =>
  (await metrics().register.getSingleMetric(name)!.get()).values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;

beforeEach(() => metrics().register.resetMetrics());

describe('the screen label (server/metrics.mjs screenOf)', () => {
  test('every route of the app has its screen name, so no route is counted as "other"', () => {
    const named = new Set(SCREENS);
    const missing = [...new Set(routes())].filter((route) => route !== '' && !named.has(route));
    expect(missing).toEqual([]);
  });

  test('an address is named by its route: query cut, longest route first, ids in the path dropped, anything else "other"', () => {
    expect(screenOf('/')).toBe('start');
    expect(screenOf('/login?requestId=abc')).toBe('login');
    expect(screenOf('/register-mfa/code?requestId=abc')).toBe('register-mfa/code');
    expect(screenOf('/setup-mfa/backup-codes/download?requestId=x')).toBe('setup-mfa/backup-codes/download');
    expect(screenOf('/group-selection/track-1/sub-1/req-1')).toBe('group-selection');
    expect(screenOf('/brand/logo.svg')).toBe('brand');
    expect(screenOf('/_next/static/chunks/a.js')).toBe('static');
    expect(screenOf('/wp-admin/setup.php')).toBe('other');
    expect(screenOf('/loginx')).toBe('other');
    expect(methodOf('PROPFIND')).toBe('other');
  });
});

describe('series there from the start', () => {
  test('both bulkhead scopes are exported at 0 before any refusal, so the first one is an increase', async () => {
    const key = Symbol.for('signin.metrics');
    const kept = (globalThis as Record<symbol, unknown>)[key];
    delete (globalThis as Record<symbol, unknown>)[key];
    try {
      const exposition = await metrics().register.metrics();
      expect(exposition).toContain('signin_provider_bulkhead_refusals_total{scope="sign-in"} 0');
      expect(exposition).toContain('signin_provider_bulkhead_refusals_total{scope="client"} 0');
    } finally {
      (globalThis as Record<symbol, unknown>)[key] = kept;
    }
  });
});

describe('names (promtool check metrics reads them so too)', () => {
  test("only counters end in _total: none of prom-client's gauges named like counters is exported", async () => {
    const exported = await metrics().register.getMetricsAsJSON();
    expect(exported.filter((m) => m.name.endsWith('_total') && String(m.type) !== 'counter').map((m) => m.name)).toEqual([]);
    // The same figures stay, by type.
    expect(exported.map((m) => m.name)).toEqual(expect.arrayContaining(['signin_nodejs_active_handles', 'signin_nodejs_active_resources']));
  });
});

describe('the funnel and the limits, from the log events (lib/metrics.ts countEvent)', () => {
  test('a step with its outcome and method; a step without an outcome is "done"', async () => {
    countEvent({ event: 'password.verified', outcome: 'verified', account: 'ab12' });
    countEvent({ event: 'mfa.verified', type: 'TOTP', outcome: 'code-error' });
    countEvent({ event: 'mfa.sent', type: 'SMS' });
    countEvent({ event: 'consent.declined', consent: 'c-1', version: 'v-1' });
    expect(await value('signin_funnel_steps_total', { step: 'password', outcome: 'verified', method: '' })).toBe(1);
    expect(await value('signin_funnel_steps_total', { step: 'second-factor', outcome: 'code-error', method: 'TOTP' })).toBe(1);
    expect(await value('signin_funnel_steps_total', { step: 'second-factor-sent', outcome: 'done', method: 'SMS' })).toBe(1);
    expect(await value('signin_funnel_steps_total', { step: 'consent', outcome: 'declined', method: '' })).toBe(1);
  });

  test('only bounded values become labels: an unknown method or an odd outcome is "other"; other events are not steps', async () => {
    countEvent({ event: 'mfa.verified', type: 'anna@example.com', outcome: 'Verified With A Very Long Outcome Name That Goes On' });
    countEvent({ event: 'request', path: '/login' });
    countEvent('not an object');
    const all = (await metrics().register.getSingleMetric('signin_funnel_steps_total')!.get()).values;
    expect(all).toEqual([expect.objectContaining({ labels: { step: 'second-factor', outcome: 'other', method: 'other' }, value: 1 })]);
  });

  test('every funnel event names a step; a limit refusal counts by its name, a resend wait as a wait too', async () => {
    for (const step of Object.values(FUNNEL)) expect(step).toMatch(/^[a-z-]+$/);
    countEvent({ event: 'rate-limited', step: 'mfa.resend', limit: 'wait.mfa.EMAIL', retryAfter: 20 });
    countEvent({ event: 'rate-limited', step: 'password', limit: 'password.account' });
    expect(await value('signin_limit_refusals_total', { limit: 'wait.mfa.EMAIL' })).toBe(1);
    expect(await value('signin_resend_waits_total', { factor: 'mfa.EMAIL' })).toBe(1);
    expect(await value('signin_limit_refusals_total', { limit: 'password.account' })).toBe(1);
  });

  test('the shared store up and down (set where it changes, not from its log lines), the breaker opening', async () => {
    // Absent until a store reports: a deployment without REDIS_URL has no store to be down.
    expect(await metrics().register.metrics()).not.toContain('signin_limits_store_up');
    setStoreUp(false);
    expect(await value('signin_limits_store_up', {})).toBe(0);
    setStoreUp(true);
    expect(await value('signin_limits_store_up', {})).toBe(1);
    countEvent({ event: 'provider-circuit-open', failures: 5 });
    expect(await value('signin_provider_breaker_openings_total', {})).toBe(1);
  });
});

describe('provider calls (observeProviderCall)', () => {
  test('an answer by its status; a failure by its kind (the breaker and a bulkhead are not sent, so not timed)', async () => {
    expect([replyOutcome(200), replyOutcome(302), replyOutcome(400), replyOutcome(503)]).toEqual(['ok', 'ok', 'refused', 'server-error']);
    const open = new ProviderError({ kind: 'unreachable', operation: 'x', cause: new Error('circuit open') });
    expect(errorOutcome(open)).toBe('breaker-open');
    expect(errorOutcome(new ProviderError({ kind: 'unreachable', operation: 'x' }))).toBe('unreachable');
    expect(errorOutcome(new ProviderError({ kind: 'timeout', operation: 'x' }))).toBe('timeout');
    expect(errorOutcome(new ProviderError({ kind: 'overloaded', operation: 'x' }))).toBe('overloaded');
    observeProviderCall({ service: 'verification-srv', operation: 'verification.authenticate' }, 'ok', 0.12);
    observeProviderCall({ service: 'oidc', operation: 'oidc /token-srv/token' }, 'breaker-open', undefined);
    expect(await value('signin_provider_calls_total', { service: 'verification-srv', operation: 'verification.authenticate', outcome: 'ok' })).toBe(1);
    expect(await value('signin_provider_calls_total', { service: 'oidc', operation: 'oidc.token', outcome: 'breaker-open' })).toBe(1);
    const counts = (await metrics().register.getSingleMetric('signin_provider_call_duration_seconds')!.get()).values.filter((v) =>
      (v as { metricName?: string }).metricName?.endsWith('_count'),
    );
    expect(counts).toEqual([expect.objectContaining({ labels: { service: 'verification-srv', operation: 'verification.authenticate' }, value: 1 })]);
  });
});

describe('addresses on spans (lib/tracing-start.ts safeAddress)', () => {
  test('the path alone: no query (request ids, reset tokens, codes), the group selection’s track and subject by name', async () => {
    const { safeAddress } = await import('@/lib/tracing-start');
    expect(safeAddress('/reset-password?requestId=r-1&rprq=secret&exchangeid=x')).toBe('/reset-password');
    expect(safeAddress('http://127.0.0.1:3000/auth/callback?code=abc&state=s#frag')).toBe('/auth/callback');
    expect(safeAddress('/group-selection/track-1/sub-1/req-1')).toBe('/group-selection/:trackId/:sub');
    expect(safeAddress('/login')).toBe('/login');
  });
});
