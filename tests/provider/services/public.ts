import { fail, ok } from '../http.ts';
import type { Context, Route } from './context.ts';

/** public-srv: client information for a requestId (docs/provider-contract.md §2.1). */
export function publicRoutes({ store }: Context): Route[] {
  return [
    [
      'GET',
      '/public-srv/public/:requestId',
      (_req, res, p) => {
        if (!store.requests.has(p.requestId)) return fail(res, 400, 'PUB10001', 'request ID is invalid', 'PublicException');
        ok(res, {
          client_display_name: store.client.displayName,
          client_name: store.client.name,
          logo_uri: '',
          policy_uri: '',
          tos_uri: '',
          passwordless_enabled: false,
          login_providers: [],
        });
      },
    ],
  ];
}
