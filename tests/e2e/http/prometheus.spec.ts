import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { randomSecret, runTenantScript } from '../../../scripts/processes.mjs';
import { expect, standinClient, httpTest as test } from '../support/fixtures';
import { FormClient } from '../support/form-client';
import { CONTINUE_BUTTON, MAIN_SUBMIT } from '../support/forms';
import { startPrometheus, startPushgateway } from '../support/prometheus';
import { startReplicas, type Replicas } from '../support/replicas';

/**
 * The metrics as operators run them (docs/operations.md "Metrics", "Synthetic sign-in", issue 36):
 * a real Prometheus (Debian's package) scrapes two replicas behind nginx, each on its own metrics
 * port, and a Pushgateway; it loads deploy/monitoring/alerts.yaml. Sign-ins through the balancer
 * add up across the replicas; every rule evaluates; the synthetic sign-in (tenant:check with an
 * authenticator-app second factor, as the CronJob runs it) pushes its result, and when the tenant
 * changes under the deployment its failure reaches Prometheus and the alert. The synthetic sign-in
 * runs as its CronJob does, without the deployment's SESSION_SECRET and CLIENT_SECRET. Every query
 * of the Grafana dashboard then answers with data.
 */
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'KitchenDemo2026';
const SIGN_INS = 4;
let replicas: Replicas;
let pushgateway: Awaited<ReturnType<typeof startPushgateway>>;
let prometheus: Awaited<ReturnType<typeof startPrometheus>>;

test.beforeAll(async () => {
  const secret = randomSecret();
  // With the shared store, as a deployment of two replicas runs (and the dashboard shows it).
  replicas = await startReplicas([secret, secret], { metrics: true, redis: true });
  pushgateway = await startPushgateway();
  prometheus = await startPrometheus({ signinTargets: replicas.metricsTargets!, pushgateway: pushgateway.url, ruleFile: 'deploy/monitoring/alerts.yaml' });
});
test.afterAll(async () => {
  await Promise.all([prometheus?.stop(), pushgateway?.stop(), replicas?.stop()]);
});

/** Polls a PromQL query until its samples satisfy `check` (Prometheus scrapes every second). */
const eventually = (query: string) =>
  expect.poll(() => prometheus.query(query).then((samples) => samples.map((s) => ({ ...s.labels, value: s.value }))), { timeout: 20_000, intervals: [500] });

async function signIn(tag: string) {
  const client = new FormClient();
  const email = `lockout+prom-${tag}@example.com`;
  await client.goto(`${replicas.url}/`);
  await client.submit(MAIN_SUBMIT, { email });
  await client.submit(MAIN_SUBMIT, { password: PASSWORD });
  await client.submit(CONTINUE_BUTTON);
  expect(`${client.status} ${new URL(client.url).pathname}`).toBe('200 /success');
  expect(client.text).toContain(`Signed in as ${email}.`);
}

/** A sign-in with an authenticator app's code as the second factor (the funnel's second-factor steps). */
async function signInWithTotp() {
  const client = new FormClient();
  const email = `mfa.totp+prom-${Date.now()}@example.com`;
  await client.goto(`${replicas.url}/`);
  await client.submit(MAIN_SUBMIT, { email });
  await client.submit(MAIN_SUBMIT, { password: PASSWORD });
  await client.submit(CONTINUE_BUTTON);
  expect(new URL(client.url).pathname).toBe('/register-mfa');
  await client.submit(MAIN_SUBMIT);
  expect(new URL(client.url).pathname).toBe('/register-mfa/code');
  await client.submit(MAIN_SUBMIT, { code: new TOTP({ secret: Secret.fromBase32('JBSWY3DPEHPK3PXP') }).generate() });
  await client.submit(CONTINUE_BUTTON);
  expect(client.text).toContain(`Signed in as ${email}.`);
}

/** Two sign-ins of one account ask for a reset link within the wait: the second is held back by it. */
async function resetAskedTwice() {
  const email = `lockout+prom-reset-${Date.now()}@example.com`;
  for (let i = 0; i < 2; i++) {
    const client = new FormClient();
    await client.goto(`${replicas.url}/`);
    await client.submit(MAIN_SUBMIT, { email });
    await client.goto(client.document.querySelector<HTMLAnchorElement>('a[href^="/reset-password-init"]')!.href);
    await client.submit(MAIN_SUBMIT);
    expect(new URL(client.url).pathname).toBe('/reset-password-confirmation');
  }
}

