// tenant:check as a synthetic sign-in (docs/operations.md "Synthetic sign-in"): its result as
// Prometheus metrics, pushed to a Pushgateway (TENANT_CHECK_PUSHGATEWAY_URL) because the CronJob's
// pod is gone before any scrape. The group is the job `signin_synthetic` and the deployment, and
// each push replaces only the metrics it carries (POST), so the time of the last success survives
// the failures after it. Labels are check names, fixed in the script; nothing of the account.
import { randomBytes } from 'node:crypto';
import { Gauge, Pushgateway, Registry } from 'prom-client';
import type { Check } from './tenant-report.ts';

export const SYNTHETIC_JOB = 'signin_synthetic';

/**
 * The synthetic sign-in's job holds none of the deployment's secrets
 * (deploy/kubernetes/synthetic-signin.yaml): a client of its own at the tenant
 * (TENANT_CHECK_CLIENT_ID, TENANT_CHECK_CLIENT_SECRET), set up like the deployment's, exchanges the
 * test account's code; the session secret seals nothing that outlives the run, so a random one
 * stands in when none is given. Run by hand with the deployment's settings, nothing changes.
 */
export function takeSyntheticCredentials(env: NodeJS.ProcessEnv): void {
  if (env.TENANT_CHECK_CLIENT_ID) env.CLIENT_ID = env.TENANT_CHECK_CLIENT_ID;
  if (env.TENANT_CHECK_CLIENT_SECRET) env.CLIENT_SECRET = env.TENANT_CHECK_CLIENT_SECRET;
  env.SESSION_SECRET ||= randomBytes(32).toString('base64url');
}

/** The synthetic sign-in's metrics, in a registry of their own (also read by the monitoring test). */
export function syntheticMetrics() {
  const register = new Registry();
  const gauge = <L extends string = never>(name: string, help: string, labelNames: L[] = []) => new Gauge<L>({ name, help, labelNames, registers: [register] });
  return {
    register,
    success: gauge(
      'signin_synthetic_success',
      'Whether the last synthetic sign-in passed: no check failed and the test account reached tokens (1) or not (0).',
    ),
    signedIn: gauge('signin_synthetic_signed_in', 'Whether the last synthetic sign-in reached tokens, second factor included (1) or not (0).'),
    checkFailed: gauge('signin_synthetic_check_failed', 'Each check of the last synthetic sign-in: failed (1) or not (0).', ['check']),
    duration: gauge('signin_synthetic_duration_seconds', 'How long the last synthetic sign-in took, in seconds.'),
    lastRun: gauge('signin_synthetic_last_run_timestamp_seconds', 'When the synthetic sign-in last ran (Unix time).'),
    lastSuccess: gauge('signin_synthetic_last_success_timestamp_seconds', 'When the synthetic sign-in last passed (Unix time).'),
  };
}

/** Passed: no check failed and, with a test account, the sign-in reached tokens. */
export function syntheticPassed(checks: Check[], withAccount: boolean): boolean {
  const signedIn = checks.find((c) => c.name === 'Sign-in to tokens')?.result === 'PASS';
  return checks.every((c) => c.result !== 'FAIL') && (!withAccount || signedIn);
}

export async function pushSyntheticResult(args: {
  gatewayUrl: string;
  deployment: string;
  checks: Check[];
  withAccount: boolean;
  startedAt: number;
}): Promise<void> {
  const m = syntheticMetrics();
  const now = Date.now();
  const passed = syntheticPassed(args.checks, args.withAccount);
  m.success.set(passed ? 1 : 0);
  m.signedIn.set(args.checks.some((c) => c.name === 'Sign-in to tokens' && c.result === 'PASS') ? 1 : 0);
  // With an account, a sign-in that did not reach tokens counts as that row failing, so the
  // runbook's `signin_synthetic_check_failed == 1` names where it stopped.
  const failed = (c: Check) => c.result === 'FAIL' || (args.withAccount && c.name === 'Sign-in to tokens' && c.result !== 'PASS');
  for (const check of args.checks) m.checkFailed.set({ check: check.name }, failed(check) ? 1 : 0);
  m.duration.set((now - args.startedAt) / 1000);
  m.lastRun.set(now / 1000);
  // Left out on a failure: the gateway keeps the last success's time from an earlier push.
  if (passed) m.lastSuccess.set(now / 1000);
  else m.register.removeSingleMetric('signin_synthetic_last_success_timestamp_seconds');
  const gateway = new Pushgateway(args.gatewayUrl, { timeout: 10_000 }, m.register);
  await gateway.pushAdd({ jobName: SYNTHETIC_JOB, groupings: { deployment: args.deployment } });
}
