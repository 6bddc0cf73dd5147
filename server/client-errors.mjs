// Requests the entry answers itself, with a client error, before Next sees them: Next would answer
// them with a server error (a 500 and an error-level stack trace, which anyone could send to raise
// a screen's 5xx share and fire SigninStepErrors, docs/operations.md) or with a redirect to the
// host the request names.
//
// - A request target that is not a path: the absolute form (`GET http://evil.example/`, which
//   Next, reached without a proxy in front, answers with a 308 to that host), the asterisk form
//   (`OPTIONS *`, a 500). Browsers send paths; 400. (Node's parser refuses the authority form,
//   `GET host:443`, itself.)
// - A Next-Router-State-Tree header Next cannot read (its router sends the tree of the page it
//   shows; anything else makes Next throw while rendering). Read by Next's own parser, so what
//   passes here is exactly what Next accepts; 400.
// - Next's own error page, /_global-error (a 500 by design when asked for directly), and the
//   prerendered files beside it: not an address of this app; 404.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { parseAndValidateFlightRouterState } = require('next/dist/server/app-render/parse-and-validate-flight-router-state.js');

const ROUTER_STATE_HEADER = 'next-router-state-tree';
const GLOBAL_ERROR = /^\/_global-error(?:[/.?]|$)/;

/** The client error this request gets instead of Next's answer, or undefined to let Next answer. */
export function clientError(req) {
  const target = req.url ?? '';
  if (!target.startsWith('/')) return { status: 400, text: 'Bad request.' };
  if (GLOBAL_ERROR.test(target)) return { status: 404, text: 'Not found.' };
  const routerState = req.headers[ROUTER_STATE_HEADER];
  if (routerState !== undefined) {
    try {
      parseAndValidateFlightRouterState(routerState);
    } catch {
      return { status: 400, text: 'Bad request.' };
    }
  }
  return undefined;
}

/** Writes the client error: plain text, not cached; whatever body came is read and dropped. */
export function answerClientError(req, res, { status, text }) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
  req.resume();
}
