import type { Meaning, ProviderService } from './error-codes';

/**
 * The one error type for everything that goes wrong talking to the provider.
 * `code` is the provider's own error code when it sent one (string or number); `meaning` is what
 * the service's table (error-codes.ts) says it means, or undefined for a code this build does not
 * know; `kind` says what failed.
 */
export type ProviderErrorKind =
  | 'rejected' // the provider answered and said no (envelope success false, error status, error redirect)
  | 'timeout' // no answer within the deadline
  | 'unreachable' // connection refused, reset, DNS, TLS
  | 'invalid-response' // answered, but not in a shape we understand
  | 'overloaded'; // never sent: too many calls in flight for this sign-in or client (lib/provider/limits.ts)

/**
 * Facts a refusal may carry besides its code. No public source names them: the names accepted
 * are in lib/provider/answer.ts and docs/provider-contract.md §7 (U).
 */
export type RefusalDetails = {
  /** Wrong passwords left before the account is locked. */
  remainingAttempts?: number;
  /** Seconds until a locked account can sign in again. */
  lockedForSeconds?: number;
};

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly code: string | number | undefined;
  readonly meaning: Meaning | undefined;
  readonly service: ProviderService | undefined;
  readonly operation: string;
  /** What a refusal says beyond its code, where the provider says it (answer.ts, refusalDetails). */
  readonly details: RefusalDetails;

  constructor(args: {
    kind: ProviderErrorKind;
    operation: string;
    service?: ProviderService;
    status?: number;
    code?: string | number;
    meaning?: Meaning;
    details?: RefusalDetails;
    cause?: unknown;
  }) {
    super(
      `provider ${args.operation} failed: ${args.kind}` +
        (args.status !== undefined ? ` status=${args.status}` : '') +
        (args.code !== undefined ? ` code=${args.code}` : ''),
      { cause: args.cause },
    );
    this.name = 'ProviderError';
    this.kind = args.kind;
    this.operation = args.operation;
    this.service = args.service;
    this.status = args.status;
    this.code = args.code;
    this.meaning = args.meaning;
    this.details = args.details ?? {};
  }

  /** A refusal whose code this build has no meaning for: the operator should extend the table. */
  get unknownCode(): boolean {
    return this.kind === 'rejected' && this.code !== undefined && this.meaning === undefined;
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}

/** The meaning of a provider refusal, or undefined for anything else (including unknown codes). */
export function refusalMeaning(error: unknown): Meaning | undefined {
  return isProviderError(error) && error.kind === 'rejected' ? error.meaning : undefined;
}
