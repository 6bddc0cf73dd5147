import 'server-only';
import { z } from 'zod';
import { askForData } from './answer';
import { identityProvidersOf, type IdentityProvider } from './identity-providers';

/**
 * Public client information for a request id (docs/provider-contract.md §2.1): the client's name,
 * and the identity providers the tenant offers for it (read leniently, lib/provider/identity-providers.ts).
 */
export type ClientInfo = { displayName: string | undefined; identityProviders: IdentityProvider[] };

const ClientInfoData = z
  .object({ client_display_name: z.string().optional(), client_name: z.string().optional() })
  .loose()
  .transform((d): ClientInfo => ({ displayName: d.client_display_name ?? d.client_name, identityProviders: identityProvidersOf(d) }));

export function getClientInfo(args: { requestId: string; locale?: string }): Promise<ClientInfo> {
  return askForData(
    {
      service: 'public-srv',
      operation: 'public.clientInfo',
      method: 'GET',
      path: `/public-srv/public/${encodeURIComponent(args.requestId)}`,
      locale: args.locale,
      signIn: args.requestId,
    },
    ClientInfoData,
  );
}
