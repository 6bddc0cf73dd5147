import 'server-only';
import { createHmac } from 'node:crypto';
import pino from 'pino';
import { currentRequest } from '../server/request-context.mjs';
import { getConfig } from './config';
import { traceFields } from './tracing';

/**
 * Structured JSON logs on stdout. The redaction list is a safety net, not the policy: code must
 * not pass secrets to the logger in the first place.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { service: 'signin' },
  timestamp: pino.stdTimeFunctions.isoTime,
  // The request being served (server/entry.mjs keeps it), so every line can be matched to it,
  // and, with tracing on, to its trace (lib/tracing.ts).
  mixin: () => {
    const reqId = currentRequest()?.reqId;
    return { ...(reqId ? { reqId } : {}), ...traceFields() };
  },
  redact: {
    paths: ['password', '*.password', 'passCode', '*.passCode', 'token', '*.token', 'cookie', '*.cookie', 'rprq', 'exchangeId', '*.exchangeId', 'statusId'],
    censor: '[redacted]',
  },
});

/**
 * A stable, non-reversible reference to an account for the logs (never the e-mail itself).
 * Salted with the newest session secret so the value cannot be looked up in a public list.
 */
export function accountRef(email: string): string {
  return createHmac('sha256', getConfig().sessionSecrets[0]).update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}
