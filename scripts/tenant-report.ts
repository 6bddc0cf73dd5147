// Shared by the operator scripts: how a check's outcome and a failure are printed.
import { isProviderError } from '../lib/provider/errors.ts';

export type Result = 'PASS' | 'FAIL' | 'UNKNOWN';
export type Check = { name: string; result: Result; detail: string };

/** A provider failure in an operator's words (what was called, what came back), never a stack. */
export function describeFailure(error: unknown): string {
  if (isProviderError(error)) {
    const parts = [`${error.operation}: ${error.kind}`];
    if (error.status !== undefined) parts.push(`HTTP ${error.status}`);
    if (error.code !== undefined) parts.push(`code ${error.code}${error.unknownCode ? ' (not in lib/provider/error-codes.ts)' : ''}`);
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    if (cause && error.kind !== 'rejected') parts.push(cause.split('\n')[0].slice(0, 160));
    return parts.join(', ');
  }
  return error instanceof Error ? error.message.split('\n')[0] : String(error);
}

/** The checks as a table: name, result, and what was seen or what to change. */
export function printTable(checks: Check[]): void {
  const width = Math.max(...checks.map((c) => c.name.length), 5);
  console.log(`${'CHECK'.padEnd(width)}  RESULT   DETAIL`);
  for (const check of checks) {
    const [first, ...rest] = check.detail.split('\n');
    console.log(`${check.name.padEnd(width)}  ${check.result.padEnd(7)}  ${first}`);
    for (const line of rest) console.log(`${''.padEnd(width)}           ${line}`);
  }
}
