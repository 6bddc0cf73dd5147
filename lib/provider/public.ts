import 'server-only';
import { z } from 'zod';
import { askForData } from './answer';

/** Public client information for a request id (docs/provider-contract.md §2.1). */
export type ClientInfo = { displayName: string | undefined };

const ClientInfoData = z
  .object({ client_display_name: z.string().optional(), client_name: z.string().optional() })
  .loose()
  .transform((d): ClientInfo => ({ displayName: d.client_display_name ?? d.client_name }));

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
