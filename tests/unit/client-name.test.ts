import { beforeEach, expect, test, vi } from 'vitest';
import { ProviderError } from '@/lib/provider/errors';
import { nextHeaders, resetRequest } from './support/next-request';

/**
 * The first screen's check of its request id (lib/flows/first-page.ts, lib/provider/client-name.ts):
 * answers cached, refusals cached for a minute, and ids not confirmed yet counted per client, so
 * made-up ids cannot make this deployment call the provider without limit.
 */
vi.mock('@/lib/provider/public', () => ({ getClientInfo: vi.fn() }));
const NO_REGISTRATION_FLAGS = { selfService: undefined, invitations: undefined, captcha: false };
const limits = { attempt: vi.fn(async () => ({ ok: true }) as const) };
vi.mock('@/lib/limits/limits', () => limits);
vi.mock('next/headers', () => nextHeaders);
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T>(fn: T) => fn }));

const { getClientInfo } = await import('@/lib/provider/public');
const { firstPageClientName, frameClientName, requestKnown } = await import('@/lib/flows/first-page');
const { startFlow } = await import('@/lib/session');

const unknownId = () =>
  new ProviderError({ kind: 'rejected', operation: 'public.client', service: 'public-srv', status: 400, code: 'PUB10001', meaning: 'reference-invalid' });
let n = 0;
const id = () => `req-${Date.now()}-${++n}`;

beforeEach(() => {
  resetRequest();
  vi.mocked(getClientInfo).mockReset();
  limits.attempt.mockClear();
});

test("a known id: the provider's name, asked once, then from the cache without counting", async () => {
  vi.mocked(getClientInfo).mockResolvedValue({ displayName: 'Portal', identityProviders: [], registration: NO_REGISTRATION_FLAGS });
  const requestId = id();
  expect(await firstPageClientName(requestId, 'en-GB')).toBe('Portal');
  expect(await firstPageClientName(requestId, 'en-GB')).toBe('Portal');
  expect(getClientInfo).toHaveBeenCalledTimes(1);
  expect(limits.attempt).toHaveBeenCalledTimes(1);
  expect(limits.attempt).toHaveBeenCalledWith([['entry.address', 'address']]);
});

test('an id the provider does not know: refused, and the refusal kept for a minute (one provider call, not one per page)', async () => {
  vi.mocked(getClientInfo).mockRejectedValue(unknownId());
  const requestId = id();
  for (let i = 0; i < 5; i++) await expect(firstPageClientName(requestId, 'en-GB')).rejects.toMatchObject({ code: 'PUB10001' });
  expect(getClientInfo).toHaveBeenCalledTimes(1);
});

test('a provider that fails (5xx, no answer) is not remembered: the next page asks again', async () => {
  vi.mocked(getClientInfo).mockRejectedValue(new ProviderError({ kind: 'timeout', operation: 'public.client' }));
  const requestId = id();
  await expect(firstPageClientName(requestId, 'en-GB')).rejects.toMatchObject({ kind: 'timeout' });
  await expect(firstPageClientName(requestId, 'en-GB')).rejects.toMatchObject({ kind: 'timeout' });
  expect(getClientInfo).toHaveBeenCalledTimes(2);
});

test("over the client's budget for unconfirmed ids: the page goes on without asking the provider", async () => {
  limits.attempt.mockResolvedValueOnce({ ok: false, limit: 'entry.address', retryAfter: 30 } as never);
  expect(await firstPageClientName(id(), 'en-GB')).toBeUndefined();
  expect(getClientInfo).not.toHaveBeenCalled();
});

test("whether a stale link's request still lives: known, refused (both cached), or not asked over the budget", async () => {
  vi.mocked(getClientInfo).mockResolvedValueOnce({ displayName: 'Portal', identityProviders: [], registration: NO_REGISTRATION_FLAGS });
  const alive = id();
  expect(await requestKnown(alive, 'en-GB')).toBe(true);
  vi.mocked(getClientInfo).mockRejectedValueOnce(unknownId());
  const dead = id();
  expect(await requestKnown(dead, 'en-GB')).toBe(false);
  expect(await requestKnown(dead, 'en-GB')).toBe(false);
  expect(await requestKnown(alive, 'en-GB')).toBe(true);
  expect(getClientInfo).toHaveBeenCalledTimes(2);
  limits.attempt.mockResolvedValueOnce({ ok: false, limit: 'entry.address', retryAfter: 30 } as never);
  expect(await requestKnown(id(), 'en-GB')).toBeUndefined();
  vi.mocked(getClientInfo).mockRejectedValueOnce(new ProviderError({ kind: 'timeout', operation: 'public.client' }));
  expect(await requestKnown(id(), 'en-GB')).toBeUndefined();
});

test("a page's frame: this browser's own sign-in named without counting; any other id counted like the first page, and over the budget not asked", async () => {
  vi.mocked(getClientInfo).mockResolvedValue({ displayName: 'Portal', identityProviders: [], registration: NO_REGISTRATION_FLAGS });
  const own = id();
  await startFlow({ requestId: own });
  expect(await frameClientName(own, 'en-GB')).toBe('Portal');
  expect(limits.attempt).not.toHaveBeenCalled();
  // An id from a success page's address, which anyone can write: counted; over the budget, no call and no name.
  expect(await frameClientName(id(), 'en-GB')).toBe('Portal');
  expect(limits.attempt).toHaveBeenCalledWith([['entry.address', 'address']]);
  limits.attempt.mockResolvedValueOnce({ ok: false, limit: 'entry.address', retryAfter: 30 } as never);
  expect(await frameClientName(id(), 'en-GB')).toBeUndefined();
  expect(getClientInfo).toHaveBeenCalledTimes(2);
  // A refused id: no name, and the page goes on.
  vi.mocked(getClientInfo).mockRejectedValueOnce(unknownId());
  expect(await frameClientName(id(), 'en-GB')).toBeUndefined();
});
