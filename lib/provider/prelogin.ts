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
      .object({
        selectableGroups: z.array(SelectableGroup).max(5000).default([]),
        // The account the track is for (docs/provider-contract.md §2.8: `identity.sub`).
        identity: z
          .object({ sub: z.string().min(1).optional() })
          .loose()
          .optional(),
      })
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

export type TrackState = { open: false } | { open: true; sub: string | undefined };

/**
 * Whether the provider knows the track as open, and whose it is where its metadata names the
 * account (`identity.sub`): asked before a precheck page's subject is accepted for a sign-in that
 * has not met it here (lib/flows/entry-binding.ts). 204 or a used track is closed; 400 is the
 * provider's answer to an id that is not one of its tracks.
 */
export async function readTrackState(args: { trackId: string; locale: string }): Promise<TrackState> {
  const call = metadataCall(args);
  const answer = await ask(call);
  if (answer.kind === 'empty') return { open: false };
  if (answer.kind === 'refused' && answer.status === 400) return { open: false };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const parsed = WithMetadata.safeParse(answer.data).data;
  if (parsed?.used) return { open: false };
  return { open: true, sub: parsed?.meta_data?.identity?.sub };
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

/**
 * What the tenant's suggestion to set up a method allows (docs/provider-contract.md §2.13): SKIP
 * only while the metadata's `reason` is NONE or ALLOFMANDATORY, and not past `skipUntil` when
 * methods are mandatory. Where these sit in the metadata is not published (U): `reason`,
 * `skipUntil` (ISO 8601, or epoch seconds or milliseconds) and the mandatory methods are read at
 * `meta_data` or in its `mandatoryConfig` (the name of the tenant's own setting).
 */
export type SuggestionRules = {
  /** "Not now" may be offered, may not, or the metadata does not say (then a refusal says it). */
  skip: 'allowed' | 'refused' | 'unknown';
  /** When skipping ends (epoch ms), where the tenant says. */
  skipUntil?: number;
  /** The methods the tenant requires, upper-case, where it names them. */
  mandatory?: string[];
  /** The methods the tenant suggests without requiring them (its `optionalConfig`), upper-case. */
  optional?: string[];
};

const When = z
  .union([z.number(), z.string()])
  .transform((v) => (typeof v === 'number' ? (v < 1e12 ? v * 1000 : v) : Date.parse(v)))
  .pipe(z.number().finite());
const Methods = z.array(z.string().min(1).max(64)).max(32);
const Mandatory = z.object({ methods: Methods.optional(), skipUntil: When.optional() }).loose();
const SuggestionMetadata = z
  .object({
    reason: z.string().max(64).optional(),
    skipUntil: When.optional(),
    skip_until: When.optional(),
    mandatoryMethods: Methods.optional(),
    mandatoryConfig: Mandatory.optional(),
    optionalConfig: z.object({ methods: Methods.optional() }).loose().optional(),
    optionalMethods: Methods.optional(),
  })
  .loose();
const WithSuggestion = z.object({ meta_data: SuggestionMetadata }).loose();

export function suggestionRules(metadata: z.infer<typeof SuggestionMetadata>, now = Date.now()): SuggestionRules {
  const reason = metadata.reason?.toUpperCase();
  const skipUntil = metadata.mandatoryConfig?.skipUntil ?? metadata.skipUntil ?? metadata.skip_until;
  const mandatory = (metadata.mandatoryConfig?.methods ?? metadata.mandatoryMethods)?.map((m) => m.toUpperCase());
  const optional = (metadata.optionalConfig?.methods ?? metadata.optionalMethods)?.map((m) => m.toUpperCase());
  const named = {
    ...(skipUntil !== undefined ? { skipUntil } : {}),
    ...(mandatory?.length ? { mandatory } : {}),
    ...(optional?.length ? { optional } : {}),
  };
  if (reason !== undefined && reason !== 'NONE' && reason !== 'ALLOFMANDATORY') return { skip: 'refused', ...named };
  if (skipUntil !== undefined) return { skip: skipUntil > now ? 'allowed' : 'refused', ...named };
  if (mandatory?.length) return { skip: 'refused', ...named };
  return { skip: reason !== undefined ? 'allowed' : 'unknown', ...named };
}

/** The suggestion's rules for a track; a track the provider no longer knows says nothing. */
export async function getSuggestionRules(args: { trackId: string; locale: string }): Promise<SuggestionRules> {
  const call = metadataCall(args);
  const answer = await ask(call);
  if (answer.kind !== 'data') return { skip: 'unknown' };
  const parsed = WithSuggestion.safeParse(answer.data);
  const atTop = parsed.success ? parsed : WithSuggestion.safeParse(answer.body);
  return atTop.success ? suggestionRules(atTop.data.meta_data) : { skip: 'unknown' };
}

/**
 * The login's missing required fields (docs/provider-contract.md §2.18): `meta_data.missing_fields`
 * (field keys) and `meta_data.identity` (what the account already has), in the same envelope as the
 * groups. The provider's sample names no request id; one is read where a tenant may put it
 * (`requestId`/`request_id` in `meta_data` or `data`), for an entry whose address lacks it.
 */
export type MissingFieldsMetadata =
  { kind: 'missing'; fields: string[]; identity: Record<string, string>; sub: string | undefined; requestId: string | undefined } | { kind: 'gone' };

const Key = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/);
const IdentityValue = z.union([z.string().max(1000), z.number(), z.boolean()]).transform(String);
const ProgressiveMetadata = z
  .object({
    used: z.boolean().optional(),
    requestId: z.string().optional(),
    request_id: z.string().optional(),
    meta_data: z
      .object({
        missing_fields: z.array(z.unknown()).max(200).default([]),
        identity: z.record(z.string(), z.unknown()).nullish(),
        requestId: z.string().optional(),
        request_id: z.string().optional(),
      })
      .loose(),
  })
  .loose();

