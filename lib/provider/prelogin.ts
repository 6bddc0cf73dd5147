import 'server-only';
import { z } from 'zod';
import type { GroupOption } from '../flows/groups';
import { ask, unexpected } from './answer';
import type { ProviderCall } from './http';

/**
 * Precheck metadata (docs/provider-contract.md §2.8): the groups a track may continue with. The
 * envelope is `data: {logged_in, validation_type, meta_data: {selectableGroups: [{groupId,
 * groupName}]}, used}`; `meta_data` is also accepted at the top level, since one SDK model reads
 * it there. Parsed here only, so a correction touches one place.
 */
export type PreloginGroups = { kind: 'groups'; groups: GroupOption[] } | { kind: 'gone' };

const SelectableGroup = z
  .object({
    groupId: z.string().min(1).max(256),
    groupName: z.string().max(512).optional(),
    // Not documented: shown and searched when a tenant sends it (docs/provider-contract.md §2.8).
    customerNumber: z.union([z.string(), z.number()]).optional(),
    customer_number: z.union([z.string(), z.number()]).optional(),
  })
  .loose();

const WithMetadata = z
  .object({
    used: z.boolean().optional(),
    meta_data: z
      .object({ selectableGroups: z.array(SelectableGroup).max(5000).default([]) })
      .loose()
      .optional(),
  })
  .loose();

const metadataCall = (args: { trackId: string; locale: string }): ProviderCall => ({
  service: 'token-srv',
  operation: 'prelogin.metadata',
  method: 'GET',
  path: `/token-srv/prelogin/metadata/${encodeURIComponent(args.trackId)}`,
  // The original product always sent `de`; the person's language gives names they can read.
  query: { acceptLanguage: args.locale },
  locale: args.locale,
  // No requestId in this step: the track stands for the sign-in.
  signIn: args.trackId,
});

/**
 * Whether the provider knows the track as open: asked before a precheck page's subject is
 * accepted for a sign-in that has not met it here (lib/flows/entry-binding.ts). 204 or a used
 * track is closed; 400 is the provider's answer to an id that is not one of its tracks.
 */
export async function isTrackOpen(args: { trackId: string; locale: string }): Promise<boolean> {
  const call = metadataCall(args);
  const answer = await ask(call);
  if (answer.kind === 'empty') return false;
  if (answer.kind === 'refused' && answer.status === 400) return false;
  if (answer.kind !== 'data') throw unexpected(call, answer);
  return !WithMetadata.safeParse(answer.data).data?.used;
}

export async function getSelectableGroups(args: { trackId: string; locale: string }): Promise<PreloginGroups> {
  const call = metadataCall(args);
  const answer = await ask(call);
  // 204: the track is unknown, older than about an hour, or already used.
  if (answer.kind === 'empty') return { kind: 'gone' };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const inData = WithMetadata.safeParse(answer.data);
  if (inData.success && inData.data.used === true) return { kind: 'gone' };
  const parsed = inData.success && inData.data.meta_data ? inData : WithMetadata.safeParse(answer.body);
  if (!parsed.success || !parsed.data.meta_data) throw unexpected(call, answer, parsed.error);
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