type Rule = { name: string; type: string; health: string; lastError?: string };
async function rules(): Promise<Rule[]> {
  const body = (await (await fetch(`${prometheus.url}/api/v1/rules`)).json()) as { data: { groups: Array<{ rules: Rule[] }> } };
  return body.data.groups.flatMap((g) => g.rules);
}
async function alerts(): Promise<Array<{ labels: Record<string, string>; state: string }>> {
  return ((await (await fetch(`${prometheus.url}/api/v1/alerts`)).json()) as { data: { alerts: Array<{ labels: Record<string, string>; state: string }> } })
    .data.alerts;
}

test('Prometheus scrapes both replicas behind nginx: the sign-ins through the balancer add up across them, and every alerting rule evaluates', async ({
  request,
}) => {
  await eventually('up{job="signin"}').toEqual([expect.objectContaining({ job: 'signin', value: 1 }), expect.objectContaining({ job: 'signin', value: 1 })]);
  for (let i = 0; i < SIGN_INS; i++) await signIn(`${Date.now()}-${i}`);

  // Each process counts its own; summed across the two, what the balancer spread over them.
  await eventually('sum(signin_funnel_steps_total{step="signed-in",outcome="done"})').toEqual([{ value: SIGN_INS }]);
  await eventually('sum(signin_funnel_steps_total{step="password",outcome="verified"})').toEqual([{ value: SIGN_INS }]);
  const perReplica = await prometheus.query('sum by (instance) (signin_http_requests_total{screen="login"})');
  expect(perReplica.map((s) => s.labels.instance).sort()).toEqual([...replicas.metricsTargets!].sort());
  for (const sample of perReplica) expect(sample.value, `${sample.labels.instance} served part of the sign-ins`).toBeGreaterThan(0);
  // A dashboard query over the provider histogram answers a latency.
  const [p95] = await prometheus.query(
    'histogram_quantile(0.95, sum by (le) (rate(signin_provider_call_duration_seconds_bucket{operation="verification.authenticate"}[1m])))',
  );
  expect(p95?.value).toBeGreaterThan(0);
  expect(p95?.value).toBeLessThan(10);

  // Every rule of deploy/monitoring/alerts.yaml loaded and evaluated without error; none fires.
  await expect
    .poll(async () => (await rules()).filter((r) => r.health !== 'ok').map((r) => `${r.name}: ${r.health} ${r.lastError ?? ''}`), { timeout: 20_000 })
    .toEqual([]);
  expect((await rules()).map((r) => r.name).sort()).toEqual(
    [
      'SigninBreakerOpen',
      'SigninLimitsRefusingUnusually',
      'SigninLimitsStoreDown',
      'SigninProviderSlow',
      'SigninSlowScreens',
      'SigninStepErrors',
      'SigninSyntheticFailing',
      'SigninSyntheticNotRunning',
      'SigninTenantUnreachable',
    ].sort(),
  );
  // None fires (a slow first render on a busy machine may leave one pending: pending is not paging).
  expect((await alerts()).filter((a) => a.state === 'firing')).toEqual([]);

  // What the dashboard's trouble panels show, made to happen: a second factor passed, a reset link
  // asked for again within the wait (a limit refusal and a resend wait), the tenant failing a call.
  await signInWithTotp();
  await resetAskedTwice();
  const broken = `prom-broken-${randomBytes(6).toString('hex')}`;
  await standinClient(request, replicas.standinUrl).fault({ pathIncludes: broken, mode: 'error' });
  expect((await fetch(`${replicas.url}/?requestId=${broken}`)).status).toBeGreaterThanOrEqual(500);
});

