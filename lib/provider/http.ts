import 'server-only';
import { Agent, request, fetch as undiciFetch } from 'undici';
import { getConfig } from '../config';
import { log } from '../log';
import { errorOutcome, observeProviderCall, replyOutcome } from '../metrics';
import { inProviderSpan } from '../tracing';
import type { ProviderService } from './error-codes';
import { ProviderError } from './errors';
import { acceptsSignIn, guarded } from './limits';

export { breakerState } from './limits';

/**
 * Connections to the provider. Calls beyond them queue, and that queue is shared by everyone: a
 * slow provider holding every connection for one client's calls would make every other page
 * wait. So there are far more than the bulkheads let a few clients hold (lib/provider/limits.ts;
 * sixteen clients at the default of 16 calls each), and a slow sign-in or client is turned away
 * at its own cap instead.
 */
const PROVIDER_CONNECTIONS = 256;

/**
 * The provider transport: every byte this deployment sends to the provider leaves through this
 * file (the service modules, openid-client's requests and the readiness probe alike).
 *
 * One shared Agent with explicit timeouts: undici's defaults wait 300 s for headers and body,
 * which would hang a sign-in page. Every call also has a whole-call deadline. Redirects are
 * never followed: a 302 from a browser-facing endpoint is an answer, read from its Location
 * (docs/provider-contract.md §1). POSTs are never retried (a retried password or code check
 * counts twice against lockout and can burn a one-time code); GETs are retried once on a
 * connection reset.
 *
 * The Agent is kept on globalThis so that it is one pool per process: Next bundles this module
 * once for pages and actions and once more for route handlers (see lib/provider/limits.ts).
 */
const AGENT_KEY = Symbol.for('signin.providerAgent');
export const providerAgent: Agent = ((globalThis as Record<symbol, Agent | undefined>)[AGENT_KEY] ??= new Agent({
  connect: { timeout: 3_000 },
  headersTimeout: 8_000,
  bodyTimeout: 8_000,
  keepAliveTimeout: 10_000,
  connections: PROVIDER_CONNECTIONS,
}));

const MAX_BODY_BYTES = 1_048_576;

export type ProviderCall = {
  service: ProviderService;
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | undefined>;
  body?: Record<string, unknown>;
  /** JSON APIs take `json`; the browser-facing endpoints that answer with a 302 take `form`. */
  encoding?: 'json' | 'form';
  locale?: string;
  headers?: Record<string, string>;
  /**
   * The provider's id of the sign-in this call serves (its requestId; a track or verification id
   * where the step has no requestId). The bulkhead caps calls in flight per sign-in, and the
   * breaker counts failures per sign-in once the provider has accepted it, else per client
   * (lib/provider/limits.ts); without it the call counts as its HTTP request.
   */
  signIn?: string;
};

/** What came back: the status, the JSON body (null when empty) and, for a 3xx, where it points. */
export type ProviderReply = { status: number; json: unknown; location: URL | undefined };

/**
 * Sees every reply the provider gives: only the operator's `tenant:check --record`
 * (scripts/tenant-record.ts) sets one; the app never does.
 */
export type ReplyObserver = (call: Pick<ProviderCall, 'service' | 'operation' | 'method' | 'path'>, reply: ProviderReply) => void;
let observer: ReplyObserver | undefined;
export function observeReplies(next: ReplyObserver | undefined): void {
  observer = next;
}

/**
 * Sends one call and returns the raw status, JSON body and Location; each call is counted and
 * timed (lib/metrics.ts) and has a span of its own (lib/tracing.ts).
 */
export async function callProvider(call: ProviderCall): Promise<ProviderReply> {
  return inProviderSpan(call, async (span) => {
    let started: number | undefined;
    try {
      const reply = await guarded(
        call,
        () => {
          started = performance.now();
          return sendWithRetry(call);
        },
        (answer) => acceptsSignIn(answer.status),
      );
      const outcome = replyOutcome(reply.status);
      observeProviderCall(call, outcome, (performance.now() - started!) / 1000);
      span.setOutcome(outcome, reply.status);
      observer?.(call, reply);
      return reply;
    } catch (error) {
      const outcome = errorOutcome(error instanceof ProviderError ? error : undefined);
      // A call the breaker or a bulkhead stopped was never sent: counted, not timed.
      observeProviderCall(call, outcome, started === undefined ? undefined : (performance.now() - started) / 1000);
      span.setOutcome(outcome);
      throw error;
    }
  });
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

/** The body on the wire: JSON, or urlencoded fields (undefined values left out, others as text). */
export function encodeBody(body: Record<string, unknown>, encoding: 'json' | 'form'): { type: string; text: string } {
  if (encoding === 'json') return { type: 'application/json', text: JSON.stringify(body) };
  const fields = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) if (value !== undefined) fields.set(key, String(value));
  return { type: 'application/x-www-form-urlencoded', text: fields.toString() };
}

