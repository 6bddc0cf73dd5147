import { spawn } from 'node:child_process';
import { freePort } from '../../../scripts/processes.mjs';
import { expect, httpTest as test } from '../support/fixtures';

/** Starts the built server with the given environment and collects what it prints until it exits. */
async function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = String(await freePort());
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['.next/standalone/server.js'], {
      env: { PATH: process.env.PATH ?? '', PORT: port, HOSTNAME: '127.0.0.1', NODE_ENV: 'production', ...env },
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test('a server without configuration stops at start and names every missing variable', async () => {
  const { code, output } = await startServer({});
  expect(code).toBe(1);
  for (const name of ['PROVIDER_URL', 'PUBLIC_URL', 'SESSION_SECRET', 'CLIENT_ID', 'CLIENT_SECRET']) {
    expect(output).toContain(`${name}: missing`);
  }
});

test('bad values are named with their reason, and secrets are not echoed', async () => {
  const { code, output } = await startServer({
    PROVIDER_URL: 'http://tenant.example.com',
    PUBLIC_URL: 'https://login.example.com',
    SESSION_SECRET: 'too-short-secret-value',
    CLIENT_ID: 'c',
    CLIENT_SECRET: 'client-secret-value',
  });
  expect(code).toBe(1);
  expect(output).toContain('PROVIDER_URL: must use https');
  expect(output).toContain('SESSION_SECRET');
  expect(output).not.toContain('too-short-secret-value');
  expect(output).not.toContain('client-secret-value');
});
