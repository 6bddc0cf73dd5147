import 'server-only';
import { z } from 'zod';
import { ask, askForData, ExchangeRef, unexpected } from './answer';
import type { ProviderCall } from './http';

/**
 * verification-srv: the configured methods, initiating and checking an authentication, and the
 * status of a push request (docs/provider-contract.md §2.3–2.5, §2.12). Both API generations share
 * these calls.
 */
export type ConfiguredMethod = {
  type: string;
  mediumIds: string[];
  /** What the one configured medium is called (a masked address or number, a device), if the tenant says. */
  destination?: string;
};

/**
 * No public source names a medium's display text (docs/provider-contract.md §2.3, §7): `email`
 * and `mobile` are what cidaas calls the masked address and number on its verification_complete
 * page, `friendly_name` what it calls an enrolled device; `masked_value` and `key_name` are
 * plausible spellings. The first short, printable one wins.
 */
const MEDIUM_TEXT_FIELDS = ['masked_value', 'key_name', 'email', 'mobile', 'friendly_name'] as const;
const DisplayText = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}]+$/u);

function mediumText(medium: Record<string, unknown>): string | undefined {
  for (const field of MEDIUM_TEXT_FIELDS) {
    const text = DisplayText.safeParse(medium[field]);
    if (text.success) return text.data;
  }
  return undefined;
}

// Some tenants answer medium_id instead of id (docs/provider-contract.md §2.3).
const Medium = z
  .object({ id: z.string().optional(), medium_id: z.string().optional() })
  .loose()
  .transform((m) => ({ id: m.id || m.medium_id, text: mediumText(m) }));

/**
 * One configured method. Its type is `type` (the v2 list, Android) or `verification_type` (the
 * newer list, iOS v3), and a method may name its medium itself (`medium_id`) instead of a list.
 */
const ConfiguredEntry = z
  .object({
    type: z.string().min(1).optional(),
    verification_type: z.string().min(1).optional(),
    medium_id: z.string().min(1).optional(),
    mediums: z.array(Medium).optional(),
  })
  .loose()
  .refine((e) => Boolean(e.type ?? e.verification_type), 'a configured method without a type')
  .transform((e) => ({
    type: (e.type ?? e.verification_type)!,
    mediums: e.mediums ?? (e.medium_id ? [{ id: e.medium_id, text: mediumText(e) }] : []),
  }));

const ConfiguredListData = z
  .object({ configured_list: z.array(ConfiguredEntry).default([]) })
  .loose()
  .transform((d): ConfiguredMethod[] =>
    d.configured_list.map((entry) => {
      const mediums = entry.mediums.filter((m): m is { id: string; text: string | undefined } => Boolean(m.id));
      // With several mediums of a type none is chosen (§2.4), so none is named either.
      const destination = mediums.length === 1 ? mediums[0].text : undefined;
      return { type: entry.type.toUpperCase(), mediumIds: mediums.map((m) => m.id), ...(destination ? { destination } : {}) };
    }),
  );

/** The methods configured for an account, identified by e-mail or subject. */
export function getConfiguredMethods(args: { requestId: string; email?: string; sub?: string; locale?: string }): Promise<ConfiguredMethod[]> {
  return askForData(
    {
      service: 'verification-srv',
      operation: 'verification.configuredList',
      method: 'POST',
      path: '/verification-srv/v2/setup/public/configured/list',
      body: { request_id: args.requestId, email: args.email, sub: args.sub },
      locale: args.locale,
      signIn: args.requestId,
    },
    ConfiguredListData,
  );
}

/**
 * INITIAL_AUTHENTICATION for a first factor on current tenants; PASSWORDLESS_AUTHENTICATION is its
 * deprecated name, which legacy tenants know (cidaas's JS SDK v6 `UsageType`).
 */
export type UsageType = 'INITIAL_AUTHENTICATION' | 'PASSWORDLESS_AUTHENTICATION' | 'MULTIFACTOR_AUTHENTICATION';

const InitiateData = z
  .object({
    exchange_id: ExchangeRef,
    sub: z.string().optional(),
    // Where the code went (docs/provider-contract.md §2.4): masked in Android's sample, not in the
    // PHP SDK's, so shown as the destination and never relied on to be masked.
    medium_text: z.string().optional(),
    // Push: the id whose status is polled (cidaas's iOS SDK reads status_id; its older web
    // SDK statusId), and the number the person picks on the device (iOS: push_selected_number).
    status_id: z.string().min(1).optional(),
    statusId: z.string().min(1).optional(),
    push_selected_number: z.union([z.string(), z.number()]).optional(),
  })
  .loose()
  .transform((d) => ({
    exchangeId: d.exchange_id.exchange_id,
    expiresAt: d.exchange_id.expires_at,
    sub: d.sub,
    destination: d.medium_text,
    statusId: d.status_id ?? d.statusId,
    pushNumber: /^\d{1,4}$/.test(String(d.push_selected_number ?? '')) ? String(d.push_selected_number) : undefined,
  }));

export type Initiated =
  | {
      kind: 'initiated';
      exchangeId: string;
      /** When the exchange expires (epoch ms), when the answer says. */
      expiresAt: number | undefined;
      sub: string | undefined;
      destination: string | undefined;
      statusId: string | undefined;
      pushNumber: string | undefined;
    }
  /** An initiation answered 403 with a redirectUrl sends the browser there (docs/provider-contract.md §2.4). */
  | { kind: 'redirect'; url: string };

