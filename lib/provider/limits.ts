import 'server-only';
import { getConfig } from '../config';
import { log } from '../log';
import { countBulkheadRefusal, counted, reportProviderState } from '../metrics';
import { clientAddress, currentRequest } from '../request-context';
import type { ProviderService } from './error-codes';
import { ProviderError } from './errors';

/**
 * What keeps one sign-in's trouble with the provider its own (docs/operations.md
 * "Provider trouble"): a circuit breaker that counts failures by sign-in (a confirmed one, else by
 * client address), and bulkheads that cap the calls in flight per sign-in and per client address. Every call of lib/provider/http.ts passes here;
 * the readiness probe does not (it must see the provider as it is).
 *
 * Both are per process, like the transport they guard: each replica judges the provider by the
 * calls it makes itself.
 */

/** Who a call is for (the bulkheads): the sign-in it names, else the HTTP request it serves, else nobody in particular. */
export function callerKey(signIn: string | undefined): string {
  if (signIn) return `sign-in:${signIn}`;
  const reqId = currentRequest()?.reqId;
  // Prefixed, so an X-Request-Id chosen to equal someone's sign-in id is still another key.
  return reqId ? `request:${reqId}` : 'anonymous';
}

type State = {
  breaker: {
    /** Who failed since the last answer (breakerKey), and the client addresses they came from. */
    failed: Set<string>;
    clients: Set<string>;
    openUntil: number;
    /** A trial call after the pause is under way: the calls beside it fail fast. */
    trial: boolean;
  };
  inFlight: { byCaller: Map<string, number>; byClient: Map<string, number> };
  /** Sign-ins the provider has accepted in this process (most recent last, bounded). */
  confirmed: Set<string>;
};
/** How many confirmed sign-ins are remembered: far more than are under way at once. */
const CONFIRMED_MAX = 20_000;
/**
 * Kept on globalThis, like the request store (server/request-context.mjs): Next bundles this
 * module once for pages and actions and once more for route handlers (/readyz, /auth/callback),
 * and a breaker /readyz cannot see, or bulkheads that count half the calls, would be no use.
 */
const STATE_KEY = Symbol.for('signin.providerLimits');
const state = ((globalThis as Record<symbol, State | undefined>)[STATE_KEY] ??= {
  breaker: { failed: new Set(), clients: new Set(), openUntil: 0, trial: false },
  inFlight: { byCaller: new Map(), byClient: new Map() },
  confirmed: new Set(),
});
const { breaker, inFlight, confirmed } = state;

/**
 * Who a failure counts for in the breaker. A sign-in the provider has accepted here (answered a
 * call naming it with a 2xx) is a real one, and counts as itself. Anything else counts as its
 * client address: an id a page was opened with, one the provider refused ("no such request"),
 * one anybody made up, and a call that names no sign-in at all. However many such calls one
 * client makes, and however often they go unanswered, that client counts once.
 */
function breakerKey(call: { signIn?: string }, client: string): string {
  return call.signIn && confirmed.has(call.signIn) ? `sign-in:${call.signIn}` : `client:${client}`;
}

/** A 2xx other than 204 ("nothing there"): the provider took the sign-in the call names. */
export function acceptsSignIn(status: number): boolean {
  return status >= 200 && status < 300 && status !== 204;
}

function confirm(signIn: string | undefined): void {
  if (!signIn) return;
  confirmed.delete(signIn);
  confirmed.add(signIn);
  if (confirmed.size > CONFIRMED_MAX) confirmed.delete(confirmed.values().next().value as string);
}

/**
 * The circuit breaker. Calls that get no answer (refused, reset, timed out) are counted by
 * caller (breakerKey): however often one sign-in or one client fails, it counts once, because one
 * broken sign-in (a request the provider chokes on, a person retrying) says nothing about the
 * provider as a whole, and must not fail everyone else's. When `breaker.threshold` distinct
 * callers (default 5) have failed since the last answer, calls fail at once for `breaker.openMs`
 * (default 10 s) instead of each waiting out its timeout, so an outage shows the error page fast
 * and the provider is not hammered while it recovers. After the pause one call at a time tries
 * again (the calls beside it fail fast); one answer closes the breaker. A trial without an answer
 * opens it for another pause only when it comes from a client none of the counted failures came
 * from: a client whose failures are counted already brings no news, so one client cannot hold
 * the breaker open by failing again and again.
 */
