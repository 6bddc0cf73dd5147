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
