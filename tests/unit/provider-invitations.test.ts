import { beforeEach, describe, expect, test, vi } from 'vitest';
import { calls, replies, reply } from './support/recorded-provider';

/**
 * lib/provider/invitations.ts (docs/provider-contract.md §2.16): no sample of either read is
 * published, so each plausible shape and spelling is read, and the 4.x path falls back to the
 * legacy one only where the 4.x one is not served.
 */
vi.mock('@/lib/provider/http', async () => (await import('./support/recorded-provider')).recordedHttp);
const { readInvitation, invitationOf } = await import('@/lib/provider/invitations');
const { readAnswer } = await import('@/lib/provider/answer');
const { register } = await import('@/lib/provider/registration');

const data = (d: unknown) => reply(200, { success: true, status: 200, data: d });
const refused = (status: number) => reply(status, { success: false, status, error: { code: status, error: 'no' } });
const read = () => readInvitation({ inviteId: 'invite-0001', requestId: 'request-12345678', locale: 'de-DE' });
const NOW = Date.parse('2026-11-27T00:00:00Z');
const shape = (d: unknown) => invitationOf(readAnswer({ service: 'useractions-srv', operation: 't' }, data(d)), NOW);

beforeEach(() => {
  calls.length = 0;
  replies.length = 0;
});

describe('readInvitation: which path', () => {
  test('the 4.x read first, without a bearer; its answer is the invitation', async () => {
    replies.push(data({ email: 'ida@example.com', status: 'PENDING' }));
    expect(await read()).toEqual({ kind: 'open', invitation: { email: 'ida@example.com', prefill: {}, inviter: undefined, organisation: undefined } });
    expect(calls.map((c) => [c.method, c.path])).toEqual([['GET', '/useractions-srv/invitations/invite-0001']]);
    expect(calls[0].headers).toBeUndefined();
    expect(calls[0].signIn).toBe('request-12345678');
  });

  test.each([404, 405, 501])('a %i on the 4.x read: the legacy read', async (status) => {
    replies.push(refused(status), data({ invitedEmail: 'ida@example.com', used: false }));
    expect(await read()).toMatchObject({ kind: 'open', invitation: { email: 'ida@example.com' } });
    expect(calls.map((c) => c.path)).toEqual(['/useractions-srv/invitations/invite-0001', '/users-srv/invite/info/invite-0001']);
  });

  test('unknown on both paths (404, then 404 or 400 or 204): unknown', async () => {
    replies.push(refused(404), refused(404));
    expect(await read()).toEqual({ kind: 'unknown' });
    replies.push(refused(404), refused(400));
    expect(await read()).toEqual({ kind: 'unknown' });
    replies.push(refused(404), reply(204, null));
    expect(await read()).toEqual({ kind: 'unknown' });
  });

  test('a 400 or 204 on the 4.x read is its answer (no fallback); 410 is gone', async () => {
    replies.push(refused(400));
    expect(await read()).toEqual({ kind: 'unknown' });
    replies.push(reply(204, null));
    expect(await read()).toEqual({ kind: 'unknown' });
    replies.push(refused(410));
    expect(await read()).toEqual({ kind: 'expired', from: { inviter: undefined, organisation: undefined } });
    expect(calls).toHaveLength(3);
  });

  test('a server error or a refused client is a provider failure, thrown', async () => {
    replies.push(refused(503));
    await expect(read()).rejects.toMatchObject({ kind: 'rejected', status: 503 });
    replies.push(refused(404), refused(401));
    await expect(read()).rejects.toMatchObject({ kind: 'rejected', status: 401 });
  });
});

