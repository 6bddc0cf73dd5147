// Shared by the operator scripts: how a check's outcome and a failure are printed, and what a
// tenant:check run settled of the contract's unknowns.
import { isProviderError } from '../lib/provider/errors.ts';
import type { TokenFacts } from './tenant-check-tokens.ts';
import type { Recorded } from './tenant-record.ts';
import type { SignInOutcome } from './tenant-signin.ts';

/** WARN: works, but something the operator should change (it fails nothing, the synthetic sign-in included). */
export type Result = 'PASS' | 'FAIL' | 'UNKNOWN' | 'WARN';
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

/** The user-existence answer as the tenant gave it: status, and the action or code it named. */
export function describeExistence(answer: Recorded | undefined): string {
  if (!answer) return 'no answer recorded';
  const body = answer.body as { data?: { action?: unknown } } | undefined;
  if (answer.read.kind === 'empty') return `HTTP ${answer.status} (no body)`;
  if (answer.read.kind === 'refused') return `HTTP ${answer.status}, code ${answer.read.code ?? '(none)'} at ${answer.read.codeAt ?? '?'}`;
  const action = body?.data && typeof body.data === 'object' ? body.data.action : undefined;
  return `HTTP ${answer.status}, ${action === undefined ? 'naming no action' : `action ${String(action)}`}`;
}

/** What a tenant:check run saw beyond its rows. */
export type Seen = { signIn?: SignInOutcome | { kind: 'failed'; reason: string }; tokens?: TokenFacts; passkey?: string; withAccount?: boolean };

/** What this run saw of the unknowns in docs/provider-contract.md §7. */
export function settledUnknowns(recorded: Recorded[], seen: Seen): Array<[unknown: string, seen: string | undefined]> {
  const existence = recorded.filter((r) => r.operation === 'users.checkExists');
  const refusedAtTop = recorded.find((r) => r.service === 'verification-actions-srv' && r.read.codeAt);
  const { tokens } = seen;
  const signIn = seen.signIn?.kind === 'failed' ? undefined : seen.signIn;
  return [
    ['user-existence answer for an account', seen.withAccount && existence.length > 1 ? describeExistence(existence.at(-1)) : undefined],
    ['user-existence answer for an unknown address', existence.length > 0 ? describeExistence(existence[0]) : undefined],
    ['scopes granted', tokens?.scopes],
    ['refresh token issued', tokens ? (tokens.refreshToken ? 'yes' : 'no') : undefined],
    ['token naming the chosen group', tokens?.groupIn.length ? tokens.groupIn.join(', ') : undefined],
    ['precheck pages and their order', signIn?.pages.length ? signIn.pages.join(' → ') : undefined],
    ...Object.entries(signIn?.pageParams ?? {}).map(([page, params]): [string, string] => [`${page} page parameters`, params.join(', ')]),
    ['FIDO2 relying-party id with domainURL and allowedDomains', seen.passkey],
    ['where verification-actions-srv puts its error code', refusedAtTop?.read.codeAt],
  ];
}
