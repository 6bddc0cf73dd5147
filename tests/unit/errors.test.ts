import { expect, test } from 'vitest';
import { statusFor } from '@/lib/errors';
import { ProviderError } from '@/lib/provider/errors';

test('the error page answers 504 for a slow provider, 503 for one down or garbled, 500 otherwise', () => {
  const failure = (kind: ProviderError['kind'], status?: number) => new ProviderError({ kind, operation: 'x', status });
  expect(statusFor(failure('timeout'))).toBe(504);
  expect(statusFor(failure('unreachable'))).toBe(503);
  expect(statusFor(failure('invalid-response', 200))).toBe(502);
  expect(statusFor(failure('rejected', 502))).toBe(503);
  expect(statusFor(failure('rejected', 400))).toBe(500);
  expect(statusFor(new TypeError('bug'))).toBe(500);
  expect(statusFor(undefined)).toBe(500);
});

test('a signed outage stands for its status until it expires; any change to it is refused', async () => {
  const { signOutage, verifyOutage } = await import('@/lib/errors');
  const now = Date.UTC(2026, 10, 24, 12);
  const value = signOutage('ABCDEF0123', 503, now);
  expect(verifyOutage('ABCDEF0123', value, now)).toBe(503);
  expect(verifyOutage('ABCDEF0123', value, now + 9 * 60_000)).toBe(503);
  expect(verifyOutage('ABCDEF0123', value, now + 11 * 60_000)).toBeUndefined();
  expect(verifyOutage('ABCDEF0124', value, now)).toBeUndefined();
  const [, until, mac] = value.split('.');
  expect(verifyOutage('ABCDEF0123', `504.${until}.${mac}`, now)).toBeUndefined();
  expect(verifyOutage('ABCDEF0123', `503.${Number(until) + 1}.${mac}`, now)).toBeUndefined();
  expect(verifyOutage('ABCDEF0123', '503', now)).toBeUndefined();
  expect(verifyOutage('ABCDEF0123', undefined, now)).toBeUndefined();
});

test('a failure offers its step again: the page given, or the page a form was posted from (ux-review D26)', async () => {
  const { recordFailure, retryOnForm } = await import('@/lib/errors');
  const { requestContextStorage } = await import('@/server/request-context.mjs');
  const garbled = new ProviderError({ kind: 'invalid-response', operation: 'x', status: 200 });
  const page = new URL(recordFailure(garbled, { step: 'test' }, '/register-mfa?requestId=r-1'), 'http://x');
  expect(page.pathname).toBe('/error');
  expect(page.searchParams.get('retry')).toBe('/register-mfa?requestId=r-1');
  expect(new URL(recordFailure(new TypeError('bug'), {}), 'http://x').searchParams.has('retry')).toBe(false);

  const store = { reqId: 'r', remoteAddress: '127.0.0.1', forwardedFor: undefined, formPage: '/?requestId=r-2' };
  const thrown = requestContextStorage().run(store, () => {
    try {
      retryOnForm(garbled, { step: 'email' });
    } catch (redirect) {
      return redirect as { digest?: string };
    }
  });
  // Next's redirect() throws; its digest carries the address.
  expect(decodeURIComponent(thrown?.digest ?? '')).toContain('retry=/?requestId=r-2');
});
