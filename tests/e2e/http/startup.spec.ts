import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/processes.mjs';
import { expect, httpTest as test } from '../support/fixtures';

/** Starts the built server with the given environment and collects what it prints until it exits. */
async function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = String(await freePort());
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['.next/standalone/entry.mjs'], {
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

test('operators replace a logo by dropping a file into BRAND_DIR: no rebuild', async ({ request }) => {
  const brandDir = mkdtempSync(path.join(tmpdir(), 'brand-'));
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  writeFileSync(path.join(brandDir, 'product.png'), png);
  const port = String(await freePort());
  const child = spawn(process.execPath, ['.next/standalone/entry.mjs'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: port,
      HOSTNAME: '127.0.0.1',
      NODE_ENV: 'production',
      PROVIDER_URL: process.env.E2E_STANDIN_URL!,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'a-test-secret-that-is-long-enough-for-sealing',
      CLIENT_ID: 'c',
      CLIENT_SECRET: 's',
      BRAND_DIR: brandDir,
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start')), 15_000);
      child.stdout.on('data', (chunk) => {
        if (/Ready in/.test(String(chunk))) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const custom = await request.get(`http://127.0.0.1:${port}/brand/product`);
    expect(custom.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await custom.body())).toEqual(png);
    const fallback = await request.get(`http://127.0.0.1:${port}/brand/manufacturer`);
    expect(fallback.headers()['content-type']).toBe('image/svg+xml');
  } finally {
    child.kill('SIGTERM');
  }
});