/** Reads one metadata answer's missing fields (exported for the unit tests of recorded answers). */
export function missingFieldsOf(data: unknown, body: unknown): MissingFieldsMetadata | undefined {
  const inData = ProgressiveMetadata.safeParse(data);
  const parsed = inData.success ? inData : ProgressiveMetadata.safeParse(body);
  if (!parsed.success) return undefined;
  if (parsed.data.used === true) return { kind: 'gone' };
  const meta = parsed.data.meta_data;
  const fields = [...new Set(meta.missing_fields.flatMap((f) => (Key.safeParse(f).success ? [f as string] : [])))];
  const identity: Record<string, string> = {};
  for (const [key, value] of Object.entries(meta.identity ?? {})) {
    const read = IdentityValue.safeParse(value);
    if (read.success && read.data !== '' && Key.safeParse(key).success) identity[key] = read.data;
  }
  return {
    kind: 'missing',
    fields,
    identity,
    sub: identity.sub || undefined,
    requestId: meta.requestId ?? meta.request_id ?? parsed.data.requestId ?? parsed.data.request_id,
  };
}

export async function getMissingFields(args: { trackId: string; locale: string }): Promise<MissingFieldsMetadata> {
  const call = metadataCall(args);
  const answer = await ask(call);
  if (answer.kind === 'empty' || (answer.kind === 'refused' && answer.status === 400)) return { kind: 'gone' };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const read = missingFieldsOf(answer.data, answer.body);
  if (!read) throw unexpected(call, answer);
  return read;
}

/**
 * The consent a track's pending consent step asks (docs/provider-contract.md §2.17): its id and
 * version as the metadata names them (`meta_data.consent_id`, `consent_version_id`: where a tenant
 * puts them is not published, U), or nothing named; `gone` for a track the provider no longer knows.
 */
export type PendingConsent = { kind: 'open'; consentId?: string; versionId?: string } | { kind: 'gone' };

const ConsentIdValue = z.union([z.string().min(1).max(128), z.number()]).transform(String);
const ConsentMetadata = z
  .object({
    used: z.boolean().optional(),
    meta_data: z.object({ consent_id: ConsentIdValue.optional(), consent_version_id: ConsentIdValue.optional() }).loose().optional(),
  })
  .loose();

export async function readPendingConsent(args: { trackId: string; locale: string }): Promise<PendingConsent> {
  const call = metadataCall(args);
  const answer = await ask(call);
  if (answer.kind === 'empty' || (answer.kind === 'refused' && answer.status === 400)) return { kind: 'gone' };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const parsed = ConsentMetadata.safeParse(answer.data).data;
  if (parsed?.used) return { kind: 'gone' };
  return { kind: 'open', consentId: parsed?.meta_data?.consent_id, versionId: parsed?.meta_data?.consent_version_id };
}
