import { beforeEach, expect, test, vi } from 'vitest';
import type { ProviderCall, ProviderReply } from '@/lib/provider/http';

/**
 * lib/provider/public.ts: what the client information says of registration (docs/provider-contract.md
 * §2.15, "Captcha and switches"). Only what the answer says is believed: an absent flag stays unknown.
 */
const replies: ProviderReply[] = [];
vi.mock('@/lib/provider/http', () => ({
  callProvider: vi.fn(async (_call: ProviderCall) => replies.shift() ?? { status: 500, json: undefined, location: undefined }),
}));
const { getClientInfo } = await import('@/lib/provider/public');

const answer = (data: Record<string, unknown>) => replies.push({ status: 200, json: { success: true, status: 200, data }, location: undefined });

beforeEach(() => {
  replies.length = 0;
});

test('a client that says nothing of registration: both switches unknown, no captcha', async () => {
  answer({ client_display_name: 'Portal' });
  expect((await getClientInfo({ requestId: 'r1' })).registration).toEqual({ selfService: undefined, invitations: undefined, captcha: false });
});

test('the switches as booleans or as the strings some answers carry', async () => {
  answer({ registration_enabled: false, invite_enabled: 'true' });
  expect((await getClientInfo({ requestId: 'r2' })).registration).toEqual({ selfService: false, invitations: true, captcha: false });
});

test('a captcha site key (not an empty one) marks the tenant as asking for a captcha', async () => {
  answer({ captcha_site_key: '6LcXXXX' });
  expect((await getClientInfo({ requestId: 'r3' })).registration.captcha).toBe(true);
  answer({ captcha_site_key: '  ' });
  expect((await getClientInfo({ requestId: 'r4' })).registration.captcha).toBe(false);
});

test('a switch of an unexpected type is not believed, and does not cost the page its client information', async () => {
  answer({ client_name: 'Portal', registration_enabled: 3, captcha_site_key: { key: 'x' } });
  const info = await getClientInfo({ requestId: 'r5' });
  expect(info.displayName).toBe('Portal');
  expect(info.registration).toEqual({ selfService: undefined, invitations: undefined, captcha: false });
});

test("the tenant's password policy: its numbers, with this product's bound where one is missing or impossible", async () => {
  answer({ password_policy: { policy_name: 'b2b', minimumLength: 12, maximumLength: 64, noOfDigits: 2, noOfSpecialChars: 1, lowerAndUpperCase: false } });
  expect((await getClientInfo({ requestId: 'r6' })).passwordPolicy).toEqual({ minLength: 12, maxLength: 64, lowerAndUpper: false, digits: 2, specials: 1 });
  answer({ password_policy: { minimumLength: 8, maximumLength: 4 } });
  expect((await getClientInfo({ requestId: 'r7' })).passwordPolicy).toEqual({ minLength: 8, maxLength: 30, lowerAndUpper: true, digits: 1, specials: 0 });
  answer({ password_policy: 'strong' });
  expect((await getClientInfo({ requestId: 'r8' })).passwordPolicy).toBeUndefined();
  answer({});
  expect((await getClientInfo({ requestId: 'r9' })).passwordPolicy).toBeUndefined();
});
