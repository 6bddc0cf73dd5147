// The production entry: wraps Next's standalone server (server.js beside this file once built)
// with what an operator needs around it, and which Next does not do itself:
//
// - one JSON log line per request (method, path without query, status, duration, request id),
//   and Next's own console output as JSON lines too (console-log.mjs);
// - a request id per request (a well-formed incoming X-Request-Id is kept, else a new one), sent
//   back as X-Request-Id and attached as `reqId` to every log line the app writes while serving
//   it (`requestId` in the logs is the provider's sign-in request);
// - the status the app asks for through the request context (request-context.mjs): 429 when a
//   limit is reached, 503/504 on the error page after a provider failure, so monitors and load
//   balancers see an outage as one (Next gives pages and actions no way to choose a status);
// - a form posted without JavaScript to an action of the previous build (a rolling update
//   mid-flow) is answered 303 to the same page, which reloads it from the current build;
// - request headers only proxy.ts or Next may set are dropped from what clients send
//   (forged-headers.mjs);
// - requests Next would answer with a server error or a redirect to another host (a request
//   target that is not a path, a malformed router-state header, Next's /_global-error page) get
//   a 400 or 404 instead (client-errors.mjs);
// - request bodies over 64 KB are refused with 413: declared ones before Next sees the request,
//   streamed ones (chunked) as soon as the count passes the limit (body-limit.mjs);
// - graceful shutdown: on SIGTERM the listener closes (new connections are refused), requests in
//   flight finish, keep-alive connections are closed after their response, and the process exits
//   0; after SHUTDOWN_GRACE_MS (default 20 s) it exits 1 regardless;
// - Prometheus metrics (metrics.mjs): every request counted and timed by screen, and, with
//   METRICS_PORT set, `/metrics` served on that port only (never on the public one).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pino from 'pino';
import { limitStreamedBody, MAX_BODY_BYTES, refuseTooLarge } from './body-limit.mjs';
import { answerClientError, clientError } from './client-errors.mjs';
import { routeConsoleTo } from './console-log.mjs';
import { stripForgedHeaders } from './forged-headers.mjs';
import { methodOf, metrics, screenOf, startMetricsServer } from './metrics.mjs';
import { requestContextStorage, lifecycle as sharedLifecycle, statusToWrite } from './request-context.mjs';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info', base: { service: 'signin' }, timestamp: pino.stdTimeFunctions.isoTime });
const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 20_000);
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
// Probes and static files are many and dull: logged only at debug level.
const QUIET = /^\/(healthz|readyz|_next\/static\/|brand\/|favicon\.ico)/;

// Shared with the app (request-context.mjs): the request id, the peer address, the status the
// app asks for, and the shutdown state that /readyz reports.
const requestContext = requestContextStorage();
const lifecycle = sharedLifecycle();
routeConsoleTo(log, () => requestContext.getStore()?.reqId);

// Next handles signals itself unless told not to; its handler exits at once, in-flight or not.
process.env.NEXT_MANUAL_SIG_HANDLE = 'true';

const servers = [];
let inFlight = 0;
const { httpRequests, httpDuration } = metrics();

const createServer = http.createServer;
http.createServer = function wrappedCreateServer(...args) {
  const at = args.findIndex((arg) => typeof arg === 'function');
  const listener = args[at];
  args[at] = (req, res) => handle(req, res, listener);
  const server = createServer.apply(this, args);
  servers.push(server);
  return server;
};

// A proxy in front that starts traces (an ingress with OpenTelemetry) may be trusted to name one.
const keepTraceContext = process.env.TRUST_INCOMING_TRACE_CONTEXT === 'on';

