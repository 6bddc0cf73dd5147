import { z } from 'zod';

/**
 * The identity providers a tenant offers for a client, read from the client information
 * (`GET /public-srv/public/{requestId}`, docs/provider-contract.md "Identity providers"):
 * `login_providers` lists social providers by plain name; `custom_providers`, `saml_providers`
 * and `ad_providers` list objects `{provider_name, type, logo_url?, display_name?}`, and the
 * app-side shape adds `isProviderVisible`. Only a type describes the objects (no sample answer),
 * so every list is read leniently: a missing or malformed list counts as empty, a malformed entry
 * is left out alone, and a social entry may come as a name or as an object.
 */
export type IdentityProviderKind = 'social' | 'custom' | 'saml' | 'ad';

export type IdentityProvider = {
  /** The tenant's provider_name, lower-case: the path segment of the social login URL. */
  name: string;
  kind: IdentityProviderKind;
  /** What the button says: the tenant's display name, else a known social brand, else the name. */
  label: string;
  /** The tenant's logo, when it gave one (shown only where the page's CSP allows it). */
  logoUrl?: string;
};

/** A page offers at most this many: a longer list is a misconfiguration, not a choice. */
export const MAX_IDENTITY_PROVIDERS = 12;
const MAX_NAME = 100;
const MAX_LABEL = 80;

/** Social providers whose brand name is known (cidaas's provider names, lower-case). */
const SOCIAL_BRANDS: Record<string, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  twitter: 'X',
  x: 'X',
  yahoo: 'Yahoo',
  amazon: 'Amazon',
  paypal: 'PayPal',
  salesforce: 'Salesforce',
};

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((s) => s.slice(0, max));

const Entry = z
  .object({
    // "." and ".." would be dot segments of the login URL (even encoded): no provider's name.
    provider_name: text(MAX_NAME).refine((name) => !/^\.+$/.test(name)),
    display_name: z.unknown().optional(),
    logo_url: z.unknown().optional(),
    type: z.unknown().optional(),
    isProviderVisible: z.unknown().optional(),
  })
  .loose();

type RawEntry = z.infer<typeof Entry>;

/** `isProviderVisible` hides a provider only when it says so (false, or the string "false"). */
const hidden = (entry: RawEntry) => entry.isProviderVisible === false || entry.isProviderVisible === 'false';

function optionalText(value: unknown, max: number): string | undefined {
  const parsed = text(max).safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function entriesOf(list: unknown, social: boolean): RawEntry[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const parsed = Entry.safeParse(social && typeof item === 'string' ? { provider_name: item } : item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A known social brand's name, or the provider name with a capital. */
function socialLabel(name: string): string {
  return SOCIAL_BRANDS[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The providers of a client information answer, in the tenant's order (social, custom, SAML, AD),
 * each once (by its lower-case name, first mention wins), hidden ones left out, at most
 * MAX_IDENTITY_PROVIDERS.
 */
export function identityProvidersOf(data: unknown): IdentityProvider[] {
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const lists: Array<[IdentityProviderKind, string]> = [
    ['social', 'login_providers'],
    ['custom', 'custom_providers'],
    ['saml', 'saml_providers'],
    ['ad', 'ad_providers'],
  ];
  const seen = new Set<string>();
  const providers: IdentityProvider[] = [];
  for (const [kind, key] of lists) {
    for (const entry of entriesOf(record[key], kind === 'social')) {
      const name = entry.provider_name.toLowerCase();
      if (seen.has(name)) continue;
      seen.add(name);
      if (hidden(entry)) continue;
      const displayName = optionalText(entry.display_name, MAX_LABEL);
      const logoUrl = optionalText(entry.logo_url, 2048);
      providers.push({
        name,
        kind,
        label: displayName ?? (kind === 'social' ? socialLabel(name) : entry.provider_name),
        ...(logoUrl ? { logoUrl } : {}),
      });
    }
  }
  return providers.slice(0, MAX_IDENTITY_PROVIDERS);
}

/**
 * The operator's order (IDENTITY_PROVIDERS_FIRST): the providers it names first, in its order,
 * then the others in the tenant's. A name the tenant does not offer is ignored.
 */
export function orderIdentityProviders(providers: readonly IdentityProvider[], first: readonly string[]): IdentityProvider[] {
  const rank = new Map(first.map((name, index) => [name.toLowerCase(), index]));
  const chosen = providers.filter((p) => rank.has(p.name)).sort((a, b) => rank.get(a.name)! - rank.get(b.name)!);
  return [...chosen, ...providers.filter((p) => !rank.has(p.name))];
}

/**
 * Where the button sends the browser: the tenant's social login for the provider and request
 * (`GET /login-srv/social/login/{provider_name lower-case}/{requestId}`, a 302 to the identity
 * provider; docs/provider-contract.md "Identity providers"). Both segments are encoded, so a
 * provider name with a slash or a space stays one segment.
 */
export function socialLoginUrl(providerUrl: URL, provider: string, requestId: string): string {
  return new URL(`/login-srv/social/login/${encodeURIComponent(provider.toLowerCase())}/${encodeURIComponent(requestId)}`, providerUrl).toString();
}

/**
 * A tenant logo the page may show: an https address (or http on the tenant's own origin, as the
 * stand-in serves) at the tenant's origin, which the page's Content-Security-Policy lets images
 * load from (lib/security/csp.ts, img-src); any other is left out for the neutral icon.
 */
export function usableLogo(logoUrl: string | undefined, providerOrigin: string): string | undefined {
  if (!logoUrl || !URL.canParse(logoUrl)) return undefined;
  const url = new URL(logoUrl);
  return url.origin === providerOrigin && (url.protocol === 'https:' || url.protocol === 'http:') ? url.toString() : undefined;
}
