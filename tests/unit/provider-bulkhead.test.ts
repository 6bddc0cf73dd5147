import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { requestContextStorage } from '../../server/request-context.mjs';

/**
 * The bulkheads (docs/operations.md "Provider trouble"): calls in flight are capped per sign-in and per
 * client address, so a slow provider answering one sign-in (or one client) cannot hold every connection while
 * everyone else waits; a call over a cap fails at once and is no evidence of an outage. Against a real
 * loopback server that holds `/hold` calls until the test lets them go.
 */
let server: Server;
const held: ServerResponse[] = [];
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    if (req.url?.startsWith('/hold')) held.push(res);
    else answer(res);
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PROVIDER_BREAKER_THRESHOLD = '3';
  process.env.PROVIDER_TIMEOUT_MS = '10000';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  vi.resetModules();
  // The breaker and bulkheads live on globalThis (one per process, however often Next bundles them).
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('signin.providerLimits')];
  paths.length = 0;
});
afterEach(release);

function answer(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"success":true,"status":200,"data":{}}');
}
function release() {
  for (const res of held.splice(0)) answer(res);
}

const transport = () => import('@/lib/provider/http');
/** One call as one HTTP request from `client` (the socket's peer: no proxy is trusted here). */
async function call(args: { path: string; signIn?: string; client?: string }) {
  const { callProvider } = await transport();
  const send = () => callProvider({ service: 'public-srv', operation: 'test.get', method: 'GET', path: args.path, signIn: args.signIn });
  if (!args.client) return send();
  return requestContextStorage().run({ reqId: `req-${Math.random().toString(36).slice(2, 12)}`, remoteAddress: args.client, forwardedFor: undefined }, send);
}
/** Whether the promise settles within `ms`: a call over a cap must not wait for a slot. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
const heldCount = async (count: number) => {
  await vi.waitFor(() => expect(held.length).toBe(count), { timeout: 5_000, interval: 10 });
};

test('one sign-in has at most four calls in flight: the fifth fails at once, and another sign-in is not held up', async () => {
  const { breakerState } = await transport();
  const slow = Array.from({ length: 4 }, () => call({ path: '/hold/a', signIn: 'sign-in-a' }));
  await heldCount(4);

  const fifth = call({ path: '/hold/a', signIn: 'sign-in-a' });
  expect(await settlesWithin(fifth, 500)).toBe(true);
  await expect(fifth).rejects.toMatchObject({ kind: 'overloaded' });
  expect(held.length).toBe(4); // it never reached the provider

  await expect(call({ path: '/ok/b', signIn: 'sign-in-b' })).resolves.toMatchObject({ status: 200 });
  expect(breakerState()).toEqual({ open: false, failures: 0 }); // a refusal is no evidence of an outage

  release();
  for (const pending of slow) await expect(pending).resolves.toMatchObject({ status: 200 });
  // The slots are given back.
  await expect(call({ path: '/ok/a', signIn: 'sign-in-a' })).resolves.toMatchObject({ status: 200 });
});

test('one client address has at most sixteen calls in flight, whatever sign-ins they belong to; another client is not held up', async () => {
  const { breakerState } = await transport();
  const slow = Array.from({ length: 16 }, (_, i) => call({ path: `/hold/${i}`, signIn: `sign-in-${i}`, client: '203.0.113.7' }));
  await heldCount(16);

  const over = call({ path: '/hold/over', signIn: 'sign-in-over', client: '203.0.113.7' });
  expect(await settlesWithin(over, 500)).toBe(true);
  await expect(over).rejects.toMatchObject({ kind: 'overloaded' });
  expect(paths).not.toContain('/hold/over');

  await expect(call({ path: '/ok/other', signIn: 'sign-in-other', client: '198.51.100.9' })).resolves.toMatchObject({ status: 200 });
  expect(breakerState()).toEqual({ open: false, failures: 0 });
  release();
  await Promise.all(slow);
});

test('eighty calls held by a slow provider do not exhaust the connections: a healthy call answers at once', async () => {
  // Five clients at their cap of sixteen each: more than the 64 connections undici was given.
  const slow = Array.from({ length: 80 }, (_, i) => call({ path: `/hold/${i}`, signIn: `sign-in-${i}`, client: `203.0.113.${Math.floor(i / 16) + 1}` }));
  await heldCount(80);
  const healthy = call({ path: '/ok/healthy', signIn: 'healthy', client: '198.51.100.9' });
  expect(await settlesWithin(healthy, 1_000)).toBe(true);
  await expect(healthy).resolves.toMatchObject({ status: 200 });
  release();
  await Promise.all(slow);
}, 15_000);

test('the error page answers 503 for a call turned away by a bulkhead', async () => {
  const [{ statusFor }, { ProviderError }] = await Promise.all([import('@/lib/errors'), import('@/lib/provider/errors')]);
  expect(statusFor(new ProviderError({ kind: 'overloaded', operation: 'x' }))).toBe(503);
});
