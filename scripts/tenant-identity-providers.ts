// tenant:check's row on the identity providers the tenant offers for the client (docs/features.md
// "Identity providers"): which buttons the e-mail step shows, in its order, and whether
// IDENTITY_PROVIDERS_FIRST names one the tenant does not offer.
import { orderIdentityProviders, type IdentityProvider } from '../lib/provider/identity-providers.ts';
import type { Recorded } from './tenant-record.ts';
import type { Check } from './tenant-report.ts';

const KINDS: Record<IdentityProvider['kind'], string> = { social: 'social', custom: 'custom OIDC', saml: 'SAML', ad: 'AD' };

export function identityProvidersCheck(providers: readonly IdentityProvider[], first: readonly string[]): Check {
  const name = 'Identity providers';
  const offered = new Set(providers.map((p) => p.name));
  const unknown = first.filter((p) => !offered.has(p));
  const listed = orderIdentityProviders(providers, first).map((p) => `"${p.label}" (${p.name}, ${KINDS[p.kind]})`);
  const shown = listed.length
    ? `${listed.length} button${listed.length === 1 ? '' : 's'} on the e-mail step: ${listed.join(', ')}`
    : 'none offered for this client: the e-mail step shows no other way in';
  if (unknown.length)
    return {
      name,
      result: 'FAIL',
      detail: `${shown}.\nIDENTITY_PROVIDERS_FIRST names ${unknown.join(', ')}, which the tenant does not offer this client: correct the name, or offer the provider in the client's settings.`,
    };
  return { name, result: 'PASS', detail: shown };
}

/** Which of the provider lists the client information answer carried (their shapes are known only from a type). */
export function identityProviderLists(recorded: readonly Recorded[]): string | undefined {
  const answer = recorded.filter((r) => r.operation === 'public.clientInfo').at(-1);
  const data = (answer?.body as { data?: unknown } | undefined)?.data;
  if (!data || typeof data !== 'object') return undefined;
  const keys = ['login_providers', 'custom_providers', 'saml_providers', 'ad_providers'].filter((key) => key in data);
  return keys.length ? keys.join(', ') : 'none of login_providers, custom_providers, saml_providers, ad_providers';
}
