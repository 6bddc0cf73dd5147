import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { RegistrationField } from '@/lib/validation/registration-fields';
import { flowNow, form, idle, limitsMock, outage, redirectedTo, refused, REQUEST, resetRequest, verificationMock, withFlow } from './support';

vi.mock('@/lib/provider/registration', () => ({ readRegistrationFields: vi.fn(), register: vi.fn() }));
vi.mock('@/lib/provider/invitations', () => ({ readInvitation: vi.fn() }));
vi.mock('@/lib/provider/client-name', () => ({ requireClientInfo: vi.fn() }));
vi.mock('@/lib/provider/verification', () => verificationMock());
const { authenticate, initiateAuthentication } = await import('@/lib/provider/verification');
/** Registered and signed in with the password just chosen: "Registration complete" hands it over. */
const SIGNED_IN = `/register-success?requestId=${REQUEST}`;
const { requireClientInfo } = await import('@/lib/provider/client-name');
const clientInfo = (selfService: boolean | undefined) => ({
  displayName: 'Portal',
  identityProviders: [],
  registration: { selfService, invitations: true, captcha: false },
});

const { submitRegistration } = await import('@/app/register/actions');
const { readRegistrationFields, register } = await import('@/lib/provider/registration');
const { readInvitation } = await import('@/lib/provider/invitations');
const { ProviderError } = await import('@/lib/provider/errors');

/**
 * The register action with an invitation (docs/provider-contract.md §2.16): the invitation is
 * read again on the server, its address is the one registered whatever was posted, the register
 * call names it, and one used or withdrawn meanwhile goes back to the page that says so.
 */
const base = { custom: false, readOnly: false, options: [] };
const FIELDS: RegistrationField[] = [
  { ...base, key: 'email', type: 'EMAIL', required: true },
  { ...base, key: 'given_name', type: 'TEXT', required: true },
  { ...base, key: 'password', type: 'PASSWORD', required: true },
  { ...base, key: 'password_echo', type: 'PASSWORD', required: true, matchWith: 'password' },
];
const INVITE = 'invite-0001-abcdef';
const FROM = { inviter: 'Anna Schmidt', organisation: 'Müller' };
const open = (email = 'ida@example.com') => ({ kind: 'open', invitation: { email, prefill: { given_name: 'Ida' }, ...FROM } }) as const;
let posts = 0;
const post = (over: Record<string, string> = {}) => {
  const password = `Kitchen2026x${++posts}`;
  return submitRegistration(idle, form({ requestId: REQUEST, email: 'mallory@example.com', given_name: 'Ida', password, password_echo: password, ...over }));
};

beforeEach(async () => {
  resetRequest();
  vi.mocked(readRegistrationFields).mockResolvedValue(FIELDS);
  vi.mocked(register).mockResolvedValue({
    kind: 'registered',
    sub: 's',
    suggestedAction: 'LOGIN',
    trackId: undefined,
    emailVerified: false,
    userStatus: 'VERIFIED',
  });
  vi.mocked(readInvitation).mockReset().mockResolvedValue(open());
  vi.mocked(requireClientInfo).mockResolvedValue(clientInfo(undefined));
  vi.mocked(initiateAuthentication).mockResolvedValue({ kind: 'initiated', exchangeId: 'ex-1' } as never);
  vi.mocked(authenticate).mockResolvedValue({ sub: 's', statusId: 'st-1' } as never);
  await withFlow({ invite: INVITE });
});

