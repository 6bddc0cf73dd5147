import { describe, expect, test } from 'vitest';
import { ConfigError, footerLinksFor, parseConfig } from '@/lib/config';
import { TEST_ENV } from './support/setup';

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseConfig', () => {
  test('a complete environment parses into the app configuration', () => {
    const config = parseConfig({ ...TEST_ENV, REDIRECT_ALLOWLIST: 'https://portal.example.com/path, https://b.example.com' });
    expect(config.providerOrigin).toBe('http://127.0.0.1:4999');
    expect(config.publicOrigin).toBe('http://localhost:3999');
    expect(config.redirectAllowlist).toEqual(['https://portal.example.com', 'https://b.example.com']);
    expect(config.providerTimeoutMs).toBe(8000);
    expect(config.secureCookies).toBe(false);
    expect(config.providerApi).toBe('current');
  });

  test('PROVIDER_API picks the reset and confirmation API generation: current or legacy, nothing else', () => {
    expect(parseConfig({ ...TEST_ENV, PROVIDER_API: 'legacy' }).providerApi).toBe('legacy');
    expect(problemsOf({ ...TEST_ENV, PROVIDER_API: 'v2' }).some((p) => p.startsWith('PROVIDER_API'))).toBe(true);
  });

  test('BRAND_NAME: the manufacturer as its customers know it, trimmed; Kitchen Works by default; not a paragraph', () => {
    expect(parseConfig({ ...TEST_ENV, BRAND_NAME: ' Kitchen Works ' }).brandName).toBe('Kitchen Works');
    expect(parseConfig(TEST_ENV).brandName).toBe('Kitchen Works');
    expect(problemsOf({ ...TEST_ENV, BRAND_NAME: 'K'.repeat(81) }).some((p) => p.startsWith('BRAND_NAME'))).toBe(true);
  });

  test('https public URL turns on secure cookies', () => {
    expect(parseConfig({ ...TEST_ENV, PUBLIC_URL: 'https://login.example.com' }).secureCookies).toBe(true);
  });

  test('one message names every missing variable', () => {
    const problems = problemsOf({});
    for (const name of ['PROVIDER_URL', 'PUBLIC_URL', 'SESSION_SECRET', 'CLIENT_ID', 'CLIENT_SECRET']) {
      expect(problems).toContain(`${name}: missing`);
    }
    expect(() => parseConfig({})).toThrow(/Invalid configuration:\n {2}- /);
  });

  test('bad values are named with the reason', () => {
    const problems = problemsOf({
      ...TEST_ENV,
      PROVIDER_URL: 'http://tenant.example.com',
      SESSION_SECRET: 'short',
      REDIRECT_ALLOWLIST: 'not a url',
      PROVIDER_TIMEOUT_MS: '5',
      FOOTER_LINKS: '{oops',
    });
    expect(problems.some((p) => p.startsWith('PROVIDER_URL: must use https'))).toBe(true);
    expect(problems.some((p) => p.startsWith('SESSION_SECRET'))).toBe(true);
    expect(problems.some((p) => p.startsWith('REDIRECT_ALLOWLIST'))).toBe(true);
    expect(problems.some((p) => p.startsWith('PROVIDER_TIMEOUT_MS'))).toBe(true);
    expect(problems.some((p) => p.startsWith('FOOTER_LINKS: must be JSON'))).toBe(true);
  });

  test('several session secrets are accepted for rotation', () => {
    const a = 'a'.repeat(32);
    const b = 'b'.repeat(32);
    expect(parseConfig({ ...TEST_ENV, SESSION_SECRET: `${a},${b}` }).sessionSecrets).toEqual([a, b]);
  });
});

describe('footerLinksFor', () => {
  const config = parseConfig({
    ...TEST_ENV,
    FOOTER_LINKS: JSON.stringify({
      imprint: { '*': 'https://example.com/imprint', 'de-DE': 'https://example.com/de/impressum' },
      termsOfUse: { 'en-GB': 'https://example.com/terms' },
    }),
  });

  test('the imprint differs per language; missing links are left out; order is fixed', () => {
    expect(footerLinksFor(config, 'de-DE')).toEqual([
      { name: 'imprint', href: 'https://example.com/de/impressum' },
      { name: 'termsOfUse', href: 'https://example.com/terms' },
    ]);
    expect(footerLinksFor(config, 'fr-FR')[0]).toEqual({ name: 'imprint', href: 'https://example.com/imprint' });
  });

  test('unknown link names and non-URLs are configuration errors', () => {
    expect(() => parseConfig({ ...TEST_ENV, FOOTER_LINKS: '{"cookies":{"*":"https://x.example"}}' })).toThrow(ConfigError);
    expect(() => parseConfig({ ...TEST_ENV, FOOTER_LINKS: '{"imprint":{"*":"not a url"}}' })).toThrow(ConfigError);
  });
});

describe('limits and the shared store', () => {
  test('defaults without RATE_LIMITS; overrides per name; a wrong name or shape names the variable', () => {
    expect(parseConfig(TEST_ENV).rateLimits['email.address']).toEqual({ points: 30, seconds: 60 });
    const limits = parseConfig({ ...TEST_ENV, RATE_LIMITS: '{"email.address":"100/30"}' }).rateLimits;
    expect(limits['email.address']).toEqual({ points: 100, seconds: 30 });
    expect(limits['password.account']).toEqual({ points: 10, seconds: 300 });
    expect(() => parseConfig({ ...TEST_ENV, RATE_LIMITS: '{"email.nope":"1/1"}' })).toThrow(/RATE_LIMITS/);
    expect(() => parseConfig({ ...TEST_ENV, RATE_LIMITS: '{"email.address":"fast"}' })).toThrow(/RATE_LIMITS/);
    expect(() => parseConfig({ ...TEST_ENV, RATE_LIMITS: 'nope' })).toThrow(/RATE_LIMITS: must be JSON/);
  });

  test('REDIS_URL is redis:// or rediss://; TRUSTED_PROXIES takes addresses, ranges and names', () => {
    expect(parseConfig({ ...TEST_ENV, REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(parseConfig(TEST_ENV).redisUrl).toBeUndefined();
    expect(() => parseConfig({ ...TEST_ENV, REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
    const trust = parseConfig({ ...TEST_ENV, TRUSTED_PROXIES: 'loopback, 10.0.0.0/8' }).trustProxy;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('10.1.2.3', 0)).toBe(true);
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(() => parseConfig({ ...TEST_ENV, TRUSTED_PROXIES: 'not-an-address' })).toThrow(/TRUSTED_PROXIES/);
  });
});
