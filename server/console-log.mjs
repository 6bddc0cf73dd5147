// Next writes its own notices and errors with console.* (start-up lines, "Invalid Server Actions
// request", stack traces). Routed through the entry's pino logger, they become JSON lines like
// every other, with the request id when written while serving a request (docs/operations.md "Logs").
import { format, stripVTControlCharacters } from 'node:util';

const LEVELS = { error: 'error', warn: 'warn', info: 'info', log: 'info', debug: 'debug', trace: 'debug' };

/** Replaces console's writing methods; `currentReqId` says which request is being served, if any. */
export function routeConsoleTo(log, currentReqId) {
  for (const [method, level] of Object.entries(LEVELS)) {
    console[method] = (...args) => {
      const err = args.find((arg) => arg instanceof Error);
      // The stack goes with `err`; the message names the error by its name and message.
      const text = format(...args.map((arg) => (arg instanceof Error ? String(arg) : arg)));
      const msg = stripVTControlCharacters(text).trim();
      if (!msg && !err) return;
      const reqId = currentReqId();
      log[level]({ source: 'console', ...(reqId ? { reqId } : {}), ...(err ? { err } : {}) }, msg);
    };
  }
}
