import 'server-only';
import { z } from 'zod';
import type { GroupOption } from '../flows/groups';
import { callProvider, errorCodeOf, isSuccess } from './http';
import { ProviderError } from './errors';

/**
 * Precheck metadata (provider-api.md §5.8): the groups a track may continue with. The body shape
 * is not documented [U]; product-spec.md §3 names `meta_data.selectableGroups` with `groupId` and
 * `groupName`. It is accepted inside the envelope's `data` or at the top level, and parsed here
 * only, so a correction after testing against a real tenant touches one place.
 */
export type PreloginGroups = { kind: 'groups'; groups: GroupOption[] } | { kind: 'gone' };

const SelectableGroup = z
  .object({
    groupId: z.string().min(1).max(256),
    groupName: z.string().max(512).optional(),
    // Not in the spec: shown and searched when a tenant sends it (README: assumptions).
    customerNumber: z.union([z.string(), z.number()]).optional(),
    customer_number: z.union([z.string(), z.number()]).optional(),
  })
  .loose();

const WithMetadata = z
  .object({ meta_data: z.object({ selectableGroups: z.array(SelectableGroup).max(5000).default([]) }).loose().optional() })
  .loose();

export async function getSelectableGroups(args: { trackId: string; locale: string }): Promise<PreloginGroups> {
  const operation = 'prelogin.metadata';
  const reply = await callProvider({
    operation,
    method: 'GET',
    path: `/token-srv/prelogin/metadata/${encodeURIComponent(args.trackId)}`,
    // The original product always sent `de`; the person's language gives names they can read.
    query: { acceptLanguage: args.locale },
    locale: args.locale,
  });
  // 204: the track is unknown, older than about an hour, or already used.
  if (reply.status === 204) return { kind: 'gone' };
  if (!isSuccess(reply)) {
    throw new ProviderError({ kind: 'rejected', operation, status: reply.status, code: errorCodeOf(reply.json) });
  }
  const body = reply.json as { data?: unknown } | null;
  const inData = WithMetadata.safeParse(body?.data);
  const parsed = inData.success && inData.data.meta_data ? inData : WithMetadata.safeParse(body);
  if (!parsed.success || !parsed.data.meta_data) {
    throw new ProviderError({ kind: 'invalid-response', operation, status: reply.status, cause: parsed.error });
  }
  return {
    kind: 'groups',
    groups: parsed.data.meta_data.selectableGroups.map((g) => {
      const customerNumber = g.customerNumber ?? g.customer_number;
      return {
        id: g.groupId,
        name: g.groupName?.trim() || g.groupId,
        ...(customerNumber !== undefined && String(customerNumber) !== '' ? { customerNumber: String(customerNumber) } : {}),
      };
    }),
  };
}
