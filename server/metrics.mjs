// Prometheus metrics (docs/operations.md "Metrics"): one registry per process, shared by the
// production entry (requests, the metrics listener) and the app (the sign-in funnel, provider
// calls, limits), kept on globalThis because this module is loaded twice, natively by the entry
// and bundled into the app's server code by Next, like request-context.mjs.
//
// Every label takes bounded values only: a screen's route (never the raw address), a step and its
// outcome from a fixed list, a provider service and operation (names in the code), a limit's name.
// No address, id, e-mail or code ever becomes a label.
import http from 'node:http';
import client from 'prom-client';

const METRICS_KEY = Symbol.for('signin.metrics');

/** Seconds: a page render is milliseconds to a second; the provider's timeout is 8 s by default. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The screens and routes of the app, as a request's `screen` label: an address is named by the
 * longest of these it starts with (`/register-mfa/code?…` is `register-mfa/code`); Next's own
 * files are `static`; anything else, `other` (a mistyped or hostile address must not make a label).
 */
export const SCREENS = [
  'account-unavailable',
  'auth/callback',
  'auth/renew',
  'auth/sign-out',
  'auth/start',
  'brand',
  'consent',
  'consent/declined',
  'consent/entry',
  'continue',
  'error',
  'group-selection',
  'group-selection/entry',
  'healthz',
  'language',
  'login',
  'login-success',
  'login-success/entry',
  'readyz',
  'register',
  'register-additional-info',
  'register-additional-info/entry',
  'register-mfa',
  'register-mfa/another',
  'register-mfa/code',
  'register-mfa/entry',
  'register-mfa/push',
  'register-success',
  'register/entry',
  'require-password-init',
  'reset-password',
  'reset-password-confirmation',
  'reset-password-init',
  'reset-password-success',
  'reset-password-success/entry',
  'reset-password/link',
  'setup-mfa/authenticator',
  'setup-mfa/backup-codes',
  'setup-mfa/backup-codes/download',
  'setup-mfa/email',
  'setup-mfa/push',
  'setup-mfa/sms',
  'setup-passkey',
  'setup-passkey/entry',
  'signed-out',
  'static-asset-missing',
  'success',
  'switch-sign-in',
  'switch-sign-in/open',
  'verify-email',
  'verify-email-complete',
  'verify-email-complete/entry',
  'verify-email-complete/sign-in-entry',
  'verify-email/code',
  'verify-email/entry',
];
const BY_LENGTH = [...SCREENS].sort((a, b) => b.length - a.length);

/** The `screen` label of a request path (its query already cut off or not). */
export function screenOf(url) {
  const path = String(url ?? '').split('?')[0];
  if (path === '/' || path === '') return 'start';
  if (path.startsWith('/_next/') || path === '/favicon.ico' || path === '/icon.svg') return 'static';
  const bare = path.slice(1).replace(/\/+$/, '');
  return BY_LENGTH.find((screen) => bare === screen || bare.startsWith(`${screen}/`)) ?? 'other';
}

/** A request method as a label: the usual ones, else `other`. */
export function methodOf(method) {
  return ['GET', 'HEAD', 'POST', 'OPTIONS'].includes(method) ? method : 'other';
}

/** The shared store's gauge, registered at its first value (lib/metrics.ts setStoreUp). */
export const STORE_UP = 'signin_limits_store_up';

