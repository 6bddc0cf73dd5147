import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { machineBetween, machineSnapshot, processCpuSeconds } from '../../../scripts/machine-time.mjs';
import { configureStandin, DEMO_FOOTER_LINKS, freePort, randomSecret, startApp, startStandin } from '../../../scripts/processes.mjs';

/**
 * Starts, for each provider API generation (docs/provider-contract.md §3), a stand-in and the
 * built standalone app on free loopback ports; points each stand-in's hosted pages at its app with
 * the operator's own `tenant:setup --apply`; hands the URLs to the tests through the environment;
 * and returns the teardown that stops them all. Each app's log goes to a file so tests can check
 * what it wrote (reference ids, no secrets).
 */
type Generation = 'current' | 'legacy';

export default async function globalSetup() {
  if (!existsSync('.next/standalone/entry.mjs')) {
    throw new Error('No build found: run `npm run build` first (npm test does this).');
  }
  mkdirSync('test-results', { recursive: true });
  const started = machineSnapshot();
  const clientId = 'sales-portal-e2e';
  const [current, legacy] = await Promise.all([startPair('current', clientId), startPair('legacy', clientId)]);

  process.env.E2E_APP_URL = current.appUrl;
  process.env.E2E_STANDIN_URL = current.standinUrl;
  process.env.E2E_APP_LOG = current.appLogPath;
  process.env.E2E_LEGACY_APP_URL = legacy.appUrl;
  process.env.E2E_LEGACY_STANDIN_URL = legacy.standinUrl;
  process.env.E2E_LEGACY_APP_LOG = legacy.appLogPath;
  process.env.E2E_CLIENT_ID = clientId;

  return async () => {
    // The run's machine figures (docs/testing.md "How long it takes"), read before the shared
    // servers stop: their CPU is the part of the run the tests' own servers cost.
    const servers = { app: current.cpu().app, standin: current.cpu().standin, legacyApp: legacy.cpu().app, legacyStandin: legacy.cpu().standin };
    writeFileSync(
      'test-results/machine.json',
      `${JSON.stringify({ ...machineBetween(started, machineSnapshot()), sharedServersCpuSeconds: servers }, null, 2)}\n`,
    );
    await Promise.all([current.stop(), legacy.stop()]);
  };
}

async function startPair(generation: Generation, clientId: string) {
  const suffix = generation === 'current' ? '' : '-legacy';
  const appLogPath = `test-results/app${suffix}.log`;
  const appLog = createWriteStream(appLogPath, { flags: 'w' });
  const standinLog = createWriteStream(`test-results/standin${suffix}.log`, { flags: 'w' });

  const [appPort, standinPort] = await Promise.all([freePort(), freePort()]);
  const appUrl = `http://127.0.0.1:${appPort}`;
  const standinUrl = `http://127.0.0.1:${standinPort}`;
  const clientSecret = randomSecret();
  const adminSecret = randomSecret();

  const standin = await startStandin({
    standinPort,
    appUrl,
    clientId,
    clientSecret,
    adminSecret,
    // MFA before the group selection, the documented order; accounts may ask the other way round.
    extraEnv: { STANDIN_API: generation, STANDIN_PRECHECK_ORDER: 'mfa-first' },
    onOutput: (text) => standinLog.write(text),
  });
  await configureStandin({ standinUrl, appUrl, adminSecret });
  const app = await startApp({
    port: appPort,
    env: {
      PROVIDER_URL: standinUrl,
      PUBLIC_URL: appUrl,
      PROVIDER_API: generation,
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      SESSION_SECRET: randomSecret(),
      PROVIDER_TIMEOUT_MS: '2000',
      // Fault tests share this app with everything running beside them; the breaker is proven
      // on an app of its own (http/operations.spec.ts), so here it only trips on a real outage.
      PROVIDER_BREAKER_THRESHOLD: '50',
      // One client address for the whole suite (see RATE_LIMITS below); the per-client bulkhead
      // is proven on an app of its own (http/blast-radius.spec.ts).
      PROVIDER_MAX_CALLS_PER_CLIENT: '1000',
      FOOTER_LINKS: DEMO_FOOTER_LINKS,
      MFA_RESEND_SECONDS: '3',
      // Every test reaches this app from one address, and some share the demo accounts: the
      // per-address and per-account limits would be spent by the suite itself. Their defaults
      // are proven on apps of their own (http/abuse.spec.ts); the per-code and send budgets stay.
      RATE_LIMITS: JSON.stringify({
        'email.address': '100000/60',
        'email.account': '100000/60',
        'password.address': '100000/60',
        'password.account': '100000/60',
        'code.address': '100000/60',
        'send.address': '100000/60',
        'entry.address': '100000/60',
        'invitation.address': '100000/60',
      }),
      // The closed registration page names whom to ask (the brand's sales contact).
      BRAND_NAME: 'Kitchen Works',
      SELF_SERVICE_URL: 'https://www.example.com/profile',
      SUPPORT_URL: 'https://www.example.com/support',
      SUPPORT_EMAIL: 'support@example.com',
      // The stand-in lists google before its SAML provider; the brand's own SSO is put first.
      IDENTITY_PROVIDERS_FIRST: 'acme-saml',
      LOG_LEVEL: 'info',
    },
    onOutput: (text) => appLog.write(text),
  });
  return {
    appUrl,
    standinUrl,
    appLogPath,
    cpu: () => ({ app: processCpuSeconds(app.pid), standin: processCpuSeconds(standin.pid) }),
    async stop() {
      // Waited for, so no server outlives the run (and its port and log stay its own until then).
      await Promise.all([stopChild(app), stopChild(standin)]);
      appLog.end();
      standinLog.end();
    },
  };
}

/** SIGTERM, then SIGKILL if the process has not exited 10 s later; resolves once it has exited. */
async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
