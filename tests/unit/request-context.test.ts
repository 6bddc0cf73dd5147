import { expect, test } from 'vitest';
import { answerWith, currentRequest, requestContextStorage, statusToWrite } from '../../server/request-context.mjs';

/**
 * The contract between server/entry.mjs and the app (server/request-context.mjs): the app asks
 * for a status inside a request's store, the entry applies it only in place of Next's 200.
 */
const store = () => ({ reqId: 'r-12345678', remoteAddress: '127.0.0.1', forwardedFor: undefined });

test('outside a request the app cannot ask for a status (dev server, unit tests)', () => {
  expect(currentRequest()).toBeUndefined();
  expect(answerWith(429)).toBe(false);
});

test('inside a request: the asked status and headers replace a 200, nothing else', () => {
  const request = store();
  requestContextStorage().run(request, () => {
    expect(answerWith(429, { 'Retry-After': '30' })).toBe(true);
  });
  expect(statusToWrite(request, 200)).toEqual({ status: 429, headers: { 'Retry-After': '30' } });
  // A redirect (an action's 303), Next's own 404 or 500 are never replaced.
  for (const status of [303, 404, 500]) expect(statusToWrite(request, status)).toEqual({ status, headers: {} });
  expect(statusToWrite(store(), 200)).toEqual({ status: 200, headers: {} });
});

test('only the statuses the app has a reason for can be asked', () => {
  const request = store();
  requestContextStorage().run(request, () => {
    expect(answerWith(302)).toBe(false);
    expect(answerWith(200)).toBe(false);
    expect(answerWith(401)).toBe(false);
    expect(answerWith(503)).toBe(true);
  });
  expect(statusToWrite(request, 200).status).toBe(503);
});

test('an address that names no screen can be answered 404 with the full page (the catch-all route)', () => {
  const request = store();
  requestContextStorage().run(request, () => {
    expect(answerWith(404)).toBe(true);
  });
  expect(statusToWrite(request, 200)).toEqual({ status: 404, headers: {} });
  // A redirect the page might still end in is left alone.
  expect(statusToWrite(request, 307)).toEqual({ status: 307, headers: {} });
});

test('one store however often the module is loaded (the entry and the bundled app share it)', async () => {
  const again = await import('../../server/request-context.mjs?copy' as string);
  expect(again.requestContextStorage()).toBe(requestContextStorage());
});
