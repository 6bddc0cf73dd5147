/**
 * The one error type for everything that goes wrong talking to the provider.
 * `code` is the provider's own error code when it sent one (string or number: older services use
 * numbers such as 3072, newer ones strings such as VER_0120); `kind` says what failed.
 */
export type ProviderErrorKind =
  | 'rejected' // the provider answered and said no (envelope success false / error status)
  | 'timeout' // no answer within the deadline
  | 'unreachable' // connection refused, reset, DNS, TLS
  | 'invalid-response'; // answered, but not in a shape we understand

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly code: string | number | undefined;
  readonly operation: string;

  constructor(args: {
    kind: ProviderErrorKind;
    operation: string;
    status?: number;
    code?: string | number;
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
    this.status = args.status;
    this.code = args.code;
  }

  /** Compares the provider code whatever its wire type (3072 and "3072" are the same code). */
  hasCode(...codes: Array<string | number>): boolean {
    return this.code !== undefined && codes.some((c) => String(c) === String(this.code));
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}
