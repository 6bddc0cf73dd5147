import { beforeEach, describe, expect, test, vi } from 'vitest';

/**
 * lib/provider/tokens.ts: where the chosen group is read from (the access token first, as the
 * provider's docs say; then userinfo; then the ID token), the scopes the tenant granted, and the
 * revocation at sign-out. openid-client's calls are mocks; what they hand back is shaped as they do.
 */
vi.mock('openid-client', async (original) => ({
  ...(await original<typeof import('openid-client')>()),
  authorizationCodeGrant: vi.fn(),
  refreshTokenGrant: vi.fn(),
  fetchUserInfo: vi.fn(),
  tokenRevocation: vi.fn(),
}));
const metadata = { revocation_endpoint: 'https://tenant.example/token-srv/revoke' as string | undefined };
vi.mock('@/lib/provider/oidc', () => ({
  SCOPES: 'openid email profile groups roles',
  getOidcConfiguration: vi.fn(async () => ({ serverMetadata: () => metadata })),
}));

const client = await import('openid-client');
const { exchangeCode, refreshUser, revokeRefreshToken } = await import('@/lib/provider/tokens');
const { log } = await import('@/lib/log');

const jwt = (payload: object) => `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;
const group = { selected_group: { groupId: 'g-7', groupName: 'Kantine Nord' } };

function tokens(args: { access?: object | string; id?: object; scope?: string; refresh?: string }) {
  const idClaims = { sub: 'sub-1', email: 'anna@example.com', ...args.id };
  return {
    access_token: typeof args.access === 'string' ? args.access : jwt({ sub: 'sub-1', ...args.access }),
    id_token: jwt(idClaims),
    token_type: 'bearer' as const,
    ...(args.refresh ? { refresh_token: args.refresh } : {}),
    ...(args.scope !== undefined ? { scope: args.scope } : {}),
    claims: () => idClaims as never,
    expiresIn: () => 600,
  } as unknown as Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
}
const signIn = () =>
  exchangeCode(new URL('http://localhost:3999/auth/callback?code=c&state=s'), { state: 's', nonce: 'n', codeVerifier: 'v', createdAt: Date.now() });

beforeEach(() => {
  vi.mocked(client.fetchUserInfo).mockReset().mockResolvedValue({ sub: 'sub-1' });
});

describe('the chosen group', () => {
  test('in the access token: read there, userinfo not asked, the log names the access token', async () => {
    const info = vi.spyOn(log, 'info');
    vi.mocked(client.authorizationCodeGrant).mockResolvedValueOnce(tokens({ access: group }));
    expect((await signIn()).profile.group).toEqual({ id: 'g-7', name: 'Kantine Nord' });
    expect(client.fetchUserInfo).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith({ event: 'group-claim', source: 'access_token' }, 'chosen group found');
  });

  test('an opaque access token: userinfo (for the same subject), then the ID token', async () => {
    const info = vi.spyOn(log, 'info');
    vi.mocked(client.fetchUserInfo).mockResolvedValueOnce({ sub: 'sub-1', ...group });
    vi.mocked(client.authorizationCodeGrant).mockResolvedValueOnce(tokens({ access: 'opaque-token' }));
    expect((await signIn()).profile.group).toEqual({ id: 'g-7', name: 'Kantine Nord' });
    expect(client.fetchUserInfo).toHaveBeenCalledWith(expect.anything(), 'opaque-token', 'sub-1');
    expect(info).toHaveBeenLastCalledWith({ event: 'group-claim', source: 'userinfo' }, 'chosen group found');

    vi.mocked(client.authorizationCodeGrant).mockResolvedValueOnce(tokens({ access: 'opaque-token', id: group }));
    expect((await signIn()).profile.group).toEqual({ id: 'g-7', name: 'Kantine Nord' });
    expect(info).toHaveBeenLastCalledWith({ event: 'group-claim', source: 'id_token' }, 'chosen group found');
  });

  test('userinfo failing costs only the group from it; no group anywhere is said too', async () => {
    const info = vi.spyOn(log, 'info');
    vi.mocked(client.fetchUserInfo).mockRejectedValueOnce(new TypeError('fetch failed'));
    vi.mocked(client.authorizationCodeGrant).mockResolvedValueOnce(tokens({}));
    const user = await signIn();
    expect(user.profile).toEqual({ sub: 'sub-1', sid: undefined, email: 'anna@example.com', group: undefined });
    expect(info).toHaveBeenLastCalledWith({ event: 'group-claim', source: 'none' }, 'no chosen group in the tokens');
  });

  test('a refresh reads the group again, from the renewed access token', async () => {
    vi.mocked(client.authorizationCodeGrant).mockResolvedValueOnce(tokens({ refresh: 'rt-1' }));
    const first = await signIn();
    expect(first.profile.group).toBeUndefined();
    vi.mocked(client.refreshTokenGrant).mockResolvedValueOnce(tokens({ access: group, refresh: 'rt-2' }));
    const renewed = await refreshUser(first);
    expect(renewed.profile.group).toEqual({ id: 'g-7', name: 'Kantine Nord' });
    expect(renewed.refreshToken).toBe('rt-2');
  });
});

describe('the scopes granted', () => {
  test('groups or roles not granted: one warning naming them and what to configure, however many sign-ins', async () => {
    const warn = vi.spyOn(log, 'warn');
    for (let i = 0; i < 3; i++) {
      vi.mocked(client.authorizationCodeGrant).mockResolvedValueOnce(tokens({ scope: 'openid email profile' }));
      expect((await signIn()).scope).toBe('openid email profile');
    }
    const warnings = warn.mock.calls.filter(([fields]) => (fields as { event?: string }).event === 'scopes-not-granted');
    expect(warnings).toHaveLength(1);
    expect(warnings[0][0]).toMatchObject({ missing: ['groups', 'roles'] });
    expect(warnings[0][1]).toMatch(/allow them for the client/);
  });

  test('no scope in the answer: what was asked for was granted, and nothing is said', async () => {
    const warn = vi.spyOn(log, 'warn');
    vi.mocked(client.authorizationCodeGrant).mockResolvedValueOnce(tokens({}));
    expect((await signIn()).scope).toBe('openid email profile groups roles');
    expect(warn.mock.calls.some(([fields]) => (fields as { event?: string }).event === 'scopes-not-granted')).toBe(false);
  });
});

describe('revocation at sign-out (RFC 7009)', () => {
  test('the refresh token, with its type hint, at the endpoint the tenant names; none named: nothing sent', async () => {
    expect(await revokeRefreshToken('rt-9')).toBe(true);
    expect(client.tokenRevocation).toHaveBeenCalledWith(expect.anything(), 'rt-9', { token_type_hint: 'refresh_token' });
    vi.mocked(client.tokenRevocation).mockClear();
    metadata.revocation_endpoint = undefined;
    expect(await revokeRefreshToken('rt-9')).toBe(false);
    expect(client.tokenRevocation).not.toHaveBeenCalled();
  });
});
