import { freePort } from '../../../scripts/processes.mjs';
import { expect, httpTest as test } from '../support/fixtures';
import { newRequestId, startOwnApp } from '../support/own-app';

const JSON_LINES = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test.describe('health', () => {
  test('/healthz and /readyz: 200, no-store, no version strings', async ({ request }) => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toContain('no-store');
      expect(response.headers()['x-powered-by']).toBeUndefined();
      const body = await response.text();
      expect(body).not.toMatch(/next|16\.\d|version|node/i);
    }
    expect(await (await request.get('/readyz')).json()).toEqual({ status: 'ok', checks: { config: 'ok', provider: 'ok', process: 'ok', limits: 'memory' } });
  });

  test('/readyz is 503 while the provider is unreachable; /healthz stays 200', async () => {
    const app = await startOwnApp({ PROVIDER_URL: `http://127.0.0.1:${await freePort()}` });
    try {
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'unavailable', checks: { provider: 'unreachable' } });
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});

test.describe('provider down or slow', () => {
  test('unreachable: the translated "isn\'t responding" page with a reference, Try again and status 503, never a success', async ({ request, standin }) => {
    const requestId = await newRequestId();
    await standin.fault({ pathIncludes: requestId, mode: 'close' });
    const response = await request.get(`/?requestId=${requestId}`, { headers: { 'accept-language': 'de-DE' } });
    expect(response.status()).toBe(503);
    expect(response.url()).toMatch(/\/error\?ref=[A-F0-9]{10}&outage=503\.\d{10}\.[\w-]{22}&retry=[^&]+$/);
    // Try again leads back to the step that failed.
    expect(new URL(response.url()).searchParams.get('retry')).toBe(`/?requestId=${requestId}`);
    expect(await response.text()).toMatch(/<h1\b[^>]*>Der Anmeldedienst antwortet nicht<\/h1>/);
  });

  test('nobody can have the error page answer 5xx by typing its address: only a signed outage counts', async ({ request, standin }) => {
    const requestId = await newRequestId();
    await standin.fault({ pathIncludes: requestId, mode: 'close' });
    const genuine = await request.get(`/?requestId=${requestId}`);
    expect(genuine.status()).toBe(503);
    const { searchParams } = new URL(genuine.url());
    const [ref, outage] = [searchParams.get('ref')!, searchParams.get('outage')!];
    const [, until, mac] = outage.split('.');

    const forged = [
      `/error?ref=${ref}&status=503`,
      `/error?ref=ABCDEF0123&outage=${outage}`,
      `/error?ref=${ref}&outage=504.${until}.${mac}`,
      `/error?ref=${ref}&outage=503.${Number(until) + 60}.${mac}`,
      `/error?ref=${ref}&outage=503.${until}.${'A'.repeat(22)}`,
      `/error?status=500`,
    ];
    for (const path of forged) expect((await request.get(path)).status(), path).toBe(200);
  });

  test('slow beyond the deadline: 504 within the timeout, not a hang', async ({ request, standin }) => {
    const requestId = await newRequestId();
    await standin.fault({ pathIncludes: requestId, mode: 'delay', delayMs: 5_000 });
    const started = Date.now();
    const response = await request.get(`/?requestId=${requestId}`);
    expect(response.status()).toBe(504);
    // Two attempts of a GET at most, each cut at PROVIDER_TIMEOUT_MS (2 s) in this run.
    expect(Date.now() - started).toBeLessThan(4_900);
  });

  test('the circuit breaker: after repeated failures the app fails fast and says so in the log', async () => {
    const app = await startOwnApp({ PROVIDER_URL: `http://127.0.0.1:${await freePort()}`, PROVIDER_BREAKER_THRESHOLD: '3', TRUSTED_PROXIES: 'loopback' });
    try {
      const statuses: number[] = [];
      // New visitors from several clients (failures of ids never answered count per client).
      for (let i = 0; i < 4; i++) {
        statuses.push((await fetch(`${app.url}/?requestId=breaker-${i}-abcdefgh`, { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } })).status);
      }
      expect(statuses).toEqual([503, 503, 503, 503]);
      const lines = JSON_LINES(app.output());
      expect(lines.some((l) => l.event === 'provider-circuit-open')).toBe(true);
      const failures = lines.filter((l) => l.msg === 'request failed');
      expect(failures.at(-1)).toMatchObject({ provider: { kind: 'unreachable' } });
    } finally {
      await app.stop();
    }
  });
});

