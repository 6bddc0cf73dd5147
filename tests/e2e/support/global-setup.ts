import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { DEMO_FOOTER_LINKS, freePort, randomSecret, startApp, startStandin } from '../../../scripts/processes.mjs';

/**
 * Starts the stand-in provider and the built standalone app on free loopback ports, hands their
 * URLs to the tests through the environment, and returns the teardown that stops both.
 * The app's log goes to a file so tests can check what it wrote (reference ids, no secrets).
 */
export default async function globalSetup() {
  if (!existsSync('.next/standalone/entry.mjs')) {
    throw new Error('No build found: run `npm run build` first (npm test does this).');
  }
  mkdirSync('test-results', { recursive: true });
  const appLogPath = 'test-results/app.log';
  const appLog = createWriteStream(appLogPath, { flags: 'w' });
  const standinLog = createWriteStream('test-results/standin.log', { flags: 'w' });

  const [appPort, standinPort] = await Promise.all([freePort(), freePort()]);
  const appUrl = `http://127.0.0.1:${appPort}`;
  const standinUrl = `http://127.0.0.1:${standinPort}`;
  const clientId = 'sales-portal-e2e';
  const clientSecret = randomSecret();

  const standin = await startStandin({
    standinPort,
    appUrl,
    clientId,
    clientSecret,
    onOutput: (text) => standinLog.write(text),
  });
  const app = await startApp({
    port: appPort,
    env: {
      PROVIDER_URL: standinUrl,
      PUBLIC_URL: appUrl,
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      SESSION_SECRET: randomSecret(),
      PROVIDER_TIMEOUT_MS: '2000',
      // Fault tests share this app with everything running beside them; the breaker is proven
      // on an app of its own (http/operations.spec.ts), so here it only trips on a real outage.
      PROVIDER_BREAKER_THRESHOLD: '50',
      FOOTER_LINKS: DEMO_FOOTER_LINKS,
      MFA_RESEND_SECONDS: '3',
      SELF_SERVICE_URL: 'https://www.example.com/profile',
      PORTAL_URL: 'https://www.example.com/portal',
      LOG_LEVEL: 'info',
    },
    onOutput: (text) => appLog.write(text),
  });

  process.env.E2E_APP_URL = appUrl;
  process.env.E2E_STANDIN_URL = standinUrl;
  process.env.E2E_APP_LOG = appLogPath;
  process.env.E2E_CLIENT_ID = clientId;

  return async () => {
    app.kill('SIGTERM');
    standin.kill('SIGTERM');
    appLog.end();
    standinLog.end();
  };
}
