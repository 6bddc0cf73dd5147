import { fail, ok } from '../http.ts';
import type { Context, Route } from './context.ts';

/**
 * useractions-srv: user existence (docs/provider-contract.md §2.2), JSON only. With `webfinger`
 * set it answers the recommended action (the shape docs/provider-contract.md §2.2 describes); without it, the
 * legacy check answers 204 for an unknown user.
 */
export function userActionRoutes({ store, issuer }: Context): Route[] {
  return [
    [
      'POST',
      '/useractions-srv/userexistence/:requestId',
      (_req, res, p, u, body) => {
        if (!store.requests.has(p.requestId)) return fail(res, 400, 10001, 'Invalid request id', 'UsersException');
        const account = store.accountByEmail(body.email);
        if (!u.searchParams.get('webfinger')) {
          if (!account) {
            res.writeHead(204);
            return res.end();
          }
          return ok(res, {});
        }
        // A federated domain signs in at its own identity provider (domain-based redirection).
        const domain = typeof body.email === 'string' ? body.email.split('@')[1]?.toLowerCase() : undefined;
        const federated = domain && Object.hasOwn(store.federatedDomains, domain) ? store.federatedDomains[domain] : undefined;
        if (federated) {
          const redirectUri = new URL(`/login-srv/social/login/${federated}/${p.requestId}`, issuer).toString();
          return ok(res, { action: 'redirect', providers: [{ provider: federated, redirectUri }] });
        }
        ok(res, account ? { action: 'login', providers: [] } : { action: 'register', providers: [] });
      },
      { body: 'json', malformed: (res) => fail(res, 415, 415, 'unsupported media type', 'UsersException') },
    ],
  ];
}
