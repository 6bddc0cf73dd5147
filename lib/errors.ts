import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { redirect } from 'next/navigation';
import { getConfig } from './config';
import { errorUrl } from './flows/step-urls';
import { log } from './log';
import { isProviderError } from './provider/errors';
import { answerWith, currentRequest } from './request-context';
import type { ErrorKey, FormState } from './validation/form-state';

/** Short id shown to the user and written to the log, so support can find the failure. */
export function newReferenceId(): string {
  return randomBytes(5).toString('hex').toUpperCase();
}

/**
 * Logs an unexpected failure with a fresh reference id and sends the browser to the error page.
 * Never passes upstream text to the user: only the reference travels.
 */
export function failToErrorPage(error: unknown, context: Record<string, unknown> = {}, retry?: string): never {
  redirect(recordFailure(error, context, retry));
}

/**
 * Logs the failure as failToErrorPage does and returns the error page's address (route handlers
 * answer 303 to it). `retry`, a path on this site, is where "Try again" leads: the page that was
 * loading, or the step whose form was sent (loaded again, never sent again). A provider that did
 * not answer, or answered something unreadable, may well answer the next time.
 */
export function recordFailure(error: unknown, context: Record<string, unknown> = {}, retry?: string): string {
  const ref = logFailure(error, context);
  const query = new URLSearchParams({ ref, outage: signOutage(ref, statusFor(error)) });
  if (retry) query.set('retry', retry);
  return `/error?${query}`;
}

/**
 * A step's provider call failed because the provider did not answer (down, too slow, or this
 * replica holding back its calls): the form comes back with "the sign-in service isn't
 * responding", what was typed (never a password) and the reference, and the response has the
 * failure's status; its button is the way to try again. Any other failure is the error page's.
 */
export function retryOnForm<Field extends string>(error: unknown, context: Record<string, unknown>, values?: Partial<Record<Field, string>>): FormState<Field> {
  // Anything else (an answer nobody can read): the error page, whose "Try again" loads the form's page.
  if (!isOutage(error)) failToErrorPage(error, context, currentRequest()?.formPage);
  const ref = logFailure(error, context);
  answerWith(statusFor(error));
  return { status: 'invalid', fieldErrors: {}, formError: 'serviceUnavailable', reference: ref, values };
}

/**
 * For a part of a screen that must never take the screen away (a passkey, beside the other ways
 * on: docs/features.md "Passkeys"): every failure is logged under a reference and comes back to the form,
 * an outage as "the sign-in service isn't responding", anything else as `formError`.
 */
export function keepOnForm(error: unknown, context: Record<string, unknown>, formError: ErrorKey): FormState<never> {
  const ref = logFailure(error, context);
  if (!isOutage(error)) return { status: 'invalid', fieldErrors: {}, formError, reference: ref };
  answerWith(statusFor(error));
  return { status: 'invalid', fieldErrors: {}, formError: 'serviceUnavailable', reference: ref };
}

/** No answer from the provider (as opposed to an answer we cannot use). */
export function isOutage(error: unknown): boolean {
  if (!isProviderError(error)) return false;
  return error.kind === 'timeout' || error.kind === 'unreachable' || error.kind === 'overloaded' || (error.kind === 'rejected' && (error.status ?? 0) >= 500);
}

/** Writes the failure to the log under a fresh reference, which it returns. */
function logFailure(error: unknown, context: Record<string, unknown>): string {
  const ref = newReferenceId();
  const provider = isProviderError(error)
    ? { kind: error.kind, status: error.status, code: error.code, meaning: error.meaning, service: error.service, operation: error.operation }
    : undefined;
  // A refusal with a code this build has no meaning for: name it, so an operator can add it.
  const unknownCode = isProviderError(error) && error.unknownCode ? String(error.code) : undefined;
  log.error(
    { ref, ...context, provider, unknownCode, err: provider ? undefined : serializeError(error) },
    unknownCode ? `request failed: provider code ${unknownCode} of ${provider?.service} is not in lib/provider/error-codes.ts` : 'request failed',
  );
  return ref;
}

/**
 * The error page answers with the failure's status (503 or 504 for the provider, 500 otherwise),
 * but only when the address was written here: the status, an expiry and a MAC over both and the
 * reference. Without it anyone could have the page answer 5xx, which monitors count as outages.
 */
const OUTAGE_VALID_MS = 10 * 60 * 1000;
type OutageStatus = ReturnType<typeof statusFor>;

function outageMac(ref: string, status: number, until: number): string {
  const key = getConfig().sessionSecrets[0];
  return createHmac('sha256', key).update(`outage\u0000${ref}\u0000${status}\u0000${until}`).digest('base64url').slice(0, 22);
}

export function signOutage(ref: string, status: OutageStatus, now = Date.now()): string {
  const until = Math.ceil((now + OUTAGE_VALID_MS) / 1000);
  return `${status}.${until}.${outageMac(ref, status, until)}`;
}

/** The status a signed `outage` value stands for, or undefined when it is forged, altered or old. */
export function verifyOutage(ref: string, value: unknown, now = Date.now()): OutageStatus | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(500|502|503|504)\.(\d{10})\.([A-Za-z0-9_-]{22})$/.exec(value);
  if (!match) return undefined;
  const status = Number(match[1]) as OutageStatus;
  const until = Number(match[2]);
  if (until * 1000 < now) return undefined;
  const expected = Buffer.from(outageMac(ref, status, until));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? status : undefined;
}

/**
 * The HTTP status the error page answers with: 504 for a provider too slow, 503 for one down (or
 * failing with a 5xx, or a call a bulkhead turned away: busy), 502 for an answer this build
 * cannot read. Only 503 and 504 say "the sign-in service isn't responding".
 */
export function statusFor(error: unknown): 500 | 502 | 503 | 504 {
  if (!isProviderError(error)) return 500;
  if (error.kind === 'timeout') return 504;
  if (error.kind === 'invalid-response') return 502;
  if (error.kind === 'unreachable' || error.kind === 'overloaded') return 503;
  return (error.status ?? 0) >= 500 ? 503 : 500;
}

function serializeError(error: unknown): { name: string; message: string } | undefined {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return undefined;
}

/**
 * For reads keyed by the request id: a provider "no" (4xx) means the link is stale or forged,
 * which deserves its own explanation; anything else is an ordinary failure with a reference.
 */
export function failForRequest(error: unknown, context: Record<string, unknown> = {}, retry?: string): never {
  if (isProviderError(error) && error.kind === 'rejected' && (error.status ?? 500) < 500) {
    log.info({ ...context, provider: { code: error.code, status: error.status } }, 'request id rejected');
    redirect(errorUrl('invalid-request'));
  }
  failToErrorPage(error, context, retry);
}
