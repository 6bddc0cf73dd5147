import 'server-only';
import { Agent, request } from 'undici';
import { z } from 'zod';
import { getConfig } from '../config';
import { log } from '../log';
import { ProviderError } from './errors';

/**
 * The only code that talks to the provider's JSON API.
 *
 * One shared Agent with explicit timeouts: undici's defaults wait 300 s for headers and body,
 * which would hang a sign-in page. Every call also has a whole-call deadline. POSTs are never
 * retried (a retried password or code check counts twice against lockout and can burn a
 * one-time code); idempotent GETs are retried once on a connection reset.
 */
export const providerAgent = new Agent({
  connect: { timeout: 3_000 },
  headersTimeout: 8_000,
  bodyTimeout: 8_000,
  keepAliveTimeout: 10_000,
  connections: 64,
});

const MAX_BODY_BYTES = 1_048_576;

export type ProviderCall = {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  locale?: string;
  headers?: Record<string, string>;
};

export type ProviderReply = { status: number; json: unknown };

/**
 * A short circuit breaker: after `breaker.threshold` calls in a row that got no answer (refused,
 * reset, timed out; default 5), calls fail at once for `breaker.openMs` (default 10 s) instead of
 * each waiting out its timeout, so an outage shows the error page fast and the provider is not
 * hammered while it recovers. The first call after the pause tries again; one answer closes it.
 */
const breaker = { failures: 0, openUntil: 0 };

export function breakerState(): { open: boolean; failures: number } {
  return { open: Date.now() < breaker.openUntil, failures: breaker.failures };
}

/** Sends one JSON call and returns the raw status and parsed JSON body (null when empty). */
export async function callProvider(call: ProviderCall): Promise<ProviderReply> {
  const now = Date.now();
  if (now < breaker.openUntil) {
    throw new ProviderError({ kind: 'unreachable', operation: call.operation, cause: new Error('circuit open') });
  }
  const limits = getConfig().breaker;
  // After the pause one call tries again; the rest keep failing fast until it has an answer.
  if (breaker.failures >= limits.threshold) breaker.openUntil = now + limits.openMs;
  try {
    const reply = await sendWithRetry(call);
    breaker.failures = 0;
    breaker.openUntil = 0;
    return reply;
  } catch (error) {
    const noAnswer = error instanceof ProviderError && (error.kind === 'unreachable' || error.kind === 'timeout');
    if (noAnswer && ++breaker.failures >= limits.threshold) {
      breaker.openUntil = Date.now() + limits.openMs;
      log.error({ event: 'provider-circuit-open', failures: breaker.failures, openMs: limits.openMs }, 'provider unreachable: failing fast');
    }
    throw error;
  }
}

/** GETs once more on a connection reset; POSTs never (a password check must not count twice). */
async function sendWithRetry(call: ProviderCall): Promise<ProviderReply> {
  const attempts = call.method === 'GET' ? 2 : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(call);
    } catch (error) {
      const retriable = error instanceof ProviderError && error.kind === 'unreachable' && attempt < attempts;
      if (!retriable) throw error;
    }
  }
}

async function sendOnce(call: ProviderCall): Promise<ProviderReply> {
  const config = getConfig();
  const url = new URL(call.path, config.providerUrl);
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.locale) headers['accept-language'] = call.locale;
  if (call.body !== undefined) headers['content-type'] = 'application/json';

  let statusCode: number;
  let text: string;
  try {
    const response = await request(url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      dispatcher: providerAgent,
      signal: AbortSignal.timeout(config.providerTimeoutMs),
    });
    statusCode = response.statusCode;
    text = await readLimited(response.body);
  } catch (cause) {
    throw new ProviderError({ kind: classifyNetworkError(cause), operation: call.operation, cause });
  }

  if (text.length === 0) return { status: statusCode, json: null };
  try {
    return { status: statusCode, json: JSON.parse(text) as unknown };
  } catch (cause) {
    throw new ProviderError({
      kind: 'invalid-response',
      operation: call.operation,
      status: statusCode,
      cause,
    });
  }
}

async function readLimited(body: AsyncIterable<Buffer | Uint8Array | string>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('provider response too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function classifyNetworkError(cause: unknown): 'timeout' | 'unreachable' | 'invalid-response' {
  const name = (cause as { name?: string })?.name ?? '';
  const code = (cause as { code?: string })?.code ?? '';
  if (name === 'TimeoutError' || name === 'AbortError' || code.includes('TIMEOUT')) return 'timeout';
  if (cause instanceof Error && cause.message === 'provider response too large') {
    return 'invalid-response';
  }
  return 'unreachable';
}

const ErrorBody = z
  .object({
    code: z.union([z.string(), z.number()]).optional(),
    error: z.unknown().optional(),
    error_code: z.union([z.string(), z.number()]).optional(),
  })
  .loose();

const Envelope = z
  .object({
    success: z.boolean().optional(),
    status: z.number().optional(),
    data: z.unknown().optional(),
    error: z.union([ErrorBody, z.string()]).optional(),
  })
  .loose();

/** product-spec.md §7: a reply is a success when its status is 200 or its success flag is set. */
export function isSuccess(reply: ProviderReply): boolean {
  const envelope = Envelope.safeParse(reply.json);
  return reply.status === 200 || (envelope.success && envelope.data.success === true);
}

/** Pulls the provider's error code out of any of its error shapes (provider-api.md §1). */
export function errorCodeOf(json: unknown): string | number | undefined {
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) return undefined;
  const { error } = envelope.data;
  if (typeof error === 'string') return error;
  if (error) return error.code ?? error.error_code ?? (typeof error.error === 'string' ? error.error : undefined);
  return undefined;
}

/**
 * Applies the success rule, then parses `data` with the caller's schema into the app's own type.
 * Anything else becomes a ProviderError carrying the provider's code and status.
 */
export async function callForData<T>(call: ProviderCall, schema: z.ZodType<T>): Promise<T> {
  const reply = await callProvider(call);
  if (!isSuccess(reply)) {
    throw new ProviderError({
      kind: 'rejected',
      operation: call.operation,
      status: reply.status,
      code: errorCodeOf(reply.json),
    });
  }
  const data = Envelope.safeParse(reply.json);
  const parsed = schema.safeParse(data.success ? data.data.data : undefined);
  if (!parsed.success) {
    throw new ProviderError({
      kind: 'invalid-response',
      operation: call.operation,
      status: reply.status,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
