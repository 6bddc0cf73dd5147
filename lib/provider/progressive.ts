import 'server-only';
import { z } from 'zod';
import type { RegistrationInput } from '../validation/registration-schema';
import { notServed, readAnswer, unexpected } from './answer';
import { callProvider, type ProviderCall, type ProviderReply } from './http';
import { readRegistration, type RegisterOutcome } from './registration';

/**
 * Missing profile fields (docs/provider-contract.md §2.18): what a newcomer an identity provider
 * vouched for still has to give (trackinfo), saving a login's missing fields (progressive update),
 * and a newcomer's registration with the track. The login's own list comes from the precheck
 * metadata (prelogin.ts `getMissingFields`). Each shape the sources leave open is read here only.
 */

// ---------------------------------------------------------------------------------------------
// What a newcomer is missing

export type TrackInfo =
  | { kind: 'missing'; fields: string[]; identity: Record<string, string> }
  /** The request or the track is unknown, expired or not this request's (400, 204). */
  | { kind: 'gone' }
  /**
   * The tenant does not serve trackinfo (404, 405, 501: the older generation, whose SDKs say only
   * "render the fields using registration setup"): the caller asks the list's required fields.
   */
  | { kind: 'unserved' };

const Key = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/);
const Keys = z.array(z.unknown()).max(200);
const Info = z.record(z.string(), z.unknown());

/**
 * The answer's shape is not published ("Returns missing registration fields and optional social user
 * info"): the missing keys as `missing_fields`, `missingFields` or `meta_data.missing_fields` (a list
 * of keys, or of field objects with `fieldKey`), the person as `identity`, `userInfo`, `user_info`,
 * `social_user_info` or `meta_data.identity`; in `data` or at the top level.
 */
const TrackInfoShape = z
  .object({
    missing_fields: Keys.optional(),
    missingFields: Keys.optional(),
    identity: Info.nullish(),
    userInfo: Info.nullish(),
    user_info: Info.nullish(),
    social_user_info: Info.nullish(),
    meta_data: z.object({ missing_fields: Keys.optional(), identity: Info.nullish() }).loose().nullish(),
  })
  .loose();

/** Reads one trackinfo answer (exported for the unit tests of the plausible shapes). */
export function trackInfoOf(data: unknown, body: unknown): TrackInfo | undefined {
  for (const candidate of [data, body]) {
    const parsed = TrackInfoShape.safeParse(candidate);
    if (!parsed.success) continue;
    const d = parsed.data;
    const list = d.missing_fields ?? d.missingFields ?? d.meta_data?.missing_fields;
    if (!list) continue;
    const fields = [
      ...new Set(
        list.flatMap((entry) => {
          const key = typeof entry === 'object' && entry !== null ? (entry as { fieldKey?: unknown }).fieldKey : entry;
          return Key.safeParse(key).success ? [key as string] : [];
        }),
      ),
    ];
    return { kind: 'missing', fields, identity: valuesOf(d.identity ?? d.userInfo ?? d.user_info ?? d.social_user_info ?? d.meta_data?.identity) };
  }
  return undefined;
}

/** The person's known values as text (nested objects, such as an address, are not form fields). */
function valuesOf(info: Record<string, unknown> | null | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(info ?? {})) {
    if (!Key.safeParse(key).success) continue;
    if (typeof value === 'string' && value !== '' && value.length <= 1000) values[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') values[key] = String(value);
  }
  return values;
}

/** `GET /public-srv/public/trackinfo/{requestId}/{trackId}`: no token, both ids in the path. */
export async function readTrackInfo(args: { requestId: string; trackId: string; locale: string }): Promise<TrackInfo> {
  const call: ProviderCall = {
    service: 'public-srv',
    operation: 'progressive.trackInfo',
    method: 'GET',
    path: `/public-srv/public/trackinfo/${encodeURIComponent(args.requestId)}/${encodeURIComponent(args.trackId)}`,
    locale: args.locale,
    signIn: args.requestId,
  };
  const answer = readAnswer(call, await callProvider(call));
  if (notServed(answer)) return { kind: 'unserved' };
  if (answer.kind === 'empty' || (answer.kind === 'refused' && answer.status === 400)) return { kind: 'gone' };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const info = trackInfoOf(answer.data, answer.body);
  if (!info) throw unexpected(call, answer);
  return info;
}