test.describe('request log', () => {
  test('one JSON line per request with method, path without query, status, duration and the request id', async ({ request, appLog }) => {
    const id = `test-${Date.now()}-reqlog`;
    const response = await request.get('/login?requestId=some-secret-query-value', { headers: { 'x-request-id': id }, maxRedirects: 0 });
    expect(response.headers()['x-request-id']).toBe(id);
    await expect
      .poll(() => JSON_LINES(appLog()).find((l) => l.event === 'request' && l.reqId === id))
      .toMatchObject({
        method: 'GET',
        path: '/login',
        status: response.status(),
      });
    const line = JSON_LINES(appLog()).find((l) => l.reqId === id)!;
    expect(typeof line.durationMs).toBe('number');
    expect(appLog()).not.toContain('some-secret-query-value');

    const generated = (await request.get('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } })).headers()['x-request-id'];
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("Next's own output is JSON lines too, and what it says about a request carries that request's id", async () => {
    const app = await startOwnApp();
    try {
      const id = `test-${Date.now()}-nextlog`;
      // A malformed action id: Next warns about it (console.warn) with the error and its stack.
      const response = await fetch(`${app.url}/error`, {
        method: 'POST',
        headers: { origin: app.url, 'next-action': 'x', 'content-type': 'text/plain', 'x-request-id': id },
        body: '[]',
      });
      expect(response.status).toBe(400);
      await expect.poll(() => JSON_LINES(app.output()).some((l) => l.event === 'request' && l.reqId === id)).toBe(true);
      const lines = app
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '');
      expect(
        lines.filter((line) => !isJson(line)),
        'lines that are not JSON',
      ).toEqual([]);
      const parsed = JSON_LINES(app.output());
      expect(parsed.find((l) => /Ready in/.test(String(l.msg)))).toMatchObject({ level: 30 });
      const complaint = parsed.find((l) => l.event !== 'request' && l.reqId === id);
      expect(complaint).toMatchObject({
        level: 40,
        source: 'console',
        msg: expect.stringMatching(/Server Reference ID/),
        err: { message: expect.stringMatching(/Server Reference ID/), stack: expect.stringMatching(/\n\s+at /) },
      });
    } finally {
      await app.stop();
    }
  });
});

function isJson(line: string): boolean {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
}

test('graceful shutdown: the request in flight completes, new connections are refused, exit 0', async ({ standin }) => {
  // A deadline well above the delay, so a loaded machine cannot turn the page into an error
  // redirect (which fetch would follow to a server that is, rightly, no longer listening).
  const app = await startOwnApp({ PROVIDER_TIMEOUT_MS: '8000' });
  const requestId = await newRequestId();
  await standin.fault({ pathIncludes: requestId, mode: 'delay', delayMs: 1_500 });
  const inFlight = fetch(`${app.url}/?requestId=${requestId}`, { redirect: 'manual' });
  // In flight for sure: the app is waiting on the (delayed) provider for this very request.
  await expect.poll(async () => (await standin.calls(requestId)).length, { intervals: [50] }).toBeGreaterThan(0);
  const exited = new Promise<number | null>((resolve) => app.child.once('exit', resolve));
  app.child.kill('SIGTERM');
  await expect.poll(() => app.output().includes('"event":"shutdown"'), { intervals: [20] }).toBe(true);
  await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('E\u2011mail address');
  expect(await exited).toBe(0);
  const lines = JSON_LINES(app.output());
  expect(lines.find((l) => l.event === 'shutdown')).toMatchObject({ signal: 'SIGTERM', inFlight: 1 });
  expect(lines.some((l) => l.event === 'stopped' && l.code === 0)).toBe(true);
});
