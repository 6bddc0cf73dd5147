import 'server-only';
import { getConfig } from '../config';
import { log } from '../log';
import { countBulkheadRefusal, counted, reportProviderState } from '../metrics';
import { clientAddress, currentRequest } from '../request-context';
import type { ProviderService } from './error-codes';
import { ProviderError } from './errors';

/**
 * What keeps one sign-in's trouble with the provider its own (docs/operations.md
 * "Provider trouble"): a circuit breaker that counts failures by sign-in, and bulkheads that cap the calls
 * in flight per sign-in and per client address. Every call of lib/provider/http.ts passes here;
 * the readiness probe does not (it must see the provider as it is).
 *
 * Both are per process, like the transport they guard: each replica judges the provider by the
 * calls it makes itself.
 */

/** Who a call is for: the sign-in it names, else the HTTP request it serves, else nobody in particular. */
export function callerKey(signIn: string | undefined): string {
  if (signIn) return `sign-in:${signIn}`;
  const reqId = currentRequest()?.reqId;
  // Prefixed, so an X-Request-Id chosen to equal someone's sign-in id is still another key.
  return reqId ? `request:${reqId}` : 'anonymous';
}

type State = {
  breaker: { failed: Set<string>; openUntil: number };
  inFlight: { byCaller: Map<string, number>; byClient: Map<string, number> };
  /** Sign-ins the provider has answered in this process (most recent last, bounded). */
  answered: Set<string>;
};
/** How many answered sign-ins are remembered: far more than are under way at once. */
const ANSWERED_MAX = 20_000;
/**
 * Kept on globalThis, like the request store (server/request-context.mjs): Next bundles this
 * module once for pages and actions and once more for route handlers (/readyz, /auth/callback),
 * and a breaker /readyz cannot see, or bulkheads that count half the calls, would be no use.
 */
const STATE_KEY = Symbol.for('signin.providerLimits');
const state = ((globalThis as Record<symbol, State | undefined>)[STATE_KEY] ??= {
  breaker: { failed: new Set(), openUntil: 0 },
  inFlight: { byCaller: new Map(), byClient: new Map() },
  answered: new Set(),
});
const { breaker, inFlight, answered } = state;

/**
 * Who a failure counts for in the breaker. A sign-in the provider has answered before is a real
 * one, and counts as itself. Any other id (one a page was opened with, never confirmed, invented
 * by anyone) counts as its client address: however many ids one client makes up, and however
 * often they go unanswered, that client counts once, and cannot open the breaker for everyone.
 */
function breakerKey(call: { signIn?: string }, caller: string, client: string): string {
  if (!call.signIn || answered.has(call.signIn)) return caller;
  return `unconfirmed:${client}`;
}

function remember(signIn: string | undefined): void {
  if (!signIn) return;
  answered.delete(signIn);
  answered.add(signIn);
  if (answered.size > ANSWERED_MAX) answered.delete(answered.values().next().value as string);
}

/**
 * The circuit breaker. Calls that get no answer (refused, reset, timed out) are counted by
 * caller: however often one sign-in fails, it counts once, because one broken sign-in (a request
 * the provider chokes on, a person retrying) says nothing about the provider as a whole, and
 * must not fail everyone else's. Ids the provider never answered count by client (breakerKey). When `breaker.threshold` distinct callers (default 5) have failed
 * since the last answer, calls fail at once for `breaker.openMs` (default 10 s) instead of each
 * waiting out its timeout, so an outage shows the error page fast and the provider is not
 * hammered while it recovers. After the pause one call tries again; one answer closes it.
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

/** Runs `send` for the call through the breaker and the bulkheads. */
export async function guarded<T>(call: { operation: string; service?: ProviderService; signIn?: string }, send: () => Promise<T>): Promise<T> {
  const { operation, service } = call;
  const now = Date.now();
  if (now < breaker.openUntil) {
    throw new ProviderError({ kind: 'unreachable', operation, service, cause: new Error('circuit open') });
  }
  const config = getConfig();
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
  // After the pause one call tries again; the rest keep failing fast until it has an answer.
  if (breaker.failed.size >= config.breaker.threshold) breaker.openUntil = now + config.breaker.openMs;
  take(inFlight.byCaller, caller);
  take(inFlight.byClient, client);
  try {
    const result = await send();
    breaker.failed.clear();
    breaker.openUntil = 0;
    remember(call.signIn);
    return result;
  } catch (error) {
    const noAnswer = error instanceof ProviderError && (error.kind === 'unreachable' || error.kind === 'timeout');
    // A refusal is an answer too: the provider is there.
    if (error instanceof ProviderError && error.kind === 'rejected') remember(call.signIn);
    if (noAnswer) {
      breaker.failed.add(breakerKey(call, caller, client));
      if (breaker.failed.size >= config.breaker.threshold) {
        breaker.openUntil = Date.now() + config.breaker.openMs;
        log.error(
          counted({ event: 'provider-circuit-open', failures: breaker.failed.size, openMs: config.breaker.openMs }),
          'provider unreachable for several sign-ins: failing fast',
        );
      }
    }
    throw error;
  } finally {
    give(inFlight.byCaller, caller);
    give(inFlight.byClient, client);
  }
}
