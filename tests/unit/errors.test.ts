import { expect, test } from 'vitest';
import { statusFor } from '@/lib/errors';
import { ProviderError } from '@/lib/provider/errors';

test('the error page answers 504 for a slow provider, 503 for one down or garbled, 500 otherwise', () => {
  const failure = (kind: ProviderError['kind'], status?: number) => new ProviderError({ kind, operation: 'x', status });
  expect(statusFor(failure('timeout'))).toBe(504);
  expect(statusFor(failure('unreachable'))).toBe(503);
  expect(statusFor(failure('invalid-response', 200))).toBe(503);
  expect(statusFor(failure('rejected', 502))).toBe(503);
  expect(statusFor(failure('rejected', 400))).toBe(500);
  expect(statusFor(new TypeError('bug'))).toBe(500);
  expect(statusFor(undefined)).toBe(500);
});
