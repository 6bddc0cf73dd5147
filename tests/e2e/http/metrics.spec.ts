import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { freePort } from '../../../scripts/processes.mjs';
import { expect, submit, httpTest as test, toPasswordStep } from '../support/fixtures';
import { hiddenFields } from '../support/forms';
import { startOwnTenant, type OwnTenant } from '../support/own-app';

/**
 * Prometheus metrics (docs/operations.md "Metrics", issue 36), on an app of its own so every
 * figure is this test's: `/metrics` on METRICS_PORT only, and after a full sign-in (password, an
 * authenticator app's code) with JavaScript on and again off, the funnel counters and the provider
 * histograms moved by what those sign-ins did. The app logs at warn, as an operator may set it:
 * the funnel and the limits are counted where the steps happen, not from info lines.
 * `promtool check metrics` (Debian's prometheus package, installed by
 * scripts/ensure-test-tools.mjs) judges the exposition.
 */
let app: OwnTenant;
let metricsUrl: string;
test.beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  app = await startOwnTenant({
    METRICS_PORT: String(port),
    DEPLOYMENT_ID: 'metrics-e2e',
    APP_VERSION: '9.9.9',
    LOG_LEVEL: 'warn',
    // One e-mail step per account and client a minute: a second post of the same address is refused.
    RATE_LIMITS: JSON.stringify({ 'email.account': '1/60' }),
  });
});
test.afterAll(async () => {
  await app?.stop();
});

const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const PASSWORD = 'KitchenDemo2026';

/** One sample's value from the exposition: the metric with exactly these labels (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').match(/\w+="(?:[^"\\]|\\.)*"/g) ?? [];
    if (have.length === wanted.length && [...have].sort().every((pair, i) => pair === wanted[i])) return Number(match[3]);
  }
  return 0;
}

const scrape = async () => {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
};

async function signIn(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled });
  const page = await context.newPage();
  const email = `mfa.totp+metrics-${javaScriptEnabled ? 'on' : 'off'}-${Date.now()}@example.com`;
  await toPasswordStep(page, email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await submit(page, 'Sign in');
  if (!javaScriptEnabled) await submit(page, 'Continue');
  await expect(page).toHaveURL(/\/register-mfa/);
  if (!javaScriptEnabled) await submit(page, 'Continue');
  await expect(page).toHaveURL(/\/register-mfa\/code/);
  await page.getByLabel('Security code', { exact: true }).fill(new TOTP({ secret: Secret.fromBase32(TOTP_SECRET) }).generate());
  await submit(page, 'Verify');
  if (!javaScriptEnabled) await submit(page, 'Continue');
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  await context.close();
}

test('the metrics port answers /metrics only; the public port has no /metrics', async () => {
  expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  expect((await fetch(`${app.url}/metrics`)).headers.get('content-type') ?? '').not.toContain('version=0.0.4');
  const text = await scrape();
  expect(sample(text, 'signin_build_info', { version: '9.9.9', deployment: 'metrics-e2e' })).toBe(1);
  // Node's process and event-loop metrics come with it.
  expect(text).toMatch(/^signin_nodejs_eventloop_lag_seconds \S+$/m);
  expect(text).toMatch(/^signin_process_resident_memory_bytes \S+$/m);
});

test('a full sign-in with JavaScript on and off moves the funnel, the screens and the provider histograms by what it did', async ({ browser }) => {
  const before = await scrape();
  await signIn(browser, true);
  await signIn(browser, false);
  const after = await scrape();
  const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);

  // The funnel: each step once per sign-in, with its outcome (and the method where there is one).
  expect(moved('signin_funnel_steps_total', { step: 'email', outcome: 'screen', method: '' })).toBe(2);
  expect(moved('signin_funnel_steps_total', { step: 'password', outcome: 'verified', method: '' })).toBe(2);
  expect(moved('signin_funnel_steps_total', { step: 'second-factor-sent', outcome: 'done', method: 'TOTP' })).toBe(2);
  expect(moved('signin_funnel_steps_total', { step: 'second-factor', outcome: 'verified', method: 'TOTP' })).toBe(2);
  expect(moved('signin_funnel_steps_total', { step: 'signed-in', outcome: 'done', method: '' })).toBe(2);

  // The screens, by route and status: the e-mail step, the password, the code.
  expect(moved('signin_http_requests_total', { screen: 'login', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(2);
  expect(moved('signin_http_requests_total', { screen: 'register-mfa/code', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(2);
  expect(moved('signin_http_request_duration_seconds_count', { screen: 'login', method: 'GET' })).toBeGreaterThanOrEqual(2);

  // The provider: the checks of the password and of the code (verification-srv), answered and
  // each timed; and the calls of the sign-in as a whole.
  const checks = { service: 'verification-srv', operation: 'verification.authenticate' };
  expect(moved('signin_provider_calls_total', { ...checks, outcome: 'ok' })).toBeGreaterThanOrEqual(2);
  expect(moved('signin_provider_call_duration_seconds_count', checks)).toBe(moved('signin_provider_calls_total', { ...checks, outcome: 'ok' }));
  expect(moved('signin_provider_calls_total', { service: 'verification-srv', operation: 'verification.configuredList', outcome: 'ok' })).toBeGreaterThanOrEqual(
    2,
  );
  const total = (t: string, name: string) =>
    t
      .split('\n')
      .filter((l) => l.startsWith(`${name}{`))
      .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
  expect(total(after, 'signin_provider_calls_total') - total(before, 'signin_provider_calls_total')).toBeGreaterThanOrEqual(8);
  // Nothing personal in any label: no address, no id.
  expect(after).not.toContain('@example.com');
  expect(after).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
});

/** Debian's promtool (package prometheus; scripts/ensure-test-tools.mjs installs it), or PROMTOOL_PATH. */
function promtoolPath(): string {
  const found = [process.env.PROMTOOL_PATH, '/usr/bin/promtool'].find((p): p is string => Boolean(p) && existsSync(p!));
  expect(found, 'promtool (Debian package prometheus) — scripts/ensure-test-tools.mjs installs it').toBeDefined();
  return found!;
}