function createMetrics() {
  const register = new client.Registry();
  client.collectDefaultMetrics({ register, prefix: 'signin_' });
  // prom-client's active handles, requests and resources come twice: by type (gauges named
  // `nodejs_active_handles`…) and as a sum named `…_total`, a gauge with a counter's suffix that
  // `promtool check metrics` refuses. The sum is the by-type gauges added up: left out.
  for (const total of ['handles', 'requests', 'resources']) register.removeSingleMetric(`signin_nodejs_active_${total}_total`);
  const metric = (Kind, config) => new Kind({ ...config, registers: [register] });
  // The breaker's and the bulkheads' state, read where it is kept (lib/metrics.ts reportProviderState).
  const provider = () => globalThis[METRICS_KEY]?.providerState?.() ?? { breakerOpen: false, callsInFlight: 0 };
  const created = {
    register,
    providerState: undefined,
    httpRequests: metric(client.Counter, {
      name: 'signin_http_requests_total',
      help: 'HTTP requests answered, by screen (route, not address), method and status.',
      labelNames: ['screen', 'method', 'status'],
    }),
    httpDuration: metric(client.Histogram, {
      name: 'signin_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by screen and method.',
      labelNames: ['screen', 'method'],
      buckets: DURATION_BUCKETS,
    }),
    funnel: metric(client.Counter, {
      name: 'signin_funnel_steps_total',
      help: 'Sign-in steps reached and how they ended (lib/metrics.ts FUNNEL), by step, outcome and method.',
      labelNames: ['step', 'outcome', 'method'],
    }),
    providerCalls: metric(client.Counter, {
      name: 'signin_provider_calls_total',
      help: 'Calls to the identity provider, by service, operation and outcome (answered, refused, timeout, unreachable, invalid, overloaded, breaker-open).',
      labelNames: ['service', 'operation', 'outcome'],
    }),
    providerDuration: metric(client.Histogram, {
      name: 'signin_provider_call_duration_seconds',
      help: 'Time the identity provider took to answer a call (retries included), by service and operation.',
      labelNames: ['service', 'operation'],
      buckets: DURATION_BUCKETS,
    }),
    breakerOpenings: metric(client.Counter, {
      name: 'signin_provider_breaker_openings_total',
      help: 'Times the provider circuit breaker opened (several sign-ins got no answer).',
    }),
    breakerOpen: metric(client.Gauge, {
      name: 'signin_provider_breaker_open',
      help: '1 while the provider circuit breaker is open (calls fail at once), else 0.',
      collect() {
        this.set(provider().breakerOpen ? 1 : 0);
      },
    }),
    providerInFlight: metric(client.Gauge, {
      name: 'signin_provider_calls_in_flight',
      help: 'Provider calls under way now.',
      collect() {
        this.set(provider().callsInFlight);
      },
    }),
    bulkheadRefusals: metric(client.Counter, {
      name: 'signin_provider_bulkhead_refusals_total',
      help: 'Provider calls refused before sending because too many were in flight, per sign-in or per client address.',
      labelNames: ['scope'],
    }),
    limitRefusals: metric(client.Counter, {
      name: 'signin_limit_refusals_total',
      help: 'Attempts refused by a limit, by the limit\u2019s name (docs/operations.md "Limits").',
      labelNames: ['limit'],
    }),
    resendWaits: metric(client.Counter, {
      name: 'signin_resend_waits_total',
      help: 'Sends held back by the wait between two codes or links, by what was to be sent.',
      labelNames: ['factor'],
    }),
    // Registered at its first value (lib/metrics.ts setStoreUp): an unlabelled gauge is exported
    // as 0 from the start, which would read as "store down" where there is no store to be down.
    storeUp: new client.Gauge({
      name: STORE_UP,
      help: '1 while the shared limits store (REDIS_URL) answers, 0 while this process counts on its own; absent without REDIS_URL.',
      registers: [],
    }),
    buildInfo: metric(client.Gauge, {
      name: 'signin_build_info',
      help: 'Always 1: the running build\u2019s version and deployment id.',
      labelNames: ['version', 'deployment'],
    }),
  };
  // Both scopes exported from the start, at 0: the first refusal is then an increase that rate()
  // and the dashboard see, not a series appearing out of nowhere.
  for (const scope of ['sign-in', 'client']) created.bulkheadRefusals.inc({ scope }, 0);
  return created;
}

/** This process's metrics (created once, by whichever copy of this module runs first). */
export function metrics() {
  globalThis[METRICS_KEY] ??= createMetrics();
  return globalThis[METRICS_KEY];
}

/**
 * The metrics listener on its own port (METRICS_PORT): `/metrics` in Prometheus's text format,
 * nothing else. Not the public listener, so the ingress never exposes it.
 */
export function startMetricsServer({ port, host, createServer = http.createServer, version, deployment, onError }) {
  const { register, buildInfo } = metrics();
  buildInfo.set({ version: version || 'unknown', deployment: deployment || 'none' }, 1);
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    try {
      const body = await register.metrics();
      res.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(body);
    } catch (error) {
      onError?.(error);
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
    }
  });
  server.listen(port, host);
  return server;
}
