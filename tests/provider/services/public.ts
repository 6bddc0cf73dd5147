import { fail, ok } from '../http.ts';
import type { Context, Route } from './context.ts';

/** public-srv: client information for a requestId (docs/provider-contract.md §2.1), with the client's identity providers. */
export function publicRoutes({ store, issuer }: Context): Route[] {
  // The identity providers the tenant offers the client; the seed's relative logo addresses are the stand-in's own.
  const providers = store.identityProviders;
  const withLogo = <T extends { logo_url?: string }>(entry: T): T =>
    entry.logo_url?.startsWith('/') ? { ...entry, logo_url: `${issuer}${entry.logo_url}` } : entry;
  const listed = {
    login_providers: providers.login_providers,
    custom_providers: providers.custom_providers.map(withLogo),
    saml_providers: providers.saml_providers.map(withLogo),
    ad_providers: providers.ad_providers.map(withLogo),
  };

  return [
    [
      'GET',
      '/public-srv/public/:requestId',
      (_req, res, p) => {
        const request = store.requests.get(p.requestId);
        if (!request) return fail(res, 400, 'PUB10001', 'request ID is invalid', 'PublicException');
        ok(res, {
          client_display_name: store.client.displayName,
          client_name: store.client.name,
          logo_uri: '',
          policy_uri: '',
          tos_uri: '',
          passwordless_enabled: false,
          registration_enabled: !request.registrationOff,
          invite_enabled: true,
          ...(request.captcha ? { captcha_site_key: '6Lc-standin-site-key' } : {}),
          ...(request.passwordPolicy ? { password_policy: { policy_name: 'tenant', ...request.passwordPolicy } } : {}),
          ...listed,
        });
      },
    ],
  ];
}