test('a refused attempt moves the limit counter, at LOG_LEVEL=warn too', async ({ request }) => {
  const before = await scrape();
  // The first page of a sign-in at this app's own tenant (through /auth/start), with its form's fields.
  const page = await request.get(`${app.url}/`);
  expect(new URL(page.url()).searchParams.get('requestId')).toBeTruthy();
  const fields = await hiddenFields(page);
  const email = `metrics-limit-${Date.now()}@example.com`;
  const post = () => request.post(page.url(), { headers: { origin: app.url }, multipart: { ...fields, email }, maxRedirects: 0 });
  expect((await post()).status()).not.toBe(429);
  expect((await post()).status()).toBe(429);
  const after = await scrape();
  expect(
    sample(after, 'signin_limit_refusals_total', { limit: 'email.account' }) - sample(before, 'signin_limit_refusals_total', { limit: 'email.account' }),
  ).toBe(1);
});

test('promtool check metrics passes the exposition with no finding at all', async () => {
  const promtool = promtoolPath();
  const file = join(mkdtempSync(join(tmpdir(), 'metrics-')), 'scrape.txt');
  writeFileSync(file, await scrape());
  // `check metrics` reads the exposition on stdin and prints each lint finding (exit code 3) or
  // parse error (1); a clean exposition prints nothing and exits 0.
  const run = spawnSync('sh', ['-c', `${promtool} check metrics < ${file}`], { encoding: 'utf8' });
  expect(`${run.stdout}${run.stderr}`.trim().split('\n').filter(Boolean)).toEqual([]);
  expect(run.status).toBe(0);
});

test('promtool accepts the alerting rules in deploy/monitoring', async () => {
  const promtool = promtoolPath();
  const out = execFileSync(promtool, ['check', 'rules', 'deploy/monitoring/alerts.yaml'], { encoding: 'utf8' });
  expect(out).toMatch(/SUCCESS: \d+ rules found/);
});

test('each alert fires on the series it is written for, after its `for:`, and not on a healthy one (promtool test rules)', async () => {
  const promtool = promtoolPath();
  // Exits non-zero (and execFileSync throws, with the failed cases) when any expectation fails.
  const out = execFileSync(promtool, ['test', 'rules', 'deploy/monitoring/alerts.test.yaml'], { encoding: 'utf8' });
  expect(out).toContain('SUCCESS');
  const tested = [...readFileSync('deploy/monitoring/alerts.test.yaml', 'utf8').matchAll(/alertname: (\w+)/g)].map((m) => m[1]);
  const defined = [...readFileSync('deploy/monitoring/alerts.yaml', 'utf8').matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
  expect(new Set(tested)).toEqual(new Set(defined));
});
