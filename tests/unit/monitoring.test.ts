import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { syntheticMetrics } from '../../scripts/tenant-check-push';
import { metrics, STORE_UP } from '../../server/metrics.mjs';

/**
 * The Grafana dashboard and the alerting rules in deploy/monitoring (docs/operations.md) query only
 * metrics this app (or its synthetic sign-in) exports: the names are read from the app's own registry (with its histograms'
 * `_bucket`, `_sum` and `_count` series), so a renamed metric breaks this test, not a dashboard.
 */
const dashboard = JSON.parse(readFileSync('deploy/monitoring/grafana-dashboard.json', 'utf8')) as {
  uid: string;
  panels: Array<{ type: string; title: string; targets?: Array<{ expr: string }> }>;
};
const rules = readFileSync('deploy/monitoring/alerts.yaml', 'utf8');

async function exported(): Promise<Set<string>> {
  // The store's gauge joins the registry at its first value (absent without a store).
  const names = new Set<string>([STORE_UP]);
  // The app's, and what the synthetic sign-in pushes (scripts/tenant-check-push.ts).
  const registries = [metrics().register, syntheticMetrics().register];
  for (const metric of (await Promise.all(registries.map((r) => r.getMetricsAsJSON()))).flat()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

const namesIn = (expr: string) => [...expr.matchAll(/\bsignin_[a-z0-9_]+\b/g)].map((m) => m[0]);

describe('deploy/monitoring', () => {
  test('the dashboard is a Grafana dashboard whose every panel has queries, each naming exported metrics only', async () => {
    const known = await exported();
    expect(dashboard.uid).toBe('signin-front-end');
    const queried = dashboard.panels.filter((p) => p.type !== 'row');
    expect(queried.length).toBeGreaterThan(10);
    for (const panel of queried) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets!) {
        expect(namesIn(expr).length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        for (const name of namesIn(expr)) expect(known.has(name), `${panel.title}: ${name}`).toBe(true);
      }
    }
  });

  test('the dashboard shows the funnel, step and provider latency, provider errors, limits and the breaker', () => {
    const all = dashboard.panels.flatMap((p) => p.targets?.map((t) => t.expr) ?? []).join('\n');
    for (const name of [
      'signin_funnel_steps_total',
      'signin_http_request_duration_seconds_bucket',
      'signin_provider_call_duration_seconds_bucket',
      'signin_provider_calls_total',
      'signin_limit_refusals_total',
      'signin_provider_breaker_open',
      'signin_limits_store_up',
    ])
      expect(all).toContain(name);
  });

  test('every alert queries exported metrics and names its runbook, which docs/operations.md has', async () => {
    const known = await exported();
    const operations = readFileSync('docs/operations.md', 'utf8');
    const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1]!);
    expect(alerts.length).toBeGreaterThanOrEqual(7);
    for (const name of namesIn(rules)) expect(known.has(name), name).toBe(true);
    for (const alert of alerts) {
      expect(rules).toContain(`runbook_url: docs/operations.md#${alert.toLowerCase()}`);
      expect(operations, `docs/operations.md has no "### ${alert}"`).toContain(`### ${alert}`);
    }
  });
});
