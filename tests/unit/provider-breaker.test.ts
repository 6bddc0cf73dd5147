import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';

/** The circuit breaker against a real loopback server that hangs up on every request. */
let server: Server;
let hits = 0;
let answer = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (answer) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true,"status":200,"data":{}}');
    } else req.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.resetModules();
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PROVIDER_BREAKER_THRESHOLD = '3';
  process.env.PROVIDER_BREAKER_OPEN_MS = '1000';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('after three calls without an answer, calls fail at once; after the pause one call tries again and an answer closes it', async () => {
  const { callProvider, breakerState } = await import('@/lib/provider/http');
  const post = () => callProvider({ service: 'public-srv', operation: 'test.post', method: 'POST', path: '/x', body: {} });
  for (let i = 0; i < 3; i++) await expect(post()).rejects.toMatchObject({ kind: 'unreachable' });
  expect(hits).toBe(3); // POSTs are never retried
  expect(breakerState()).toEqual({ open: true, failures: 3 });

  await expect(post()).rejects.toMatchObject({ kind: 'unreachable', cause: new Error('circuit open') });
  await expect(callProvider({ service: 'public-srv', operation: 'test.get', method: 'GET', path: '/y' })).rejects.toMatchObject({ kind: 'unreachable' });
  expect(hits).toBe(3); // nothing reached the provider while open

  // After the pause exactly one call tries again (a GET counts once, retry included); calls
  // beside it still fail fast; it fails, so the breaker stays open.
  await new Promise((resolve) => setTimeout(resolve, 1_050));
  const trial = callProvider({ service: 'public-srv', operation: 'test.get', method: 'GET', path: '/y' });
  await expect(post()).rejects.toMatchObject({ cause: new Error('circuit open') });
  await expect(trial).rejects.toMatchObject({ kind: 'unreachable' });
  expect(hits).toBe(5); // the trial GET and its one retry
  expect(breakerState().open).toBe(true);

  await new Promise((resolve) => setTimeout(resolve, 1_050));
  answer = true;
  await expect(callProvider({ service: 'public-srv', operation: 'test.get', method: 'GET', path: '/y' })).resolves.toMatchObject({ status: 200 });
  expect(hits).toBe(6);
  expect(breakerState()).toEqual({ open: false, failures: 0 });
});
