import { describe, expect, test } from 'vitest';
import { parseConfig } from '@/lib/config';
import {
  identityProvidersOf,
  MAX_IDENTITY_PROVIDERS,
  orderIdentityProviders,
  socialLoginUrl,
  usableLogo,
  type IdentityProvider,
} from '@/lib/provider/identity-providers';
import { identityProviderLists, identityProvidersCheck } from '@/scripts/tenant-identity-providers';
import type { Recorded } from '@/scripts/tenant-record';
import { TEST_ENV } from './support/setup';

/**
 * The identity providers of the client information (lib/provider/identity-providers.ts): the
 * answer's shapes are known only from a type (docs/provider-contract.md "Identity providers"), so
 * each list is read leniently and alone.
 */
describe('identityProvidersOf', () => {
  test('social names, and custom, SAML and AD objects, become one list in the tenant order', () => {
    const providers = identityProvidersOf({
      client_display_name: 'Portal',
      login_providers: ['google', 'LinkedIn'],
      custom_providers: [{ provider_name: 'Acme-OIDC', type: 'OIDC', display_name: 'Acme Login' }],
      saml_providers: [{ provider_name: 'acme-saml', type: 'SAML', display_name: 'Acme Corp SSO', logo_url: 'https://tenant.example/logo.png' }],
      ad_providers: [{ provider_name: 'corp-ad', type: 'AD' }],
    });
    expect(providers).toEqual([
      { name: 'google', kind: 'social', label: 'Google' },
      { name: 'linkedin', kind: 'social', label: 'LinkedIn' },
      { name: 'acme-oidc', kind: 'custom', label: 'Acme Login' },
      { name: 'acme-saml', kind: 'saml', label: 'Acme Corp SSO', logoUrl: 'https://tenant.example/logo.png' },
      { name: 'corp-ad', kind: 'ad', label: 'corp-ad' },
    ]);
  });

  test('an answer without providers, or with lists of the wrong type, offers none', () => {
    expect(identityProvidersOf({ client_name: 'x' })).toEqual([]);
    expect(identityProvidersOf(undefined)).toEqual([]);
    expect(identityProvidersOf({ login_providers: 'google', saml_providers: { provider_name: 'a' }, ad_providers: null })).toEqual([]);
  });

  test('a malformed entry is left out alone; the others stay', () => {
    const providers = identityProvidersOf({
      login_providers: ['', 42, null, '  ', 'github', { provider_name: 'apple' }],
      saml_providers: [{ type: 'SAML' }, { provider_name: 7 }, 'acme', { provider_name: ' acme ', display_name: 12 }],
    });
    expect(providers.map((p) => [p.name, p.label])).toEqual([
      ['github', 'GitHub'],
      ['apple', 'Apple'],
      ['acme', 'acme'],
    ]);
  });

  test('a name that would be a dot segment of the login URL ("." or "..") is no provider', () => {
    expect(identityProvidersOf({ login_providers: ['.', '..', 'google'], custom_providers: [{ provider_name: '...' }] }).map((p) => p.name)).toEqual([
      'google',
    ]);
  });

  test('isProviderVisible false (or "false") hides a provider; true, absent or anything else shows it', () => {
    const providers = identityProvidersOf({
      custom_providers: [
        { provider_name: 'hidden', isProviderVisible: false },
        { provider_name: 'hidden-text', isProviderVisible: 'false' },
        { provider_name: 'shown', isProviderVisible: true },
        { provider_name: 'unsaid' },
        { provider_name: 'odd', isProviderVisible: 0 },
      ],
    });
    expect(providers.map((p) => p.name)).toEqual(['shown', 'unsaid', 'odd']);
  });

  test('each provider once, by its lower-case name: the first mention wins', () => {
    const providers = identityProvidersOf({
      login_providers: ['Google', 'google'],
      custom_providers: [{ provider_name: 'GOOGLE', display_name: 'Not Google' }],
    });
    expect(providers).toEqual([{ name: 'google', kind: 'social', label: 'Google' }]);
  });

  test('an unknown social provider is named with a capital; display names and names are trimmed and capped', () => {
    const long = 'x'.repeat(200);
    const [social, custom] = identityProvidersOf({
      login_providers: ['keycloakish'],
      custom_providers: [{ provider_name: '  spaced  ', display_name: long }],
    });
    expect(social.label).toBe('Keycloakish');
    expect(custom.name).toBe('spaced');
    expect(custom.label).toHaveLength(80);
  });

  test(`at most ${MAX_IDENTITY_PROVIDERS} providers are offered`, () => {
    const providers = identityProvidersOf({ login_providers: Array.from({ length: 30 }, (_, i) => `p${i}`) });
    expect(providers).toHaveLength(MAX_IDENTITY_PROVIDERS);
    expect(providers[0].name).toBe('p0');
  });
});

