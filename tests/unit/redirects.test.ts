import { describe, expect, test } from 'vitest';
import { allowedRedirectOrigins, checkRedirect, localPath, withQuery } from '@/lib/redirects';

const allowed = allowedRedirectOrigins({
  providerOrigin: 'https://tenant.cidaas.de',
  publicOrigin: 'https://login.example.com',
  redirectAllowlist: ['https://portal.example.com'],
});

describe('checkRedirect', () => {
  test.each([
    'https://tenant.cidaas.de/login-srv/social/login/google/abc',
    'https://portal.example.com/callback?code=1',
    'https://login.example.com/success',
    'HTTPS://PORTAL.EXAMPLE.COM/x',
  ])('accepts an allow-listed target: %s', (target) => {
    expect(checkRedirect(target, allowed)).toBe(new URL(target).toString());
  });

  // Known open-redirect tricks: each of these has broken some allow-list somewhere.
  test.each([
    '//evil.example',
    '/\\evil.example',
    'https:evil.example',
    'https://portal.example.com@evil.example',
    'https://portal.example.com.evil.example',
    'https://evil.example#@portal.example.com',
    'https://evil.example?https://portal.example.com',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://portal.example.com\t.evil.example',
    'https://portal.example.com\r\nLocation: https://evil.example',
    'http://portal.example.com/insecure',
    'http://good%25@evil.example',
    '%2f%5cevil.example',
    'https://xn--portl-4qa.example.com',
    'https://user:pass@portal.example.com/',
    'https://portal.example.com:8443/',
    '',
    'relative/path',
    '/success',
  ])('refuses %j', (target) => {
    expect(checkRedirect(target, allowed)).toBeNull();
  });

  test('refuses non-strings and absurd lengths', () => {
    expect(checkRedirect(undefined, allowed)).toBeNull();
    expect(checkRedirect(42, allowed)).toBeNull();
    expect(checkRedirect(`https://portal.example.com/${'a'.repeat(3000)}`, allowed)).toBeNull();
  });

  test('accepts http only for loopback origins that are listed', () => {
    const local = ['http://127.0.0.1:4000'];
    expect(checkRedirect('http://127.0.0.1:4000/x', local)).toBe('http://127.0.0.1:4000/x');
    expect(checkRedirect('http://127.0.0.1:4001/x', local)).toBeNull();
  });
});

describe('withQuery', () => {
  test('adds encoded parameters and keeps existing ones', () => {
    expect(withQuery('https://idp.example/start?a=1', { login_hint: 'a+b@example.com' })).toBe('https://idp.example/start?a=1&login_hint=a%2Bb%40example.com');
  });
});

describe("localPath (the language selector's way back)", () => {
  test.each([
    ['/login?requestId=abc', '/login?requestId=abc'],
    ['/', '/'],
    ['/?requestId=x&ui_locales=de', '/?requestId=x&ui_locales=de'],
  ])('keeps %j', (value, expected) => {
    expect(localPath(value)).toBe(expected);
  });

  test.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', '/%0d%0aSet-Cookie:x', 'login', '', null, 42, `/${'a'.repeat(3000)}`])(
    'turns %j into /',
    (value) => {
      expect(['/', '/%0d%0aSet-Cookie:x']).toContain(localPath(value));
      expect(localPath(value).startsWith('//')).toBe(false);
    },
  );
});

test('localPath refuses paths that normalise to another host', () => {
  for (const tricky of ['/.//evil.example', '/%2e//evil.example', '/a/..//evil.example', '/./\\evil.example', '//evil.example', '/\\evil.example']) {
    expect(localPath(tricky), tricky).toBe('/');
  }
  expect(localPath('/success?x=1')).toBe('/success?x=1');
});
