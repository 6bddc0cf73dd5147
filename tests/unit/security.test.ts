import { describe, expect, test } from 'vitest';
import { buildCsp, newNonce, nonceOf } from '@/lib/security/csp';
import { isSameOriginPost } from '@/lib/security/origin';

const PUBLIC = 'https://login.example.com';

describe('isSameOriginPost', () => {
  test.each([
    ['this origin', PUBLIC, null, true],
    ['this origin, whatever fetch metadata says', PUBLIC, 'cross-site', true],
    ['a foreign origin', 'https://evil.example', 'same-origin', false],
    ['a look-alike origin', 'https://login.example.com.evil.example', null, false],
    ['null from this site (no-referrer form post)', 'null', 'same-origin', true],
    ['null from another site (sandboxed frame)', 'null', 'cross-site', false],
    ['null from a sibling site', 'null', 'same-site', false],
    ['null without fetch metadata', 'null', null, false],
    ['no origin, same-origin fetch metadata', null, 'same-origin', true],
    ['no origin, no metadata (a script, not a browser)', null, null, false],
  ])('%s', (_label, origin, site, expected) => {
    expect(isSameOriginPost(origin, site, PUBLIC)).toBe(expected);
  });
});

describe('buildCsp', () => {
  const base = {
    nonce: 'abc123',
    providerOrigin: 'https://tenant.cidaas.de',
    formOrigins: ['https://portal.example.com'],
    development: false,
    upgradeInsecureRequests: true,
  };

  test('production policy: nonce scripts only, no inline or eval, locked framing and forms', () => {
    const csp = buildCsp(base);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
    expect(csp).toContain("form-action 'self' https://tenant.cidaas.de https://portal.example.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/upgrade-insecure-requests$/);
  });

  test('development adds eval for the dev server only; plain-http loopback skips the upgrade', () => {
    const csp = buildCsp({ ...base, development: true, upgradeInsecureRequests: false });
    expect(csp).toContain("'unsafe-eval'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  test('origins listed twice appear once', () => {
    expect(buildCsp({ ...base, formOrigins: ['https://tenant.cidaas.de'] })).toContain("form-action 'self' https://tenant.cidaas.de;");
  });
});

describe('newNonce', () => {
  test('128 bits in base64, never the same twice, across refills of its pool', () => {
    const nonces = Array.from({ length: 1000 }, newNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(nonces.every((nonce) => /^[A-Za-z0-9+/]{22}==$/.test(nonce))).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  test('the page reads the nonce back from the policy', () => {
    const nonce = newNonce();
    const csp = buildCsp({ nonce, providerOrigin: 'https://tenant.cidaas.de', formOrigins: [], development: false, upgradeInsecureRequests: true });
    expect(nonceOf(csp)).toBe(nonce);
    expect(nonceOf(null)).toBeUndefined();
    expect(nonceOf("default-src 'none'")).toBeUndefined();
  });
});
