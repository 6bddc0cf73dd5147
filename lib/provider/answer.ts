import 'server-only';
import { z } from 'zod';
import { classifyCodes } from './error-codes';
import { ProviderError, type RefusalDetails } from './errors';
import { callProvider, type ProviderCall, type ProviderReply } from './http';

/**
 * Every shape the provider answers in, read in one place (docs/provider-contract.md §1):
 *
 * - the JSON envelope `{success, status, data}`: a success when the status is 200 or `success` is
 *   true (docs/provider-contract.md);
 * - 204, which several services use for "nothing there" (unknown user, used track);
 * - a 3xx whose Location is the next hosted page: an error when its query carries `error` or
 *   `error_code` or its path names an error page, otherwise the step's success;
 * - a 403 naming a `redirectUrl` (the MFA set-up hand-off, docs/provider-contract.md §2.4);
 * - every failure shape: the service error object (`error.code` number or string), the login
 *   error (`error` string at the top, usually with 417) and the OAuth error.
 */
export type Answer =
  | { kind: 'data'; status: number; data: unknown; body: unknown }
  | { kind: 'empty'; status: number }
  | { kind: 'redirect'; status: number; location: URL; failure: RedirectFailure | undefined }
  | { kind: 'refused'; status: number; error: ProviderError };

/** What an error redirect says in its query. */
export type RedirectFailure = { code: string | undefined; error: string | undefined };

const ErrorObject = z
  .object({
    code: z.union([z.string(), z.number()]).optional(),
    error_code: z.union([z.string(), z.number()]).optional(),
    error: z.unknown().optional(),
    redirectUrl: z.string().optional(),
  })
  .loose();

const Envelope = z
  .object({
    success: z.boolean().optional(),
    status: z.number().optional(),
    data: z.unknown().optional(),
    // verification-actions-srv's refusals: a top-level string code (VER_*) beside success: false.
    code: z.union([z.string(), z.number()]).optional(),
    error: z.union([ErrorObject, z.string()]).optional(),
    error_code: z.union([z.string(), z.number()]).optional(),
    redirectUrl: z.string().optional(),
  })
  .loose();

type EnvelopeShape = z.infer<typeof Envelope>;

/**
 * Every place a code can sit in a failure body: a top-level `code` first (verification-actions-srv
 * answers `{success: false, status, code: "VER_…", error, error_description}`; cidaas's iOS SDK
 * reads `code`, then `error.code`), then the service error object, then the login error's strings.
 */
export function candidateCodes(json: unknown): Array<string | number | undefined> {
  const parsed = Envelope.safeParse(json);
  if (!parsed.success) return [];
  const { code, error, error_code } = parsed.data;
  if (typeof error === 'string') return [code, error_code, error];
  return [code, error?.code, error?.error_code, typeof error?.error === 'string' ? error.error : undefined, error_code];
}

/**
 * How many wrong passwords are left, and how long a lock lasts, where a refusal says so. Not
 * published (docs/provider-contract.md §7, U): the plausible names are accepted, in the error
 * object or at the top level, as numbers or numeric strings.
 */
const Count = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,6}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(0).max(100_000));
const DETAIL_NAMES = {
  remainingAttempts: ['remaining_attempts', 'remainingAttempts', 'attempts_left', 'attemptsLeft'],
  lockedForSeconds: ['locked_for_seconds', 'lockedForSeconds', 'retry_after', 'retryAfter'],
} as const;

export function refusalDetails(json: unknown): RefusalDetails {
  const top = z
    .object({ error: z.record(z.string(), z.unknown()).optional() })
    .loose()
    .safeParse(json);
  if (!top.success) return {};
  const places = [top.data.error ?? {}, top.data as Record<string, unknown>];
  const pick = (names: readonly string[]) => {
    for (const place of places)
      for (const name of names) {
        const value = Count.safeParse(place[name]);
        if (value.success) return value.data;
      }
    return undefined;
  };
  const details: RefusalDetails = {};
  const remaining = pick(DETAIL_NAMES.remainingAttempts);
  const locked = pick(DETAIL_NAMES.lockedForSeconds);
  if (remaining !== undefined) details.remainingAttempts = remaining;
  if (locked !== undefined) details.lockedForSeconds = locked;
  return details;
}