describe('register with an invitation (app/register/actions.ts)', () => {
  test('the invited address is sent, not the one posted; the call names the invitation; the flow forgets it', async () => {
    expect(await redirectedTo(post())).toBe(SIGNED_IN);
    expect(readInvitation).toHaveBeenCalledWith({ inviteId: INVITE, requestId: REQUEST, locale: 'en-GB' });
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({
        inviteId: INVITE,
        input: expect.objectContaining({ email: 'ida@example.com', fields: expect.objectContaining({ email: 'ida@example.com' }) }),
      }),
    );
    expect((await flowNow())?.invite).toBeUndefined();
  });

  test('an empty posted address: still the invited one', async () => {
    expect(await redirectedTo(post({ email: '' }))).toBe(SIGNED_IN);
    expect(vi.mocked(register).mock.calls[0][0].input.email).toBe('ida@example.com');
  });

  test.each(['expired', 'used', 'unreadable'] as const)(
    'an invitation %s by now (unreadable: its address not read, so it could not be held to it): back to the page, which says so; nothing registered',
    async (kind) => {
      vi.mocked(readInvitation).mockResolvedValue({ kind, from: FROM });
      expect(await redirectedTo(post())).toBe(`/register?requestId=${REQUEST}`);
      expect(register).not.toHaveBeenCalled();
    },
  );

  test('an unknown invitation by now: back to the page; nothing registered', async () => {
    vi.mocked(readInvitation).mockResolvedValue({ kind: 'unknown' });
    expect(await redirectedTo(post())).toBe(`/register?requestId=${REQUEST}`);
    expect(register).not.toHaveBeenCalled();
  });

  test('over the per-client budget for invitation reads: the form’s wait, the invitation not read, nothing registered', async () => {
    // The field list's read (entry.address) first, then the invitation's (invitation.address).
    limitsMock.attempt.mockResolvedValueOnce({ ok: true }).mockResolvedValueOnce(refused('invitation.address', 600) as never);
    expect(await post()).toMatchObject({ status: 'invalid', formError: 'registerWait', retryAfter: 600 });
    expect(limitsMock.attempt).toHaveBeenLastCalledWith([['invitation.address', 'address']]);
    expect(readInvitation).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();
  });

  test('refused by the register call and used meanwhile: the page; still open: the provider failure as any other', async () => {
    const refusedCall = new ProviderError({ kind: 'rejected', operation: 'registration.register', service: 'users-srv', status: 400, code: 10011 });
    vi.mocked(register).mockRejectedValueOnce(refusedCall);
    vi.mocked(readInvitation).mockResolvedValueOnce(open()).mockResolvedValueOnce({ kind: 'used', from: FROM });
    expect(await redirectedTo(post())).toBe(`/register?requestId=${REQUEST}`);

    vi.mocked(register).mockRejectedValueOnce(outage());
    expect(await post()).toMatchObject({ formError: 'serviceUnavailable', values: { email: 'ida@example.com' } });
  });

  test('the provider not answering the invitation read: the form with "not responding"', async () => {
    vi.mocked(readInvitation).mockRejectedValue(outage());
    expect(await post()).toMatchObject({ status: 'invalid', formError: 'serviceUnavailable' });
    expect(register).not.toHaveBeenCalled();
  });

  test('an existing account: said on the field, the invitation kept for the page', async () => {
    vi.mocked(register).mockResolvedValueOnce({ kind: 'exists' });
    expect(await post()).toMatchObject({ fieldErrors: { email: 'accountExists' }, values: { email: 'ida@example.com' } });
    expect(await flowNow()).toMatchObject({ email: 'ida@example.com', invite: INVITE });
  });

  test('another sign-in’s flow: its invitation is not this one’s', async () => {
    await withFlow({ requestId: 'request-z-12345678', invite: INVITE });
    expect(await redirectedTo(post())).toBe(SIGNED_IN);
    expect(readInvitation).not.toHaveBeenCalled();
    expect(vi.mocked(register).mock.calls[0][0]).toMatchObject({ inviteId: undefined, input: { email: 'mallory@example.com' } });
  });

  test('self-registration off: an invitation is still the way in; without one, the page says accounts come by invitation', async () => {
    vi.mocked(requireClientInfo).mockResolvedValue(clientInfo(false));
    expect(await redirectedTo(post())).toBe(SIGNED_IN);
    expect(vi.mocked(register).mock.calls[0][0]).toMatchObject({ inviteId: INVITE });
    await withFlow({ requestId: 'request-z-12345678', invite: INVITE });
    expect(await redirectedTo(post())).toBe(`/register?requestId=${REQUEST}`);
    expect(register).toHaveBeenCalledTimes(1);
  });
});