function handle(req, res, listener) {
  stripForgedHeaders(req, { keepTraceContext });
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = requestId;
  res.setHeader('X-Request-Id', requestId);
  logWhenDone(req, res, requestId);

  const refused = clientError(req);
  if (refused) {
    answerClientError(req, res, refused);
    return;
  }
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    refuseTooLarge(res);
    req.resume();
    return;
  }
  limitStreamedBody(req, res);

  const store = {
    reqId: requestId,
    remoteAddress: req.socket.remoteAddress,
    forwardedFor: typeof req.headers['x-forwarded-for'] === 'string' ? req.headers['x-forwarded-for'] : undefined,
    // A form is posted to its page's own address: where "Try again" leads if the step fails.
    formPage: req.method === 'POST' ? req.url : undefined,
  };
  const plainFormPost = req.method === 'POST' && !req.headers['next-action'];
  // Node writes every head through writeHead, the implicit one included.
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    // A response written once shutdown began closes its connection, so the balancer does not
    // send the next request down a connection about to go away.
    if (lifecycle.shuttingDown && !this.headersSent) this.setHeader('Connection', 'close');
    const asked = statusToWrite(store, status);
    if (asked.status !== status) {
      for (const [name, value] of Object.entries(asked.headers)) this.setHeader(name, value);
      return writeHead.call(this, asked.status, ...rest);
    }
    // A form posted without JavaScript from a page of the previous build names an action this
    // build does not have: load the page again (from this build) instead of a bare 4xx text.
    if (plainFormPost && this.getHeader('x-nextjs-action-not-found') === '1') {
      this.setHeader('Location', req.url ?? '/');
      this.setHeader('Cache-Control', 'no-store');
      return writeHead.call(this, 303, ...rest);
    }
    return writeHead.call(this, status, ...rest);
  };
  requestContext.run(store, () => listener(req, res));
}

/** Counts the request as in flight until its response is done, then writes its log line. */
function logWhenDone(req, res, requestId) {
  const started = process.hrtime.bigint();
  inFlight++;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    inFlight--;
    const path = loggedPath(req.url);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const screen = screenOf(path);
    const method = methodOf(req.method);
    httpRequests.inc({ screen, method, status: String(res.statusCode) });
    httpDuration.observe({ screen, method }, seconds);
    const entry = {
      event: 'request',
      reqId: requestId,
      method: req.method,
      path,
      status: res.statusCode,
      durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (QUIET.test(path)) log.debug(entry, 'request');
    else log.info(entry, 'request');
    if (lifecycle.shuttingDown && inFlight === 0) exit(0);
  };
  res.once('finish', finish);
  res.once('close', finish);
}

// Paths that carry the provider's identifiers (track id, subject, request id) are logged as
// their pattern: those values are what a precheck continuation needs.
const IDENTIFYING_PATHS = [[/^\/group-selection\/.*/, '/group-selection/:trackId/:sub']];
function loggedPath(url = '/') {
  const path = url.split('?')[0];
  for (const [pattern, replacement] of IDENTIFYING_PATHS) if (pattern.test(path)) return replacement;
  return path;
}

let exiting = false;
function exit(code) {
  if (exiting) return;
  exiting = true;
  log.info({ event: 'stopped', code }, 'server stopped');
  process.exit(code);
}

function shutdown(signal) {
  if (lifecycle.shuttingDown) return;
  lifecycle.shuttingDown = true;
  log.info({ event: 'shutdown', signal, inFlight }, 'shutting down');
  for (const server of servers) {
    server.close();
    server.closeIdleConnections?.();
  }
  setTimeout(() => {
    log.warn({ event: 'shutdown-timeout', inFlight }, 'requests still running at the end of the grace period');
    exit(1);
  }, GRACE_MS).unref();
  if (inFlight === 0) exit(0);
}
// The metrics listener: its own port, made with Node's own createServer (not the wrapped one
// above: its requests are not the app's), closed with the others on shutdown.
const METRICS_PORT = Number(process.env.METRICS_PORT ?? 0);
if (Number.isInteger(METRICS_PORT) && METRICS_PORT > 0 && METRICS_PORT < 65536) {
  const metricsServer = startMetricsServer({
    port: METRICS_PORT,
    host: process.env.METRICS_HOST || undefined,
    createServer,
    version: process.env.APP_VERSION || packageVersion(),
    deployment: process.env.DEPLOYMENT_ID,
    onError: (error) => log.error({ event: 'metrics-failed', err: error }, 'metrics not collected'),
  });
  metricsServer.on('listening', () => log.info({ event: 'metrics-listening', port: METRICS_PORT }, 'metrics served'));
  metricsServer.on('error', (error) => log.error({ event: 'metrics-listen-failed', port: METRICS_PORT, err: error }, 'metrics port not opened'));
  servers.push(metricsServer);
} else if (process.env.METRICS_PORT) {
  log.error({ event: 'metrics-port-invalid' }, 'METRICS_PORT is not a port number: metrics not served');
}

/** The build's version, from the package.json beside this file (the standalone output has it). */
function packageVersion() {
  try {
    return JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version;
  } catch {
    return undefined;
  }
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

await import('./server.js');