// ---------------------------------------------------------------------------------------------
// Saving a login's missing fields

export type UpdateOutcome =
  | { kind: 'saved' }
  /** A unique field (the e-mail, a mobile number, a user name) belongs to another account: `field` when known. */
  | { kind: 'taken'; field: string | undefined }
  /** The provider refused the body or the ids (400), or a named field (417). */
  | { kind: 'refused'; field: string | undefined };

/** The fields that can be unique to one account, in the order a 409 without a name is put on. */
const UNIQUE_FIELDS = ['email', 'mobile_number', 'username'];

/**
 * The body: the answers flat, as the JS SDK and the docs send them (not the Android SDK's
 * `{userData: …}`), custom fields as `{key: value}` under `customFields`, as on register.
 */
export function updateBody(input: RegistrationInput): Record<string, unknown> {
  return { ...input.fields, ...(Object.keys(input.customFields).length > 0 ? { customFields: input.customFields } : {}) };
}

/** `POST /login-srv/progressive/update/user` with the headers `requestId` and `trackId` and the page's language. */
export async function updateMissingFields(args: {
  requestId: string;
  trackId: string;
  locale: string;
  input: RegistrationInput;
  fieldKeys: string[];
}): Promise<UpdateOutcome> {
  const call: ProviderCall = {
    service: 'login-srv',
    operation: 'progressive.update',
    method: 'POST',
    path: '/login-srv/progressive/update/user',
    body: updateBody(args.input),
    headers: { requestId: args.requestId, trackId: args.trackId },
    locale: args.locale,
    signIn: args.requestId,
  };
  return readUpdate(call, await callProvider(call), args.fieldKeys);
}

const Refusal = z
  .object({ error: z.union([z.string(), z.object({ error: z.string().optional() }).loose()]).optional(), message: z.string().optional() })
  .loose();

/** Reads the update's answer (exported for the unit tests of recorded answers). */
export function readUpdate(call: Pick<ProviderCall, 'service' | 'operation'>, reply: ProviderReply, fieldKeys: string[]): UpdateOutcome {
  const answer = readAnswer(call, reply);
  if (answer.kind === 'data' || answer.kind === 'empty') return { kind: 'saved' };
  if (answer.kind !== 'refused') throw unexpected(call, answer);
  const body = Refusal.safeParse(reply.json);
  const error = body.success ? body.data.error : undefined;
  const message = (typeof error === 'string' ? error : (error?.error ?? '')) || (body.success ? (body.data.message ?? '') : '');
  const named = fieldKeys.find((key) => new RegExp(`(^|[^A-Za-z0-9_])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z0-9_]|$)`).test(message));
  if (reply.status === 409) return { kind: 'taken', field: named ?? UNIQUE_FIELDS.find((key) => fieldKeys.includes(key)) };
  if (reply.status === 400 || reply.status === 417) return { kind: 'refused', field: reply.status === 417 ? named : undefined };
  throw answer.error;
}

// ---------------------------------------------------------------------------------------------
// A newcomer's registration

/**
 * `POST /users-srv/register` with the missing fields and the track in the `trackid` header (the
 * JS SDK's "trackid in headers for social provider registration"), besides `requestId`. The answer
 * is the register answer (registration.ts `readRegistration`); what follows it is chosen in §2.18.
 */
export async function registerNewcomer(args: {
  requestId: string;
  trackId: string;
  locale: string;
  input: RegistrationInput;
  fieldKeys: string[];
}): Promise<RegisterOutcome> {
  const call: ProviderCall = {
    service: 'users-srv',
    operation: 'progressive.register',
    method: 'POST',
    path: '/users-srv/register',
    body: updateBody(args.input),
    headers: { requestId: args.requestId, trackid: args.trackId },
    locale: args.locale,
    signIn: args.requestId,
  };
  return readRegistration(call, await callProvider(call), args.fieldKeys);
}
