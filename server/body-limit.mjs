// The request body limit (docs/operations.md "Request size"), applied by the entry to every request before
// Next sees it; every form here is a few fields. Next's own limits do not cover it: route handlers read
// whatever comes, the copy of the body Next makes for proxy.ts buffers 10 MB and then hands on a truncated
// body as if it were whole, and the server-action limit (64 KB, next.config.ts) answers 500, and only after
// reading.
import { ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 65_536;
/** How long a refused client gets to read the 413 before its connection is dropped. */
const LINGER_MS = 2_000;

/** The answer to a body over the limit, the same whether it was declared or counted. */
export function refuseTooLarge(res) {
  for (const name of res.getHeaderNames()) if (name !== 'x-request-id') res.removeHeader(name);
  lingerBeforeClosing(res.socket);
  ServerResponse.prototype.writeHead.call(res, 413, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  ServerResponse.prototype.end.call(res, 'Request too large.');
}

/**
 * Counts the body as Node's HTTP parser hands it to the request stream, so a body without a
 * Content-Length (chunked) is held to the limit too, whoever reads it. Past the limit nothing
 * more is passed on, not even the end: a reader waits instead of taking a truncated body for a
 * whole one. The 413 goes out at once and its `Connection: close` ends the connection.
 */
export function limitStreamedBody(req, res) {
  let received = 0;
  let refused = false;
  const push = req.push;
  req.push = function countedPush(chunk, encoding) {
    if (refused) return false;
    if (chunk !== null) received += chunk.length;
    if (received <= MAX_BODY_BYTES) return push.call(this, chunk, encoding);
    refused = true;
    if (res.headersSent) req.socket?.destroy();
    else refuseTooLarge(res);
    ignoreLaterAnswers(res);
    // false tells the parser to stop reading the socket.
    return false;
  };
}

/**
 * Closing a socket whose client is still sending makes the kernel send a reset, which can reach
 * the client before it has read the 413 and turn the answer into a bare connection error. So the
 * connection is only half-closed after the answer (what `Connection: close` does) and dropped a
 * moment later, or as soon as the client closes it.
 */
function lingerBeforeClosing(socket) {
  if (!socket) return;
  socket.destroySoon = function lingeringClose() {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS).unref();
    this.once('close', () => clearTimeout(timer));
  };
}

/**
 * Next may still try to answer the request it was given (an error once its wait ends): writing
 * to a finished response would throw or emit an unhandled 'error', so those calls do nothing.
 */
function ignoreLaterAnswers(res) {
  const self = () => res;
  for (const method of ['writeHead', 'setHeader', 'appendHeader', 'removeHeader', 'setHeaders', 'flushHeaders', 'writeContinue', 'writeEarlyHints']) {
    res[method] = self;
  }
  const settle = (args) => {
    const callback = args.find((arg) => typeof arg === 'function');
    if (callback) process.nextTick(callback);
  };
  res.write = (...args) => {
    settle(args);
    return true;
  };
  res.end = (...args) => {
    settle(args);
    return res;
  };
}