describe('orderIdentityProviders (IDENTITY_PROVIDERS_FIRST)', () => {
  const list: IdentityProvider[] = ['google', 'microsoft', 'acme-saml', 'corp-ad'].map((name) => ({ name, kind: 'social', label: name }));

  test('the named providers first, in the setting order; the rest in the tenant order', () => {
    expect(orderIdentityProviders(list, ['corp-ad', 'acme-saml']).map((p) => p.name)).toEqual(['corp-ad', 'acme-saml', 'google', 'microsoft']);
  });

  test('names the tenant does not offer are ignored; no setting keeps the tenant order', () => {
    expect(orderIdentityProviders(list, ['nowhere', 'ACME-SAML']).map((p) => p.name)).toEqual(['acme-saml', 'google', 'microsoft', 'corp-ad']);
    expect(orderIdentityProviders(list, []).map((p) => p.name)).toEqual(['google', 'microsoft', 'acme-saml', 'corp-ad']);
  });

  test('the setting is read from the environment: comma-separated, trimmed, lower-case', () => {
    expect(parseConfig({ ...TEST_ENV, IDENTITY_PROVIDERS_FIRST: ' Acme-SAML , ,google' }).identityProvidersFirst).toEqual(['acme-saml', 'google']);
    expect(parseConfig(TEST_ENV).identityProvidersFirst).toEqual([]);
  });
});

describe('socialLoginUrl', () => {
  const provider = new URL('https://tenant.example.com');

  test("the tenant's social login for the provider (lower-case) and the request", () => {
    expect(socialLoginUrl(provider, 'Google', 'req-123')).toBe('https://tenant.example.com/login-srv/social/login/google/req-123');
  });

  test('both segments are encoded: a slash, a space or a query character stays in its segment', () => {
    expect(socialLoginUrl(provider, 'acme/sso x', 'a?b#c/d')).toBe('https://tenant.example.com/login-srv/social/login/acme%2Fsso%20x/a%3Fb%23c%2Fd');
  });

  test('a provider URL with a path still leads to the tenant root paths', () => {
    expect(socialLoginUrl(new URL('https://tenant.example.com/base/'), 'github', 'r')).toBe('https://tenant.example.com/login-srv/social/login/github/r');
  });
});

describe('usableLogo', () => {
  const origin = 'https://tenant.example.com';

  test("a logo at the tenant's origin is shown (the CSP lets images load from there)", () => {
    expect(usableLogo('https://tenant.example.com/logos/acme.png', origin)).toBe('https://tenant.example.com/logos/acme.png');
  });

  test('a logo anywhere else, a data or script URL, or nonsense is left out', () => {
    for (const logo of [
      'https://cdn.example.net/acme.png',
      'http://tenant.example.com/acme.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'not a url',
      undefined,
    ]) {
      expect(usableLogo(logo, origin)).toBeUndefined();
    }
  });
});

describe("tenant:check's identity providers row", () => {
  const offered = identityProvidersOf({
    login_providers: ['google'],
    saml_providers: [{ provider_name: 'acme-saml', type: 'SAML', display_name: 'Acme Corp SSO' }],
  });

  test('names the buttons in the order the e-mail step shows them', () => {
    expect(identityProvidersCheck(offered, ['acme-saml'])).toEqual({
      name: 'Identity providers',
      result: 'PASS',
      detail: '2 buttons on the e-mail step: "Acme Corp SSO" (acme-saml, SAML), "Google" (google, social)',
    });
    expect(identityProvidersCheck([], []).detail).toBe('none offered for this client: the e-mail step shows no other way in');
  });

  test('fails when IDENTITY_PROVIDERS_FIRST names a provider the tenant does not offer', () => {
    const check = identityProvidersCheck(offered, ['acme-sso', 'google']);
    expect(check.result).toBe('FAIL');
    expect(check.detail).toContain('IDENTITY_PROVIDERS_FIRST names acme-sso, which the tenant does not offer this client');
  });

  test('says which provider lists the client information carried', () => {
    const recorded = (data: Record<string, unknown>) => [{ operation: 'public.clientInfo', body: { data } }] as unknown as Recorded[];
    expect(identityProviderLists(recorded({ client_name: 'x', login_providers: [], saml_providers: [] }))).toBe('login_providers, saml_providers');
    expect(identityProviderLists(recorded({ client_name: 'x' }))).toBe('none of login_providers, custom_providers, saml_providers, ad_providers');
    expect(identityProviderLists([])).toBeUndefined();
  });
});
