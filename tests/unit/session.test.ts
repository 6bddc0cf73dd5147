import { describe, expect, test, vi } from 'vitest';

describe('session options', () => {
  test('the newest secret (listed first) seals; all of them unseal', async () => {
    const { passwordMap } = await import('@/lib/session');
    expect(passwordMap(['new-secret', 'old-secret'])).toEqual({ '2': 'new-secret', '1': 'old-secret' });
  });

  test('plain http (loopback development): no __Host- prefix and no Secure flag', async () => {
    const { sessionOptions, FLOW_TTL_SECONDS } = await import('@/lib/session');
    const options = sessionOptions();
    expect(options.cookieName).toBe('signin_flow');
    expect(options.ttl).toBe(FLOW_TTL_SECONDS);
    expect(options.cookieOptions).toMatchObject({ httpOnly: true, secure: false, sameSite: 'lax', path: '/' });
  });

  test('https: __Host- names, Secure, HttpOnly, SameSite=Lax, short flow TTL', async () => {
    vi.resetModules();
    vi.stubEnv('PUBLIC_URL', 'https://login.example.com');
    const { sessionOptions } = await import('@/lib/session');
    const flow = sessionOptions();
    expect(flow.cookieName).toBe('__Host-signin_flow');
    expect(flow.cookieOptions).toMatchObject({ secure: true, httpOnly: true, sameSite: 'lax', path: '/' });
    expect(flow.cookieOptions).not.toHaveProperty('domain');
    expect(flow.ttl).toBeLessThanOrEqual(900);
    vi.unstubAllEnvs();
  });
});