test('the synthetic sign-in pushes its result; when the tenant changes under the deployment, the failure reaches Prometheus and its alert', async () => {
  // As the CronJob runs it: the deployment's settings without its secrets, a client of its own
  // (the stand-in knows one client: the deployment's, given here under the synthetic's names).
  const { CLIENT_ID, CLIENT_SECRET } = replicas.env;
  const env = {
    ...replicas.env,
    SESSION_SECRET: '',
    CLIENT_ID: '',
    CLIENT_SECRET: '',
    TENANT_CHECK_CLIENT_ID: CLIENT_ID!,
    TENANT_CHECK_CLIENT_SECRET: CLIENT_SECRET!,
    TENANT_CHECK_EMAIL: `mfa.totp+synthetic-${Date.now()}@example.com`,
    TENANT_CHECK_PASSWORD: PASSWORD,
    TENANT_CHECK_TOTP_SECRET: 'JBSW Y3DP EHPK 3PXP',
    TENANT_CHECK_PUSHGATEWAY_URL: pushgateway.url,
  };
  // Grouped by the deployment's host unless TENANT_CHECK_DEPLOYMENT names it: a name that outlives releases.
  const host = new URL(replicas.url).host;
  const passed = await runTenantScript('tenant-check', { env });
  expect(passed.output).toMatch(/Sign-in to tokens\s+PASS\s+code exchanged for tokens after mfa_required .*authenticator-app code/);
  expect(passed.output).toContain(`Pushed the result (passed) to the Pushgateway for deployment ${host}.`);
  expect(passed.code, passed.output).toBe(0);
  const deployment = { deployment: host, job: 'signin_synthetic' };
  await eventually('signin_synthetic_success').toEqual([expect.objectContaining({ ...deployment, value: 1 })]);
  await eventually('signin_synthetic_signed_in').toEqual([expect.objectContaining({ ...deployment, value: 1 })]);
  const [success] = await prometheus.query('signin_synthetic_last_success_timestamp_seconds');
  expect(Math.abs(success!.value - Date.now() / 1000)).toBeLessThan(120);

  // An administrator points the tenant's login page elsewhere: the next run fails and says why.
  await replicas.moveLoginPage('https://elsewhere.example.com');
  const failed = await runTenantScript('tenant-check', { env });
  expect(failed.output).toMatch(/Login page is this deployment\s+FAIL/);
  expect(failed.output).toContain(`Pushed the result (failed) to the Pushgateway for deployment ${host}.`);
  expect(failed.code).toBe(1);
  await eventually('signin_synthetic_success').toEqual([expect.objectContaining({ ...deployment, value: 0 })]);
  await eventually('signin_synthetic_check_failed == 1').toEqual([
    expect.objectContaining({ ...deployment, check: 'Login page is this deployment', value: 1 }),
  ]);
  // The last success keeps its time; the alert is pending (it fires after its `for:`, as
  // deploy/monitoring/alerts.test.yaml shows).
  await eventually('signin_synthetic_last_success_timestamp_seconds').toEqual([expect.objectContaining({ value: success!.value })]);
  await expect
    .poll(
      async () =>
        (await alerts()).filter((a) => a.labels.alertname!.startsWith('SigninSynthetic')).map((a) => `${a.labels.alertname} ${a.labels.deployment} ${a.state}`),
      { timeout: 20_000 },
    )
    .toEqual([`SigninSyntheticFailing ${host} pending`]);
});

test('a wrong authenticator secret stops the sign-in at the second factor and says so; the run counts as failed', async () => {
  await replicas.moveLoginPage(replicas.url);
  const run = await runTenantScript('tenant-check', {
    env: {
      ...replicas.env,
      TENANT_CHECK_EMAIL: `mfa.totp+synthetic-wrong-${Date.now()}@example.com`,
      TENANT_CHECK_PASSWORD: PASSWORD,
      TENANT_CHECK_TOTP_SECRET: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      TENANT_CHECK_PUSHGATEWAY_URL: pushgateway.url,
      TENANT_CHECK_DEPLOYMENT: 'prom-e2e-wrong',
    },
  });
  expect(run.output).toMatch(/Sign-in to tokens\s+UNKNOWN\s+stopped after mfa_required: the tenant refused the authenticator code/);
  expect(run.output).toContain('Pushed the result (failed) to the Pushgateway for deployment prom-e2e-wrong.');
  expect(run.code, 'as the synthetic sign-in, a run that did not reach tokens fails').toBe(1);
  await eventually('signin_synthetic_signed_in{deployment="prom-e2e-wrong"}').toEqual([expect.objectContaining({ value: 0 })]);
  // The runbook's query names the step that stopped it.
  await eventually('signin_synthetic_check_failed{deployment="prom-e2e-wrong"} == 1').toEqual([
    expect.objectContaining({ check: 'Sign-in to tokens', value: 1 }),
  ]);
});

test('a push the gateway cannot take fails the run and says where', async () => {
  await replicas.moveLoginPage(replicas.url);
  const run = await runTenantScript('tenant-check', {
    env: { ...replicas.env, TENANT_CHECK_PUSHGATEWAY_URL: 'http://127.0.0.1:9' },
  });
  expect(run.output).toContain('No check failed.');
  expect(run.output).toContain('Could not push the result to the Pushgateway at http://127.0.0.1:9');
  expect(run.code).toBe(1);
});

test('every query of the Grafana dashboard answers with data on the real Prometheus', async () => {
  const dashboard = JSON.parse(readFileSync('deploy/monitoring/grafana-dashboard.json', 'utf8')) as {
    panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
  };
  // Grafana's own variables, set as a panel sets them.
  const grafana = (expr: string) => expr.replaceAll('$__rate_interval', '1m').replaceAll('$__range', '15m').replaceAll('$__interval', '15s');
  const empty: string[] = [];
  for (const panel of dashboard.panels)
    for (const { expr } of panel.targets ?? []) if ((await prometheus.query(grafana(expr))).length === 0) empty.push(`${panel.title}: ${expr}`);
  expect(empty).toEqual([]);
});
