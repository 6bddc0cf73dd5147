import { vi } from 'vitest';
import type { ProviderCall, ProviderReply } from '@/lib/provider/http';

/**
 * The provider's transport replaced by recorded answers, for the tests of one provider module:
 *   vi.mock('@/lib/provider/http', async () => (await import('./support/recorded-provider')).recordedHttp);
 * Each call is kept in `calls` and answered by the next of `replies` (a call without one fails).
 */
export const calls: ProviderCall[] = [];
export const replies: ProviderReply[] = [];
export const recordedHttp = {
  callProvider: vi.fn(async (call: ProviderCall) => {
    calls.push(call);
    const reply = replies.shift();
    if (!reply) throw new Error(`no recorded reply for ${call.path}`);
    return reply;
  }),
};

/** An answer as the transport gives it: a status and its JSON body, no redirect. */
export const reply = (status: number, json: unknown): ProviderReply => ({ status, json, location: undefined });
