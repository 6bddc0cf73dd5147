import { once } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { freePort, randomSecret, startApp } from '../../../scripts/processes.mjs';

export type OwnApp = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<number | null> };

/**
 * A second instance of the built app, for tests that stop it, break its provider or change its
 * settings without touching the app every other test shares. It talks to the shared stand-in
 * unless `PROVIDER_URL` says otherwise.
 */
export async function startOwnApp(env: Record<string, string> = {}): Promise<OwnApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
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
