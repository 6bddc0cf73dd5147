// The contract between the production entry (server/entry.mjs) and the app, in one place.
//
// Next's App Router gives a page or a server action no way to choose its HTTP status (beyond
// 404) or to see the client's socket address. The entry wraps Next's server and runs every
// request inside an AsyncLocalStorage store; the app reads and writes that store through the
// functions below (lib/request-context.ts), and the entry applies what the app asked for when the
// response head is written. The store is kept on globalThis because this module is loaded twice:
// natively by the entry, and bundled into the app's server code by Next.
//
// Store fields:
//   reqId          the request id (X-Request-Id), on every log line
//   remoteAddress  the socket's peer address (the client, or the last proxy)
//   forwardedFor   the X-Forwarded-For header as received (trusted only per TRUSTED_PROXIES)
//   formPage       for a POST (a form or server action), the address it was posted to: its page
//   status         set by the app: the status to answer with instead of Next's 200
//   headers        set by the app: extra response headers to go with that status
import { AsyncLocalStorage } from 'node:async_hooks';

const STORE_KEY = Symbol.for('signin.requestContext');
const LIFECYCLE_KEY = Symbol.for('signin.lifecycle');

/**
 * Statuses the app may ask for: a malformed action call (lib/form-action.ts), an address that names no screen (the full-frame not-found page,
 * app/[...unknown]/page.tsx), too many requests, and the provider down, garbled or too slow.
 */
export const APP_STATUSES = new Set([400, 404, 429, 500, 502, 503, 504]);

export function requestContextStorage() {
  globalThis[STORE_KEY] ??= new AsyncLocalStorage();
  return globalThis[STORE_KEY];
}

/** The store of the request being served, or undefined outside one (dev server, unit tests). */
export function currentRequest() {
  return requestContextStorage().getStore();
}

/** Shared shutdown state: the entry sets it on SIGTERM, /readyz reports it. */
export function lifecycle() {
  globalThis[LIFECYCLE_KEY] ??= { shuttingDown: false };
  return globalThis[LIFECYCLE_KEY];
}

/**
 * Asks for `status` (and headers such as Retry-After) instead of the 200 Next would send.
 * Returns false when no entry is wrapping the server, where the page still renders with 200.
 */
export function answerWith(status, headers = {}) {
  const store = currentRequest();
  if (!store || !APP_STATUSES.has(status)) return false;
  store.status = status;
  store.headers = { ...store.headers, ...headers };
  return true;
}

/**
 * The entry's side: the status to write given the one Next chose. Only a 200 is replaced, so
 * redirects (303 after an action), Next's own 404 and errors stay as they are.
 */
export function statusToWrite(store, nextStatus) {
  if (!store?.status || nextStatus !== 200) return { status: nextStatus, headers: {} };
  return { status: store.status, headers: store.headers ?? {} };
}
