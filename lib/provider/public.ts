import 'server-only';
import { z } from 'zod';
import { callForData } from './http';

/** Public client information for a request id (provider-api.md §5.1). */
export type ClientInfo = { displayName: string | undefined };

const ClientInfoData = z
  .object({ client_display_name: z.string().optional(), client_name: z.string().optional() })
  .loose()
  .transform((d): ClientInfo => ({ displayName: d.client_display_name ?? d.client_name }));

export function getClientInfo(args: { requestId: string; locale?: string }): Promise<ClientInfo> {
  return callForData(
    {
      operation: 'public.clientInfo',
      method: 'GET',
      path: `/public-srv/public/${encodeURIComponent(args.requestId)}`,
      locale: args.locale,
    },
    ClientInfoData,
  );
}
