// Request headers a client must never set (docs/architecture.md "Decisions worth knowing"). proxy.ts hands
// the render this request's nonce and CSP (Next takes the nonce for its scripts from the CSP request header),
// the display language and the path, and Next's parts talk to each other in x-middleware-*, x-nextjs-data and
// next-resume. On a path the proxy runs for, it overwrites its own; on one it skips, a client's copy would be
// believed. Dropped from every request before Next sees it.
const NAMES = new Set(['x-nonce', 'content-security-policy', 'x-nextjs-data', 'next-resume']);
// x-signin-…: the headers proxy.ts sets for the app (lib/i18n/locales.ts names them).
const PREFIXES = ['x-signin-', 'x-middleware-'];

// The W3C trace context (docs/operations.md "Traces"): Next continues the trace a request names.
// From the internet that lets anyone choose trace ids, join other traces and force sampling, so
// it is dropped unless the operator says a proxy in front sets it (TRUST_INCOMING_TRACE_CONTEXT=on).
const TRACE_CONTEXT = new Set(['traceparent', 'tracestate', 'baggage']);

function forged(name, keepTraceContext) {
  const lower = name.toLowerCase();
  return NAMES.has(lower) || PREFIXES.some((prefix) => lower.startsWith(prefix)) || (!keepTraceContext && TRACE_CONTEXT.has(lower));
}

/** Removes the forged headers from `req.headers` and `req.rawHeaders` alike. */
export function stripForgedHeaders(req, { keepTraceContext = false } = {}) {
  for (const name of Object.keys(req.headers)) if (forged(name, keepTraceContext)) delete req.headers[name];
  const kept = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!forged(req.rawHeaders[i], keepTraceContext)) kept.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  req.rawHeaders = kept;
}
