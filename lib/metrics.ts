import 'server-only';
import { metrics, STORE_UP, type ProviderState } from '../server/metrics.mjs';
import type { ProviderError } from './provider/errors';

/**
 * What the app counts for Prometheus (docs/operations.md "Metrics"), in words the code already
 * says: the sign-in funnel and the limits are counted from the fields of the event each step
 * logs, where the step happens (`log.info(counted({ event: 'email.checked', … }), …)`), so a step
 * cannot log one thing and count another, and the count does not depend on the line being
 * written (LOG_LEVEL=warn drops the line, not the count); provider calls are timed where every
 * call passes (lib/provider/http.ts).
 */

/** The log events that are steps of the funnel, and the step each one counts as. */
export const FUNNEL: Readonly<Record<string, string>> = {
  'email.checked': 'email',
  'password.verified': 'password',
  'passkey.verified': 'passkey',
  'mfa.sent': 'second-factor-sent',
  'mfa.verified': 'second-factor',
  'group.selected': 'group',
  'consent.accepted': 'consent',
  'consent.declined': 'consent',
  'passkey.enrolled': 'passkey-setup',
  'passkey.skipped': 'suggestion-skipped',
  'setup.started': 'setup-started',
  'setup.sent': 'setup-started',
  'setup.verified': 'setup',
  'reset.sent': 'reset-requested',
  'reset.accept': 'reset-finished',
  'verify.sent': 'confirmation-sent',
  'verify.code': 'confirmation',
  register: 'registration',
  'additional-info.register': 'registration-identity-provider',
  'additional-info.update': 'additional-info',
  'signed-in': 'signed-in',
};

/** Second-factor and set-up methods as labels; anything else is `other`. */
const METHODS = new Set(['EMAIL', 'SMS', 'TOTP', 'PUSH', 'FIDO2', 'BACKUPCODE', 'IVR', 'PASSWORD']);
/** An outcome as the code names it (`ok`, `code-invalid`…): short, lower-case words only. */
const OUTCOME = /^[a-z][a-z-]{0,31}$/;
/** A limit's name (lib/limits/names.ts, `wait.mfa.EMAIL`…). */
const LIMIT = /^[a-z][A-Za-z0-9._-]{0,63}$/;

type Fields = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Counts the step (or limit refusal, or breaker opening) these log fields name, and hands the
 * fields on for the log line: the count happens here, whatever the log level.
 */
export function counted<T extends { event: string }>(fields: T): T {
  countEvent(fields);
  return fields;
}

/** Counts one event's fields, if it is one the metrics follow. */
export function countEvent(fields: unknown): void {
  if (!fields || typeof fields !== 'object') return;
  const f = fields as Fields;
  const event = text(f.event);
  if (!event) return;
  const m = metrics();
  const step = FUNNEL[event];
  if (step) {
    const outcome = event === 'consent.declined' ? 'declined' : event === 'consent.accepted' ? 'accepted' : (text(f.outcome) ?? 'done');
    const method = text(f.type) ?? text(f.method) ?? '';
    m.funnel.inc({ step, outcome: OUTCOME.test(outcome) ? outcome : 'other', method: method === '' || METHODS.has(method) ? method : 'other' });
    return;
  }
  if (event === 'rate-limited') {
    const limit = text(f.limit) ?? '';
    const name = LIMIT.test(limit) ? limit : 'other';
    m.limitRefusals.inc({ limit: name });
    if (name.startsWith('wait.')) m.resendWaits.inc({ factor: name.slice('wait.'.length) });
  } else if (event === 'provider-circuit-open') m.breakerOpenings.inc();
}

/**
 * Where the breaker and in-flight gauges read their values: lib/provider/limits.ts, which keeps
 * the breaker and the bulkheads, says so when it loads. Until then nothing was called: 0.
 */
export function reportProviderState(read: () => ProviderState): void {
  metrics().providerState = read;
}

/**
 * The shared store's state, set where it changes (lib/limits/store.ts) rather than from its log
 * lines: its recovery is logged at info, and a gauge must not stay at 0 under LOG_LEVEL=warn.
 */
export function setStoreUp(up: boolean): void {
  const m = metrics();
  if (!m.register.getSingleMetric(STORE_UP)) m.register.registerMetric(m.storeUp);
  m.storeUp.set(up ? 1 : 0);
}

/** How a provider call ended, as a label. */
export type CallOutcome = 'ok' | 'refused' | 'server-error' | 'timeout' | 'unreachable' | 'invalid' | 'overloaded' | 'breaker-open';

export function replyOutcome(status: number): CallOutcome {
  return status >= 500 ? 'server-error' : status >= 400 ? 'refused' : 'ok';
}

export function errorOutcome(error: ProviderError | undefined): CallOutcome {
  switch (error?.kind) {
    case 'timeout':
      return 'timeout';
    case 'overloaded':
      return 'overloaded';
    case 'invalid-response':
      return 'invalid';
    case 'unreachable':
      return error.cause instanceof Error && error.cause.message === 'circuit open' ? 'breaker-open' : 'unreachable';
    default:
      return 'unreachable';
  }
}

/** One provider call: its outcome, and (when it was sent) how long the provider took. */
export function observeProviderCall(call: { service?: string; operation: string }, outcome: CallOutcome, seconds: number | undefined): void {
  const m = metrics();
  const service = call.service ?? 'oidc';
  // openid-client's calls are named by their endpoint's path; its last word is enough (token, userinfo…).
  const operation = call.operation.startsWith('oidc ') ? `oidc.${/[a-z_-]{1,32}$/i.exec(call.operation)?.[0] ?? 'other'}` : call.operation;
  m.providerCalls.inc({ service, operation, outcome });
  if (seconds !== undefined) m.providerDuration.observe({ service, operation }, seconds);
}

/** A call refused before it was sent: too many in flight for one sign-in or one client address. */
export function countBulkheadRefusal(scope: 'sign-in' | 'client'): void {
  metrics().bulkheadRefusals.inc({ scope });
}
