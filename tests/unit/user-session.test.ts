import { beforeEach, describe, expect, test, vi } from 'vitest';

/** A cookie jar standing in for next/headers' cookies(): what the response would set. */
const jar = new Map<string, { value: string; options?: Record<string, unknown> }>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)!.value } : undefined),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string, options: Record<string, unknown>) => jar.set(name, { value, options }),
    delete: ({ name }: { name: string }) => jar.delete(name),
  }),
}));
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T>(fn: T) => fn }));

const user = (tokenLength: number) => ({
  idToken: 'i'.repeat(tokenLength),
  accessToken: 'a'.repeat(tokenLength),
  refreshToken: 'r',
  tokenType: 'Bearer',
  scope: 'openid email profile groups roles',
  profile: { sub: 'sub-1', email: 'anna@example.com' },
  issuedAt: 1,
  expiresAt: 2,
});

describe('the user session cookie', () => {
  beforeEach(() => jar.clear());

  test('a small session is one HttpOnly, SameSite=Lax cookie and reads back as it was', async () => {
    const { readUserSession, saveUserSession } = await import('@/lib/user-session');
    await saveUserSession({ user: user(100) });
    expect([...jar.keys()]).toEqual(['signin_user']);
    expect(jar.get('signin_user')!.options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' });
    expect(jar.get('signin_user')!.value).not.toContain('anna@example.com');
    await expect(readUserSession()).resolves.toEqual({ user: user(100) });
  });

  test('large tokens are split across two cookies under the browser limit, and joined again', async () => {
    const { readUserSession, saveUserSession } = await import('@/lib/user-session');
    await saveUserSession({ user: user(2000) });
    expect([...jar.keys()]).toEqual(['signin_user', 'signin_user.1']);
    for (const { value } of jar.values()) expect(value.length).toBeLessThanOrEqual(3800);
    await expect(readUserSession()).resolves.toEqual({ user: user(2000) });

    // Shrinking removes the parts no longer needed; an empty session removes them all.
    await saveUserSession({ user: user(100) });
    expect([...jar.keys()]).toEqual(['signin_user']);
    await saveUserSession({});
    expect(jar.size).toBe(0);
  });

  test('a tampered or foreign seal reads as no session', async () => {
    const { readUserSession, saveUserSession } = await import('@/lib/user-session');
    await saveUserSession({ user: user(100) });
    const { value } = jar.get('signin_user')!;
    jar.set('signin_user', { value: value.slice(0, -4) + 'AAAA' });
    await expect(readUserSession()).resolves.toEqual({});
  });

  test('when all tokens do not fit in two cookies the ID token is left out; more than that is refused', async () => {
    const { readUserSession, saveUserSession } = await import('@/lib/user-session');
    const big = { ...user(1000), idToken: 'i'.repeat(6000) };
    await saveUserSession({ user: big });
    expect(jar.size).toBeLessThanOrEqual(2);
    const { idToken, ...rest } = big;
    expect(idToken.length).toBe(6000);
    await expect(readUserSession()).resolves.toEqual({ user: rest });
    await expect(saveUserSession({ user: user(12_000) })).rejects.toThrow(/too large/);
  });

  test('parts written by older versions (up to five) are removed on the next save', async () => {
    const { saveUserSession } = await import('@/lib/user-session');
    for (const name of ['signin_user.2', 'signin_user.3', 'signin_user.4']) jar.set(name, { value: 'old' });
    await saveUserSession({ user: user(100) });
    expect([...jar.keys()]).toEqual(['signin_user']);
  });
});
