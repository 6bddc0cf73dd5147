import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { metrics } from '../../server/metrics.mjs';
import { requestContextStorage } from '../../server/request-context.mjs';

/**
 * The circuit breaker against a real loopback server (docs/operations.md "Provider trouble"): it
 * counts failures by sign-in once the provider has accepted that sign-in, and by client address
 * otherwise, so neither one sign-in's trouble nor one client's made-up or refused ids fail anyone
 * else's; and its gauges (signin_provider_breaker_open, signin_provider_calls_in_flight) show
 * what it holds.
 */
let server: Server;
let hits = 0;
/** How the server meets the next calls: hang up, accept, refuse ("no such request"), or hold until let go. */
let mode: 'close' | 'answer' | 'refuse' | 'hold' = 'close';
const held: ServerResponse[] = [];

const accept = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"success":true,"status":200,"data":{}}');
};

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') return accept(res);
    hits++;
    if (mode === 'answer') accept(res);
    else if (mode === 'hold') held.push(res);
    else if (mode === 'refuse') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"success":false,"status":400,"error":{"code":10001,"error":"Invalid request id"}}');
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
  mode = 'close';
});

const transport = () => import('@/lib/provider/http');
const post = (signIn?: string) => async () =>
  (await transport()).callProvider({ service: 'public-srv', operation: 'test.post', method: 'POST', path: '/x', body: {}, signIn });
const get = (signIn?: string) => async () =>
  (await transport()).callProvider({ service: 'public-srv', operation: 'test.get', method: 'GET', path: '/y', signIn });
/** One HTTP request from `address` (the socket's peer: no proxy is trusted here). */
const fromClient = <T>(address: string, run: () => Promise<T>) =>
  requestContextStorage().run({ reqId: `req-${Math.random().toString(36).slice(2, 12)}`, remoteAddress: address, forwardedFor: undefined }, run);
const pause = () => new Promise((resolve) => setTimeout(resolve, 1_050));

/** Sign-ins the provider has accepted (real ones): only their failures count as themselves. */
async function accepted(...signIns: string[]) {
  mode = 'answer';
  for (const signIn of signIns) await post(signIn)();
  mode = 'close';
  hits = 0;
}

/** The gauges' values, as /metrics shows them. */
async function gauge(name: 'signin_provider_breaker_open' | 'signin_provider_calls_in_flight'): Promise<number> {
  await transport(); // lib/provider/limits.ts tells the gauges where to read
  return (await metrics().register.getSingleMetric(name)!.get()).values[0]!.value;
}

test('five calls of one sign-in without an answer count once: the breaker stays closed and another sign-in goes through', async () => {
  const { breakerState } = await transport();
  await accepted('sign-in-a');
  for (let i = 0; i < 5; i++) await expect(post('sign-in-a')()).rejects.toMatchObject({ kind: 'unreachable' });
  expect(hits).toBe(5); // every one of them was tried: none failed fast
  expect(breakerState()).toEqual({ open: false, failures: 1 });

  mode = 'answer';
  await expect(post('sign-in-b')()).resolves.toMatchObject({ status: 200 });
  expect(breakerState()).toEqual({ open: false, failures: 0 });
});

test('after three sign-ins without an answer, calls fail at once; after the pause one call tries again; an answer closes it', async () => {
  const { breakerState } = await transport();
  await accepted('a', 'b', 'c');
  for (const [signIn, address] of [
    ['a', '198.51.100.1'],
    ['b', '198.51.100.2'],
    ['c', '198.51.100.3'],
  ] as const) {
    await fromClient(address, () => expect(post(signIn)()).rejects.toMatchObject({ kind: 'unreachable' }));
  }
  expect(hits).toBe(3); // POSTs are never retried
  expect(breakerState()).toEqual({ open: true, failures: 3 });

  await expect(post('d')()).rejects.toMatchObject({ kind: 'unreachable', cause: new Error('circuit open') });
  await expect(get('e')()).rejects.toMatchObject({ kind: 'unreachable' });
  expect(hits).toBe(3); // nothing reached the provider while open

  // After the pause exactly one call tries again (a GET counts once, retry included); calls
  // beside it still fail fast; it fails, from a client not counted yet: open for another pause.
  await pause();
  const trial = fromClient('198.51.100.4', get('f'));
  await expect(post('g')()).rejects.toMatchObject({ cause: new Error('circuit open') });
  await expect(trial).rejects.toMatchObject({ kind: 'unreachable' });
  expect(hits).toBe(5); // the trial GET and its one retry
  expect(breakerState().open).toBe(true);

  await pause();
  mode = 'answer';
  await expect(get('h')()).resolves.toMatchObject({ status: 200 });
  expect(hits).toBe(6);
  expect(breakerState()).toEqual({ open: false, failures: 0 });
});