export function breakerState(): { open: boolean; failures: number } {
  return { open: Date.now() < breaker.openUntil, failures: breaker.failed.size };
}

/** Provider calls under way in this process now (the bulkheads' own count). */
export function callsInFlight(): number {
  let calls = 0;
  for (const n of inFlight.byCaller.values()) calls += n;
  return calls;
}

// The gauges (lib/metrics.ts) read the breaker and the calls in flight from here, where they are kept.
reportProviderState(() => ({ breakerOpen: breakerState().open, callsInFlight: callsInFlight() }));

/**
 * The bulkheads: calls in flight per caller key and per client address. Over either cap a call
 * fails at once (kind `overloaded`, the error page's 503) rather than joining a queue: a slow
 * provider answering one sign-in or one client would otherwise hold the shared connections while
 * everyone else waits behind them. Entries are removed at zero, so the maps hold only callers
 * with a call in flight.
 */
function overCap(map: Map<string, number>, key: string, cap: number): boolean {
  return (map.get(key) ?? 0) >= cap;
}
function take(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}
function give(map: Map<string, number>, key: string): void {
  const left = (map.get(key) ?? 1) - 1;
  if (left > 0) map.set(key, left);
  else map.delete(key);
}

/**
 * Runs `send` for the call through the breaker and the bulkheads. `accepted` says whether what
 * `send` brought back accepts the sign-in the call names (a refusal is an answer, but no proof
 * that the sign-in is real).
 */
export async function guarded<T>(
  call: { operation: string; service?: ProviderService; signIn?: string },
  send: () => Promise<T>,
  accepted: (result: T) => boolean = () => false,
): Promise<T> {
  const { operation, service } = call;
  const config = getConfig();
  const paused = breaker.failed.size >= config.breaker.threshold;
  if (Date.now() < breaker.openUntil || (paused && breaker.trial)) {
    throw new ProviderError({ kind: 'unreachable', operation, service, cause: new Error('circuit open') });
  }
  const caller = callerKey(call.signIn);
  const client = clientAddress();
  const full = overCap(inFlight.byCaller, caller, config.providerCalls.perSignIn)
    ? 'sign-in'
    : overCap(inFlight.byClient, client, config.providerCalls.perClient)
      ? 'client'
      : undefined;
  if (full) {
    countBulkheadRefusal(full);
    // Not counted by the breaker: nothing was sent, so nothing is known about the provider.
    throw new ProviderError({ kind: 'overloaded', operation, service, cause: new Error(`too many provider calls in flight for this ${full}`) });
  }
  // After the pause this call is the trial: the rest keep failing fast until it has an answer.
  const trial = paused;
  if (trial) breaker.trial = true;
  take(inFlight.byCaller, caller);
  take(inFlight.byClient, client);
  try {
    const result = await send();
    breaker.failed.clear();
    breaker.clients.clear();
    breaker.openUntil = 0;
    if (accepted(result)) confirm(call.signIn);
    return result;
  } catch (error) {
    if (error instanceof ProviderError && (error.kind === 'unreachable' || error.kind === 'timeout')) countFailure(call, client);
    throw error;
  } finally {
    if (trial) breaker.trial = false;
    give(inFlight.byCaller, caller);
    give(inFlight.byClient, client);
  }
}

/** A call without an answer: counted, and the breaker opened when that is news enough. */
function countFailure(call: { signIn?: string }, client: string): void {
  const { threshold, openMs } = getConfig().breaker;
  const pausedBefore = breaker.failed.size >= threshold;
  const newClient = !breaker.clients.has(client);
  breaker.failed.add(breakerKey(call, client));
  breaker.clients.add(client);
  if (pausedBefore ? !newClient : breaker.failed.size < threshold) return;
  breaker.openUntil = Date.now() + openMs;
  log.error(counted({ event: 'provider-circuit-open', failures: breaker.failed.size, openMs }), 'provider unreachable for several sign-ins: failing fast');
}