/**
 * Starts an authentication. `mediumId` is left out where none is chosen (several mediums of the
 * type, or none configured): the provider then picks the matching one (JS SDK v6); an empty
 * string is not "left out". `single_factor_auth` is not sent: the provider allows it for FACE only.
 */
export async function initiateAuthentication(args: {
  type: string;
  usageType: UsageType;
  requestId: string;
  mediumId: string | undefined;
  email?: string;
  sub?: string;
  trackId?: string;
  locale?: string;
}): Promise<Initiated> {
  const call: ProviderCall = {
    service: 'verification-srv',
    operation: 'verification.initiate',
    method: 'POST',
    path: `/verification-srv/v2/authenticate/initiate/${encodeURIComponent(args.type.toLowerCase())}`,
    body: {
      type: args.type,
      usage_type: args.usageType,
      request_id: args.requestId,
      medium_id: args.mediumId || undefined,
      email: args.email,
      sub: args.sub,
      trackId: args.trackId,
    },
    locale: args.locale,
    signIn: args.requestId,
  };
  const answer = await ask(call);
  if (answer.kind === 'redirect' && !answer.failure) return { kind: 'redirect', url: answer.location.toString() };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const data = InitiateData.safeParse(answer.data);
  if (!data.success) throw unexpected(call, answer, data.error);
  return { kind: 'initiated', ...data.data };
}

/**
 * How many backup codes the account has left after one was used: no source names the field
 * (docs/provider-contract.md §2.5, U); these spellings are read where a tenant sends one.
 */
const RemainingCount = z.number().int().nonnegative().max(1000);
const AuthenticateData = z
  .object({
    sub: z.string().min(1),
    status_id: z.string().min(1),
    remaining_codes: RemainingCount.optional().catch(undefined),
    remaining_backup_codes: RemainingCount.optional().catch(undefined),
    backup_codes_remaining: RemainingCount.optional().catch(undefined),
  })
  .loose()
  .transform((d) => ({ sub: d.sub, statusId: d.status_id, remaining: d.remaining_backup_codes ?? d.remaining_codes ?? d.backup_codes_remaining }));

/** Checks the secret of an initiated exchange: `password` for PASSWORD, `pass_code` for codes. */
export function authenticate(args: {
  type: string;
  exchangeId: string;
  secret: string;
  requestId: string;
  locale?: string;
}): Promise<{ sub: string; statusId: string; remaining?: number | undefined }> {
  const isPassword = args.type.toUpperCase() === 'PASSWORD';
  return askForData(
    {
      service: 'verification-srv',
      operation: 'verification.authenticate',
      method: 'POST',
      path: `/verification-srv/v2/authenticate/authenticate/${encodeURIComponent(args.type.toLowerCase())}`,
      body: {
        type: args.type,
        exchange_id: args.exchangeId,
        requestId: args.requestId,
        ...(isPassword ? { password: args.secret } : { pass_code: args.secret }),
      },
      locale: args.locale,
      signIn: args.requestId,
    },
    AuthenticateData,
  );
}

/** Where a push request stands, as this deployment acts on it. */
export type PushState = 'pending' | 'approved' | 'rejected' | 'expired';
export type PushStatus = { state: PushState; statusId: string | undefined };

/**
 * cidaas's status values (docs/provider-contract.md §2.12): AUTHENTICATED ends a push; DENIED and
 * CANCELLED refuse it; INITIATED, PUSH_ACKNOWLEDGED and ALLOWED are on the way (the device still
 * has to answer). REJECTED and EXPIRED are not documented and read as what they say.
 */
function pushStateOf(status: string): PushState {
  switch (status.trim().toUpperCase()) {
    case 'AUTHENTICATED':
    // A device paired on a set-up (the same status id, I: the value is not published).
    case 'ENROLLED':
      return 'approved';
    case 'DENIED':
    case 'CANCELLED':
    case 'REJECTED':
      return 'rejected';
    case 'EXPIRED':
      return 'expired';
    default:
      return 'pending';
  }
}

const PushStatusData = z
  .object({ status: z.string().min(1), status_id: z.string().min(1).optional() })
  .loose()
  .transform((d): PushStatus => ({ state: pushStateOf(d.status), statusId: d.status_id }));

/**
 * The status of a push request: `POST /verification-srv/v2/notification/status/{status_id}`
 * without a body, as cidaas's web SDK sends it (we send `{}`, a JSON API's empty body). A 204 means
 * the provider has no status for it yet: still pending, as far as it can tell.
 */
export async function getPushStatus(args: { statusId: string; requestId: string; locale?: string }): Promise<PushStatus> {
  const call: ProviderCall = {
    service: 'verification-srv',
    operation: 'verification.pushStatus',
    method: 'POST',
    path: `/verification-srv/v2/notification/status/${encodeURIComponent(args.statusId)}`,
    body: {},
    locale: args.locale,
    signIn: args.requestId,
  };
  const answer = await ask(call);
  if (answer.kind === 'empty') return { state: 'pending', statusId: undefined };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const data = PushStatusData.safeParse(answer.data);
  if (!data.success) throw unexpected(call, answer, data.error);
  return data.data;
}
