import 'server-only';
import { z } from 'zod';
import { askForData } from './answer';
import { identityProvidersOf, type IdentityProvider } from './identity-providers';

/**
 * Public client information for a request id (docs/provider-contract.md §2.1): the client's name,
 * the identity providers the tenant offers for it (read leniently, lib/provider/identity-providers.ts),
 * and what it says of registration (§2.15): whether self-registration and invitations are on (only
 * where the answer says so), and whether it asks for a captcha, which this product does not render.
 */
export type ClientInfo = { displayName: string | undefined; identityProviders: IdentityProvider[]; registration: RegistrationSettings };
export type RegistrationSettings = { selfService: boolean | undefined; invitations: boolean | undefined; captcha: boolean };

const flag = z
  .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
  .optional()
  .catch(undefined);

const ClientInfoData = z
  .object({
    client_display_name: z.string().optional(),
    client_name: z.string().optional(),
    registration_enabled: flag,
    invite_enabled: flag,
    captcha_site_key: z.string().optional().catch(undefined),
  })
  .loose()
  .transform((d): ClientInfo => ({
    displayName: d.client_display_name ?? d.client_name,
    identityProviders: identityProvidersOf(d),
    registration: { selfService: d.registration_enabled, invitations: d.invite_enabled, captcha: Boolean(d.captcha_site_key?.trim()) },
  }));

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
