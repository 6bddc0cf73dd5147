import 'server-only';
import { randomBytes } from 'node:crypto';
import { redirect } from 'next/navigation';
import { isProviderError } from './provider/errors';
import { log } from './log';

/** Short id shown to the user and written to the log, so support can find the failure. */
export function newReferenceId(): string {
  return randomBytes(5).toString('hex').toUpperCase();
}

/**
 * Logs an unexpected failure with a fresh reference id and sends the browser to the error page.
 * Never passes upstream text to the user: only the reference travels.
 */
export function failToErrorPage(error: unknown, context: Record<string, unknown> = {}): never {
  const ref = newReferenceId();
  const provider = isProviderError(error)
    ? { kind: error.kind, status: error.status, code: error.code, meaning: error.meaning, service: error.service, operation: error.operation }
    : undefined;
  // A refusal with a code this build has no meaning for: name it, so an operator can add it.
  const unknownCode = isProviderError(error) && error.unknownCode ? String(error.code) : undefined;
  log.error(
    { ref, ...context, provider, unknownCode, err: provider ? undefined : serializeError(error) },
    unknownCode
      ? `request failed: provider code ${unknownCode} of ${provider?.service} is not in lib/provider/error-codes.ts`
      : 'request failed',
  );
  redirect(`/error?ref=${ref}&status=${statusFor(error)}`);
}

/** The HTTP status the error page answers with: 504 for a provider too slow, 503 for one down. */
export function statusFor(error: unknown): 500 | 503 | 504 {
  if (!isProviderError(error)) return 500;
  if (error.kind === 'timeout') return 504;
  if (error.kind === 'unreachable' || error.kind === 'invalid-response') return 503;
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
export function failForRequest(error: unknown, context: Record<string, unknown> = {}): never {
  if (isProviderError(error) && error.kind === 'rejected' && (error.status ?? 500) < 500) {
    log.info({ ...context, provider: { code: error.code, status: error.status } }, 'request id rejected');
    redirect('/error?reason=invalid-request');
  }
  failToErrorPage(error, context);
}
