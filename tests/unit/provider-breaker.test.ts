import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { metrics } from '../../server/metrics.mjs';
import { requestContextStorage } from '../../server/request-context.mjs';

/**
 * The circuit breaker against a real loopback server that hangs up on every request (docs/operations.md
 * "Provider trouble"): it counts failures by sign-in, so one sign-in's trouble never fails anyone else's;
 * and its gauges (signin_provider_breaker_open, signin_provider_calls_in_flight) show what it holds.
 */
let server: Server;
let hits = 0;
let answer = false;
/** Calls the server holds until the test lets them go (while `hold` is set). */
let hold = false;
const held: ServerResponse[] = [];
const accept = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"success":true,"status":200,"data":{}}');
};

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{}');
    }
    hits++;
    if (hold) held.push(res);
    else if (answer) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true,"status":200,"data":{}}');
    } else req.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PROVIDER_BREAKER_THRESHOLD = '3';
  process.env.PROVIDER_BREAKER_OPEN_MS = '1000';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Every test starts with a fresh transport (a closed breaker) and a provider that hangs up.
beforeEach(() => {
  vi.resetModules();
  // The breaker and bulkheads live on globalThis (one per process, however often Next bundles them).
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('signin.providerLimits')];
  hits = 0;
  answer = false;
  hold = false;
});

const transport = () => import('@/lib/provider/http');
const post = (signIn?: string) => async () =>
  (await transport()).callProvider({ service: 'public-srv', operation: 'test.post', method: 'POST', path: '/x', body: {}, signIn });
const get = (signIn?: string) => async () =>
  (await transport()).callProvider({ service: 'public-srv', operation: 'test.get', method: 'GET', path: '/y', signIn });
const inRequest = <T>(reqId: string, run: () => Promise<T>) => requestContextStorage().run({ reqId, remoteAddress: undefined, forwardedFor: undefined }, run);
const fromClient = <T>(address: string, run: () => Promise<T>) =>
  requestContextStorage().run({ reqId: `req-${address}`, remoteAddress: address, forwardedFor: undefined }, run);

/** Sign-ins the provider has answered (real ones): only their failures count as themselves. */
async function answered(...signIns: string[]) {
  answer = true;
  for (const signIn of signIns) await post(signIn)();
  answer = false;
  hits = 0;
}

test('five calls of one sign-in without an answer count once: the breaker stays closed and another sign-in goes through', async () => {
  const { breakerState } = await transport();
  await answered('sign-in-a');
  for (let i = 0; i < 5; i++) await expect(post('sign-in-a')()).rejects.toMatchObject({ kind: 'unreachable' });
  expect(hits).toBe(5); // every one of them was tried: none failed fast
  expect(breakerState()).toEqual({ open: false, failures: 1 });

  answer = true;
  await expect(post('sign-in-b')()).resolves.toMatchObject({ status: 200 });
  expect(breakerState()).toEqual({ open: false, failures: 0 });
});

test('after three sign-ins without an answer, calls fail at once; after the pause one call tries again and an answer closes it', async () => {
  const { breakerState } = await transport();
  await answered('a', 'b', 'c');
  for (const signIn of ['a', 'b', 'c']) await expect(post(signIn)()).rejects.toMatchObject({ kind: 'unreachable' });
  expect(hits).toBe(3); // POSTs are never retried
  expect(breakerState()).toEqual({ open: true, failures: 3 });

  await expect(post('d')()).rejects.toMatchObject({ kind: 'unreachable', cause: new Error('circuit open') });
  await expect(get('e')()).rejects.toMatchObject({ kind: 'unreachable' });
  expect(hits).toBe(3); // nothing reached the provider while open

  // After the pause exactly one call tries again (a GET counts once, retry included); calls
  // beside it still fail fast; it fails, so the breaker stays open.
  await new Promise((resolve) => setTimeout(resolve, 1_050));
  const trial = get('f')();
  await expect(post('g')()).rejects.toMatchObject({ cause: new Error('circuit open') });
  await expect(trial).rejects.toMatchObject({ kind: 'unreachable' });
  expect(hits).toBe(5); // the trial GET and its one retry
  expect(breakerState().open).toBe(true);

  await new Promise((resolve) => setTimeout(resolve, 1_050));
  answer = true;
  await expect(get('h')()).resolves.toMatchObject({ status: 200 });
  expect(hits).toBe(6);
  expect(breakerState()).toEqual({ open: false, failures: 0 });
});