async function sendOnce(call: ProviderCall): Promise<ProviderReply> {
  const config = getConfig();
  const url = new URL(call.path, config.providerUrl);
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.locale) headers['accept-language'] = call.locale;
  const encoded = call.body === undefined ? undefined : encodeBody(call.body, call.encoding ?? 'json');
  if (encoded) headers['content-type'] = encoded.type;

  let statusCode: number;
  let location: string | undefined;
  let text: string;
  try {
    const response = await request(url, {
      method: call.method,
      headers,
      body: encoded?.text,
      dispatcher: providerAgent,
      signal: AbortSignal.timeout(config.providerTimeoutMs),
    });
    statusCode = response.statusCode;
    const rawLocation = response.headers.location;
    location = Array.isArray(rawLocation) ? rawLocation[0] : rawLocation;
    text = await readLimited(response.body);
  } catch (cause) {
    throw new ProviderError({ kind: classifyNetworkError(cause), operation: call.operation, service: call.service, cause });
  }

  const redirect = statusCode >= 300 && statusCode < 400 && location ? toUrl(location, config.providerUrl) : undefined;
  if (statusCode >= 300 && statusCode < 400 && !redirect) {
    throw new ProviderError({ kind: 'invalid-response', operation: call.operation, service: call.service, status: statusCode });
  }
  if (text.length === 0 || redirect) return { status: statusCode, json: null, location: redirect };
  try {
    return { status: statusCode, json: JSON.parse(text) as unknown, location: undefined };
  } catch (cause) {
    throw new ProviderError({ kind: 'invalid-response', operation: call.operation, service: call.service, status: statusCode, cause });
  }
}

function toUrl(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
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

/**
 * openid-client's requests (discovery, JWKS, token, introspection, userinfo) over the same agent,
 * deadline, breaker and bulkheads (as calls of the HTTP request they serve), never following a
 * redirect.
 */
export function providerFetch(url: string, options: { method?: string; headers?: unknown; body?: unknown; signal?: AbortSignal }): Promise<Response> {
  const deadline = AbortSignal.timeout(getConfig().providerTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  return guarded({ operation: 'oidc', service: 'oidc' }, async () => {
    let response: Response;
    try {
      response = (await undiciFetch(url, {
        method: options.method,
        headers: options.headers as Record<string, string>,
        body: options.body as string | undefined,
        redirect: 'manual',
        signal,
        dispatcher: providerAgent,
      })) as unknown as Response;
    } catch (cause) {
      throw new ProviderError({ kind: classifyNetworkError(cause), operation: 'oidc', service: 'oidc', cause });
    }
    if (observer) await observeFetch(observer, url, options.method ?? 'GET', response);
    return response;
  });
}

/** openid-client's answer, as the observer sees every other (its body read from a copy). */
async function observeFetch(seen: ReplyObserver, url: string, method: string, response: Response): Promise<void> {
  const text = await response.clone().text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const location = response.headers.get('location');
  seen(
    { service: 'oidc', operation: `oidc ${new URL(url).pathname}`, method: method === 'POST' ? 'POST' : 'GET', path: url },
    { status: response.status, json, location: location ? toUrl(location, new URL(url)) : undefined },
  );
}

/**
 * Whether the provider answers its discovery document with 200 within `timeoutMs`: the cheapest
 * call that proves it is up (readiness). Outside the breaker: a probe must see the truth.
 */
export async function providerAnswers(timeoutMs: number): Promise<boolean> {
  try {
    const response = await request(new URL('/.well-known/openid-configuration', getConfig().providerUrl), {
      dispatcher: providerAgent,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body.dump();
    return response.statusCode === 200;
  } catch (error) {
    log.warn({ event: 'readiness-provider-unreachable', reason: error instanceof Error ? error.name : 'unknown' }, 'provider unreachable');
    return false;
  }
}
