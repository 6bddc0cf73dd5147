import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { configureStandin, freePort, randomSecret, startApp, startStandin } from '../../../scripts/processes.mjs';

export type OwnApp = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<number | null> };

/**
 * A second instance of the built app, for tests that stop it, break its provider or change its
 * settings without touching the app every other test shares. It talks to the shared stand-in
 * unless `PROVIDER_URL` says otherwise.
 */
export async function startOwnApp(env: Record<string, string> = {}): Promise<OwnApp> {
  return startOwnAppAt(await freePort(), env);
}

async function startOwnAppAt(port: number, env: Record<string, string>, host = '127.0.0.1'): Promise<OwnApp> {
  const url = `http://${host}:${port}`;
  let output = '';
  const child = await startApp({
    port,
    env: {
      PROVIDER_URL: process.env.E2E_STANDIN_URL!,
      PUBLIC_URL: url,
      CLIENT_ID: process.env.E2E_CLIENT_ID!,
      CLIENT_SECRET: 'not-used-by-these-tests',
      SESSION_SECRET: randomSecret(),
      PROVIDER_TIMEOUT_MS: '2000',
      LOG_LEVEL: 'info',
      ...env,
    },
    onOutput: (text) => (output += text),
  });
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}

/** A fresh sign-in request at the stand-in (the id the provider would put in the login URL). */
export async function newRequestId(): Promise<string> {
  const authorize = new URL('/authz-srv/authz', process.env.E2E_STANDIN_URL);
  authorize.search = new URLSearchParams({
    client_id: process.env.E2E_CLIENT_ID!,
    redirect_uri: `${process.env.E2E_APP_URL}/auth/callback`,
    response_type: 'code',
    scope: 'openid',
  }).toString();
  const response = await fetch(authorize, { redirect: 'manual' });
  return new URL(response.headers.get('location')!).searchParams.get('requestId')!;
}

export type OwnTenant = OwnApp & { standinUrl: string };

/**
 * An app with a stand-in tenant of its own (its hosted pages pointed at this app with
 * tenant:setup), for tests whose whole flows must stay on an app with settings of its own: the
 * shared stand-in sends the browser to the shared app's pages.
 */
export async function startOwnTenant(env: Record<string, string> = {}, { host = '127.0.0.1' }: { host?: '127.0.0.1' | 'localhost' } = {}): Promise<OwnTenant> {
  const [standinPort, appPort] = await Promise.all([freePort(), freePort()]);
  // WebAuthn needs a domain for its relying-party id (an IP address is none): passkey tests use localhost.
  const url = `http://${host}:${appPort}`;
  const standinUrl = `http://127.0.0.1:${standinPort}`;
  const clientId = 'sales-portal-own';
  const clientSecret = randomSecret();
  const adminSecret = randomSecret();
  const standin = await startStandin({ standinPort, appUrl: url, clientId, clientSecret, adminSecret });
  try {
    await configureStandin({ standinUrl, appUrl: url, adminSecret, passkeys: env.PASSKEYS === 'on' });
    const app = await startOwnAppAt(appPort, { PROVIDER_URL: standinUrl, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret, ...env }, host);
    return {
      ...app,
      standinUrl,
      async stop() {
        const code = await app.stop();
        standin.kill('SIGTERM');
        return code;
      },
    };
  } catch (error) {
    standin.kill('SIGTERM');
    throw error;
  }
}