test('a call that names no sign-in counts as its HTTP request, and outside a request as one "anonymous" caller', async () => {
  const { breakerState } = await transport();
  await inRequest('req-one-12345678', async () => {
    for (let i = 0; i < 3; i++) await expect(post()()).rejects.toMatchObject({ kind: 'unreachable' });
  });
  expect(breakerState()).toEqual({ open: false, failures: 1 });
  await inRequest('req-two-12345678', () => expect(post()()).rejects.toMatchObject({ kind: 'unreachable' }));
  expect(breakerState()).toEqual({ open: false, failures: 2 });
  for (let i = 0; i < 2; i++) await expect(post()()).rejects.toMatchObject({ kind: 'unreachable' });
  expect(breakerState()).toEqual({ open: true, failures: 3 });
});

test('/readyz is not ready while the breaker is open, and ready again once an answer closes it', async () => {
  const { checkReadiness } = await import('@/lib/readiness');
  expect(await checkReadiness()).toEqual({ ready: true, checks: { config: 'ok', provider: 'ok', process: 'ok', limits: 'memory' } });
  await answered('a', 'b', 'c');
  for (const signIn of ['a', 'b', 'c']) await expect(post(signIn)()).rejects.toMatchObject({ kind: 'unreachable' });
  expect(await checkReadiness()).toEqual({ ready: false, checks: { config: 'ok', provider: 'circuit-open', process: 'ok', limits: 'memory' } });

  await new Promise((resolve) => setTimeout(resolve, 1_050));
  answer = true;
  await expect(post('d')()).resolves.toMatchObject({ status: 200 });
  expect(await checkReadiness()).toEqual({ ready: true, checks: { config: 'ok', provider: 'ok', process: 'ok', limits: 'memory' } });
});

test('ids the provider never answered (made up, or a page opened with them) count by client: one client cannot open the breaker', async () => {
  const { breakerState } = await transport();
  await fromClient('203.0.113.66', async () => {
    for (let i = 0; i < 10; i++) await expect(post(`invented-${i}`)()).rejects.toMatchObject({ kind: 'unreachable' });
  });
  expect(breakerState()).toEqual({ open: false, failures: 1 });
  // A real sign-in elsewhere still goes through.
  answer = true;
  await expect(post('real-sign-in')()).resolves.toMatchObject({ status: 200 });
});

test('an outage that new visitors from several clients meet still opens it', async () => {
  const { breakerState } = await transport();
  for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
    await fromClient(address, () => expect(post(`first-page-${address}`)()).rejects.toMatchObject({ kind: 'unreachable' }));
  }
  expect(breakerState()).toEqual({ open: true, failures: 3 });
});

/** The gauges' values, as /metrics shows them. */
async function gauge(name: 'signin_provider_breaker_open' | 'signin_provider_calls_in_flight'): Promise<number> {
  await transport(); // lib/provider/limits.ts tells the gauges where to read
  return (await metrics().register.getSingleMetric(name)!.get()).values[0]!.value;
}

test('the gauges: signin_provider_breaker_open is 1 while the breaker is open and 0 once an answer closes it', async () => {
  expect(await gauge('signin_provider_breaker_open')).toBe(0);
  for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
    await fromClient(address, () => expect(post(`first-page-${address}`)()).rejects.toMatchObject({ kind: 'unreachable' }));
  }
  expect(await gauge('signin_provider_breaker_open')).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 1_050));
  answer = true;
  await post('after-the-pause')();
  expect(await gauge('signin_provider_breaker_open')).toBe(0);
});

test('the gauges: signin_provider_calls_in_flight counts the calls under way, and is 0 when they are answered', async () => {
  expect(await gauge('signin_provider_calls_in_flight')).toBe(0);
  hold = true;
  const calls = [fromClient('198.51.100.1', post('slow-a')), fromClient('198.51.100.2', post('slow-b'))];
  await expect.poll(() => held.length).toBe(2);
  expect(await gauge('signin_provider_calls_in_flight')).toBe(2);
  for (const res of held.splice(0)) accept(res);
  await Promise.all(calls);
  expect(await gauge('signin_provider_calls_in_flight')).toBe(0);
});
