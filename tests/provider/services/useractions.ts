import { fail, ok, str } from '../http.ts';
import type { Context, Route } from './context.ts';

/**
 * useractions-srv: user existence (docs/provider-contract.md §2.2), JSON only. `webfinger` is read
 * from the JSON body, where cidaas's JavaScript SDK sends it (a query parameter alone counts for
 * nothing here). With it set, the recommended action; for an address without an account the answer
 * is not published, so the stand-in gives each plausible one by the address's domain
 * (store.unknownUserAnswer). Without it, the legacy check answers 204 for an unknown user.
 */
export function userActionRoutes({ store, issuer }: Context): Route[] {
  return [
    [
      'POST',
      '/useractions-srv/userexistence/:requestId',
      (_req, res, p, _u, body) => {
        if (!store.requests.has(p.requestId)) return fail(res, 400, 10001, 'Invalid request id', 'UsersException');
        const account = store.accountByEmail(body.email);
        const unknown = account ? undefined : store.unknownUserAnswer(body.email);
        if (!str(body.webfinger) || unknown === '204') {
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
        if (unknown === '10301') return fail(res, 400, 10301, 'user not found', 'UsersException');
        if (unknown === 'no-action' || unknown === 'masked') return ok(res, { providers: [] });
        ok(res, account ? { action: 'login', providers: [] } : { action: 'register', providers: [] });
      },
      { body: 'json', malformed: (res) => fail(res, 415, 415, 'unsupported media type', 'UsersException') },
    ],
  ];
}