/** The redirect target a 403 names (in the error object, in `data`, or at the top). */
function redirectUrlOf(envelope: EnvelopeShape): string | undefined {
  const error = typeof envelope.error === 'object' ? envelope.error : undefined;
  const data = z.object({ redirectUrl: z.string() }).loose().safeParse(envelope.data);
  return error?.redirectUrl ?? (data.success ? data.data.redirectUrl : undefined) ?? envelope.redirectUrl;
}

/** An error redirect names its reason in the query, or is the hosted error page itself. */
export function redirectFailure(location: URL): RedirectFailure | undefined {
  const code = location.searchParams.get('error_code') ?? undefined;
  const error = location.searchParams.get('error') ?? undefined;
  if (code || error) return { code, error };
  return /(^|\/)error(\.html)?$/i.test(location.pathname) ? { code: undefined, error: undefined } : undefined;
}

/** Reads one reply into an Answer (exported for the unit tests of recorded bodies). */
export function readAnswer(call: Pick<ProviderCall, 'service' | 'operation'>, reply: ProviderReply): Answer {
  const { status } = reply;
  if (reply.location) return { kind: 'redirect', status, location: reply.location, failure: redirectFailure(reply.location) };
  if (status === 204) return { kind: 'empty', status };
  const envelope = Envelope.safeParse(reply.json);
  if (status === 200 && !envelope.success) return { kind: 'data', status, data: undefined, body: reply.json };
  if (envelope.success) {
    const { data } = envelope;
    if (status === 200 || data.success === true) return { kind: 'data', status, data: data.data, body: reply.json };
    const errorCode = typeof data.error === 'object' ? data.error.error_code : undefined;
    const target = status === 403 || String(errorCode) === '403' ? redirectUrlOf(data) : undefined;
    if (target && URL.canParse(target)) return { kind: 'redirect', status, location: new URL(target), failure: undefined };
  }
  const { code, meaning } = classifyCodes(call.service, candidateCodes(reply.json));
  const details = refusalDetails(reply.json);
  return {
    kind: 'refused',
    status,
    error: new ProviderError({ kind: 'rejected', operation: call.operation, service: call.service, status, code, meaning, details }),
  };
}

/** Sends a call and reads the answer. */
export async function ask(call: ProviderCall): Promise<Answer> {
  return readAnswer(call, await callProvider(call));
}

/** An answer the caller did not expect at this point (a 204 or a redirect where data belongs). */
export function unexpected(call: Pick<ProviderCall, 'service' | 'operation'>, answer: Answer, cause?: unknown): ProviderError {
  if (answer.kind === 'refused') return answer.error;
  return new ProviderError({ kind: 'invalid-response', operation: call.operation, service: call.service, status: answer.status, cause });
}

/** The success `data`, parsed with the caller's schema into the app's own type; anything else throws. */
export async function askForData<T>(call: ProviderCall, schema: z.ZodType<T>): Promise<T> {
  const answer = await ask(call);
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const parsed = schema.safeParse(answer.data);
  if (!parsed.success) throw unexpected(call, answer, parsed.error);
  return parsed.data;
}

/** The failure an error redirect stands for, classified by the service's table. */
export function redirectError(call: Pick<ProviderCall, 'service' | 'operation'>, status: number, failure: RedirectFailure): ProviderError {
  const { code, meaning } = classifyCodes(call.service, [failure.code, failure.error]);
  return new ProviderError({ kind: 'rejected', operation: call.operation, service: call.service, status, code, meaning });
}

/** Statuses that say "this path is not served here" (an older or newer tenant): the other path is asked. */
const NOT_SERVED = new Set([404, 405, 501]);

/** The answer says its path is not served here, rather than refusing the request. */
export function notServed(answer: Answer): boolean {
  return answer.kind === 'refused' && NOT_SERVED.has(answer.status);
}

/** An expiry time as cidaas writes it (ISO 8601), or nothing. */
const Instant = z
  .string()
  .optional()
  .transform((v) => (v && Number.isFinite(Date.parse(v)) ? Date.parse(v) : undefined));

/** A verification exchange as cidaas answers it: its id, and when it expires (epoch ms) where it says. */
export const ExchangeRef = z.object({ exchange_id: z.string().min(1), expires_at: Instant }).loose();