test('one client cannot hold it open: after the pause, its failing again is no news, and any answer closes it', async () => {
  const { breakerState } = await transport();
  for (const address of ['203.0.113.66', '198.51.100.2', '198.51.100.3']) {
    await fromClient(address, () => expect(post(`first-page-${address}`)()).rejects.toMatchObject({ kind: 'unreachable' }));
  }
  expect(breakerState()).toEqual({ open: true, failures: 3 });
  await pause();
  // One call a moment, each the trial, each without an answer: the breaker stays closed to others.
  for (let i = 0; i < 4; i++) {
    await fromClient('203.0.113.66', () => expect(post(`invented-${i}`)()).rejects.toMatchObject({ kind: 'unreachable' }));
    expect(breakerState().open, `after the attacker's call ${i + 1}`).toBe(false);
  }
  expect(hits).toBe(7); // each of them was sent, as the trial it was
  mode = 'answer';
  await fromClient('198.51.100.9', () => expect(post('healthy')()).resolves.toMatchObject({ status: 200 }));
  expect(breakerState()).toEqual({ open: false, failures: 0 });
});

test('a call that names no sign-in counts as its client: three requests of one client once, three clients open it', async () => {
  const { breakerState } = await transport();
  for (let i = 0; i < 3; i++) await fromClient('203.0.113.7', () => expect(post()()).rejects.toMatchObject({ kind: 'unreachable' }));
  expect(breakerState()).toEqual({ open: false, failures: 1 });
  // Outside any request (no client address at all): one more caller, "unknown".
  for (let i = 0; i < 2; i++) await expect(post()()).rejects.toMatchObject({ kind: 'unreachable' });
  expect(breakerState()).toEqual({ open: false, failures: 2 });
  await fromClient('198.51.100.8', () => expect(post()()).rejects.toMatchObject({ kind: 'unreachable' }));
  expect(breakerState()).toEqual({ open: true, failures: 3 });
});

test('/readyz is not ready while the breaker is open, and ready again once an answer closes it', async () => {
  const { checkReadiness } = await import('@/lib/readiness');
  expect(await checkReadiness()).toEqual({ ready: true, checks: { config: 'ok', provider: 'ok', process: 'ok', limits: 'memory' } });
  await accepted('a', 'b', 'c');
  for (const signIn of ['a', 'b', 'c']) await expect(post(signIn)()).rejects.toMatchObject({ kind: 'unreachable' });
  expect(await checkReadiness()).toEqual({ ready: false, checks: { config: 'ok', provider: 'circuit-open', process: 'ok', limits: 'memory' } });

  await pause();
  mode = 'answer';
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
  mode = 'answer';
  await expect(post('real-sign-in')()).resolves.toMatchObject({ status: 200 });
});

test('ids the provider refused are no sign-ins: refused first, then without an answer, one client counts once', async () => {
  const { breakerState } = await transport();
  const ids = Array.from({ length: 6 }, (_, i) => `refused-${i}-abcdefgh`);
  mode = 'refuse';
  await fromClient('203.0.113.66', async () => {
    for (const id of ids) await expect(post(id)()).resolves.toMatchObject({ status: 400 });
  });
  mode = 'close';
  await fromClient('203.0.113.66', async () => {
    for (const id of ids) await expect(post(id)()).rejects.toMatchObject({ kind: 'unreachable' });
  });
  expect(hits).toBe(12); // each was tried: none failed fast
  expect(breakerState()).toEqual({ open: false, failures: 1 });
});

test('an outage that new visitors from several clients meet still opens it', async () => {
  const { breakerState } = await transport();
  for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
    await fromClient(address, () => expect(post(`first-page-${address}`)()).rejects.toMatchObject({ kind: 'unreachable' }));
  }
  expect(breakerState()).toEqual({ open: true, failures: 3 });
});

test('the gauges: signin_provider_breaker_open is 1 while the breaker is open and 0 once an answer closes it', async () => {
  expect(await gauge('signin_provider_breaker_open')).toBe(0);
  for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
    await fromClient(address, () => expect(post(`first-page-${address}`)()).rejects.toMatchObject({ kind: 'unreachable' }));
  }
  expect(await gauge('signin_provider_breaker_open')).toBe(1);
  await pause();
  mode = 'answer';
  await post('after-the-pause')();
  expect(await gauge('signin_provider_breaker_open')).toBe(0);
});

test('the gauges: signin_provider_calls_in_flight counts the calls under way, and is 0 when they are answered', async () => {
  expect(await gauge('signin_provider_calls_in_flight')).toBe(0);
  mode = 'hold';
  const calls = [fromClient('198.51.100.1', post('slow-a')), fromClient('198.51.100.2', post('slow-b'))];
  await expect.poll(() => held.length).toBe(2);
  expect(await gauge('signin_provider_calls_in_flight')).toBe(2);
  for (const res of held.splice(0)) accept(res);
  await Promise.all(calls);
  expect(await gauge('signin_provider_calls_in_flight')).toBe(0);
});