describe('invitationOf: the plausible shapes', () => {
  test('the 4.x-like shape: email, names, custom fields, invitedBy.organisation, ISO expiry, status', () => {
    expect(
      shape({
        inviteId: 'i',
        email: 'ida@example.com',
        given_name: 'Ida',
        family_name: 'Neumann',
        customFields: { customer_number: 'KD-204711', newsletter: true, empty: '', nested: { a: 1 } },
        invitedBy: { name: 'Anna', organisation: 'Großküche Müller GmbH' },
        expiresAt: '2026-12-01T00:00:00Z',
        status: 'PENDING',
      }),
    ).toEqual({
      kind: 'open',
      invitation: {
        email: 'ida@example.com',
        prefill: { customer_number: 'KD-204711', newsletter: 'on', given_name: 'Ida', family_name: 'Neumann' },
        inviter: 'Anna',
        organisation: 'Großküche Müller GmbH',
      },
    });
  });

  test('the legacy-like shape: invitedEmail, user.*, company, expiry in epoch seconds, used flag', () => {
    expect(
      shape({
        invite_id: 'i',
        invitedEmail: 'ida@example.com',
        user: { given_name: 'Ida', family_name: 'Neumann', mobile_number: '+49 151 23456789', customFields: { customer_number: 'KD-1' } },
        company: 'Müller',
        expiry: NOW / 1000 + 3600,
        used: false,
      }),
    ).toEqual({
      kind: 'open',
      invitation: {
        email: 'ida@example.com',
        prefill: { customer_number: 'KD-1', mobile_number: '+49 151 23456789', given_name: 'Ida', family_name: 'Neumann' },
        inviter: undefined,
        organisation: 'Müller',
      },
    });
  });

  test.each([
    [{ invitation: { invited_email: 'ida@example.com', firstName: 'Ida', lastName: 'N', organization: { name: 'Org A' } } }, 'Org A', 'Ida', 'N'],
    [{ invite: { user: { email: 'ida@example.com', givenName: 'Ida', familyName: 'N' }, tenant_name: 'Tenant B' } }, 'Tenant B', 'Ida', 'N'],
    [{ email: 'ida@example.com', first_name: 'Ida', last_name: 'N', companyName: 'C' }, 'C', 'Ida', 'N'],
    [{ inviteeEmail: 'ida@example.com', inviter: { company: 'D' } }, 'D', undefined, undefined],
  ])('other spellings: %j', (d, organisation, given, family) => {
    const result = shape(d);
    expect(result).toMatchObject({ kind: 'open', invitation: { email: 'ida@example.com', organisation } });
    if (result.kind !== 'open') return;
    expect(result.invitation.prefill.given_name).toBe(given);
    expect(result.invitation.prefill.family_name).toBe(family);
  });

  test.each([
    [{ status: 'ACCEPTED' }, 'used'],
    [{ status: 'used' }, 'used'],
    [{ invite_status: 'REGISTERED' }, 'used'],
    [{ accepted: true }, 'used'],
    [{ isUsed: true }, 'used'],
    [{ status: 'EXPIRED' }, 'expired'],
    [{ state: 'revoked' }, 'expired'],
    [{ isExpired: true }, 'expired'],
    [{ expires_at: '2026-11-26T23:59:59Z' }, 'expired'],
    [{ expiry: NOW / 1000 - 1 }, 'expired'],
    [{ expiresAt: NOW - 1 }, 'expired'],
    [{ validUntil: String(NOW / 1000 - 1) }, 'expired'],
    [{ status: 'PENDING', expiresAt: NOW + 1000 }, 'open'],
    [{ used: false, expired: false }, 'open'],
  ])('state %j: %s', (d, kind) => {
    expect(shape({ email: 'ida@example.com', ...d }).kind).toBe(kind);
  });

  // Issue 43 (security review, "invitation lock"): the address under a key not read here used to
  // leave the field free; such an invitation is refused instead, naming whom to ask.
  test.each([
    [{ given_name: 'Ida', invitedBy: { name: 'Anna Schmidt', organisation: 'Müller' } }],
    [{ recipient: 'ida@example.com', invitedBy: { name: 'Anna Schmidt', organisation: 'Müller' } }],
    [{ invitee: { mail: 'ida@example.com' }, inviterName: 'Anna Schmidt', company: 'Müller' }],
    [{ email: 'not an address', inviter: { name: 'Anna Schmidt', company: 'Müller' } }],
    [{ email: { value: 'ida@example.com' }, invited_by: { name: 'Anna Schmidt', organization: 'Müller' } }],
  ])('an open invitation whose address cannot be read: unreadable, with whom to ask (%j)', (d) => {
    expect(shape(d)).toEqual({ kind: 'unreadable', from: { inviter: 'Anna Schmidt', organisation: 'Müller' } });
  });

  test.each([
    [{ status: 'EXPIRED', invitedBy: { name: 'Anna Schmidt', organisation: 'Müller' } }, 'expired', 'Anna Schmidt', 'Müller'],
    [{ used: true, inviterName: 'Anna Schmidt', company: 'Müller' }, 'used', 'Anna Schmidt', 'Müller'],
    [{ expiry: NOW / 1000 - 1, invitedBy: 'Anna Schmidt' }, 'expired', 'Anna Schmidt', undefined],
    [{ status: 'USED', organisation: 'Müller' }, 'used', undefined, 'Müller'],
  ])('one that can no longer be used still names who sent it: %j', (d, kind, inviter, organisation) => {
    expect(shape({ email: 'ida@example.com', ...d })).toEqual({ kind, from: { inviter, organisation } });
  });

  test('an answer with no data at all: unknown', () => {
    expect(shape(undefined)).toEqual({ kind: 'unknown' });
    expect(shape(['x'])).toEqual({ kind: 'unknown' });
  });
});

describe('register with an invitation', () => {
  test('POST /users-srv/register?invite_id=…, with the normal body and headers', async () => {
    replies.push(data({ sub: 's', suggested_action: 'LOGIN', email_verified: false }));
    const input = { fields: { email: 'ida@example.com' }, customFields: {}, password: 'p', passwordEcho: 'p', email: 'ida@example.com' };
    expect(await register({ requestId: 'request-12345678', locale: 'de-DE', input, fieldKeys: ['email'], inviteId: 'invite-0001' })).toMatchObject({
      kind: 'registered',
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/users-srv/register',
      query: { invite_id: 'invite-0001' },
      headers: { requestId: 'request-12345678' },
      body: { email: 'ida@example.com', password: 'p', password_echo: 'p', provider: 'self' },
    });
  });

  test('without one, no query', async () => {
    replies.push(data({ sub: 's' }));
    const input = { fields: { email: 'ida@example.com' }, customFields: {}, password: 'p', passwordEcho: 'p', email: 'ida@example.com' };
    await register({ requestId: 'request-12345678', locale: 'de-DE', input, fieldKeys: ['email'] });
    expect(calls[0].query).toBeUndefined();
  });
});
