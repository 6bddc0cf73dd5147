import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The operation budget of the expensive specs (docs/testing.md "Operation budget"): what a test
 * did that costs the run its time (axe runs, layout checks, re-renders, screenshots), counted
 * exactly, so it can be asserted without timing anything. Each test that passes appends its
 * counts to `test-results/ops/<worker>.jsonl`; the global teardown adds them up and fails the
 * run when they differ from tests/e2e/budget-ops.json: per test, for every test that ran, and
 * per spec and project in total once all of a project's budgeted tests ran (a run narrowed with
 * `-g` checks its own tests only).
 */

export const OPS_DIR = 'test-results/ops';
export const BUDGET_FILE = 'tests/e2e/budget-ops.json';

export type Ops = { axe: number; layout: number; rerenders: number; screenshots: number };
export const noOps = (): Ops => ({ axe: 0, layout: 0, rerenders: 0, screenshots: 0 });

/** One test's counts as a worker writes them. */
export type OpsRecord = { spec: string; project: string; test: string; retry: number; ops: Ops };

/** Per spec and project: the total and each test's counts (by its title path without the file). */
export type OpsBudget = Record<string, Record<string, { total: Ops; tests: Record<string, Ops> }>>;

export function recordOps(record: OpsRecord, workerIndex: number, dir = OPS_DIR) {
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, `${workerIndex}.jsonl`), `${JSON.stringify(record)}\n`);
}

export function readBudget(file = BUDGET_FILE): OpsBudget {
  // The file's "note" (what changes it) is for people.
  const budget = JSON.parse(readFileSync(file, 'utf8')) as OpsBudget & { note?: unknown };
  delete budget.note;
  return budget;
}

/** The records of a run; a test's last attempt counts (an earlier one failed and stopped early). */
export function readRecords(dir = OPS_DIR): OpsRecord[] {
  if (!existsSync(dir)) return [];
  const latest = new Map<string, OpsRecord>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean)) {
      const record = JSON.parse(line) as OpsRecord;
      const key = `${record.spec}\n${record.project}\n${record.test}`;
      if ((latest.get(key)?.retry ?? -1) < record.retry) latest.set(key, record);
    }
  }
  return [...latest.values()];
}

const sum = (all: Ops[]): Ops =>
  all.reduce(
    (total, ops) => ({
      axe: total.axe + ops.axe,
      layout: total.layout + ops.layout,
      rerenders: total.rerenders + ops.rerenders,
      screenshots: total.screenshots + ops.screenshots,
    }),
    noOps(),
  );

const show = (ops: Ops) => JSON.stringify(ops);

/** Where the run's counts differ from the budget (empty: none). */
export function budgetProblems(records: OpsRecord[], budget: OpsBudget): string[] {
  const problems: string[] = [];
  const groups = new Map<string, OpsRecord[]>();
  for (const record of records) {
    const key = `${record.spec}\n${record.project}`;
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  for (const [key, group] of groups) {
    const [spec, project] = key.split('\n');
    const planned = budget[spec]?.[project];
    if (!planned) {
      problems.push(`${spec} (${project}): no budget in ${BUDGET_FILE}`);
      continue;
    }
    for (const record of group) {
      const expected = planned.tests[record.test];
      if (!expected) problems.push(`${spec} (${project}) "${record.test}": not in the budget, counted ${show(record.ops)}`);
      else if (show(expected) !== show(record.ops))
        problems.push(`${spec} (${project}) "${record.test}": counted ${show(record.ops)}, budget ${show(expected)}`);
    }
    const ran = new Set(group.map((r) => r.test));
    const budgeted = Object.keys(planned.tests);
    if (show(sum(Object.values(planned.tests))) !== show(planned.total)) {
      problems.push(`${spec} (${project}): the budget's total ${show(planned.total)} is not the sum of its tests ${show(sum(Object.values(planned.tests)))}`);
    }
    if (budgeted.every((test) => ran.has(test))) {
      const total = sum(group.map((r) => r.ops));
      if (show(total) !== show(planned.total)) problems.push(`${spec} (${project}) in total: counted ${show(total)}, budget ${show(planned.total)}`);
    }
  }
  return problems;
}

/** The global teardown's check: throws, and so fails the run, when the counts differ from the budget. */
export function checkOpsBudget(dir = OPS_DIR, file = BUDGET_FILE) {
  const problems = budgetProblems(readRecords(dir), readBudget(file));
  if (problems.length > 0) {
    throw new Error(`Operation counts differ from ${file} (a new tour or state changes it in the same commit):\n- ${problems.join('\n- ')}`);
  }
}

/**
 * At collection: the spec's tests are the budget's (per project), so a tour added or removed
 * without its budget fails the run before any test starts, however the run is narrowed.
 */
export function expectBudgetedTests(spec: string, tests: Array<{ project: string; test: string }>, file = BUDGET_FILE) {
  const budget = readBudget(file)[spec] ?? {};
  const listed = tests.map((t) => `${t.project}: ${t.test}`).sort();
  const budgeted = Object.entries(budget)
    .flatMap(([project, { tests }]) => Object.keys(tests).map((test) => `${project}: ${test}`))
    .sort();
  const missing = listed.filter((t) => !budgeted.includes(t));
  const extra = budgeted.filter((t) => !listed.includes(t));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `${spec}: its tests and ${file} differ (a new tour changes the budget in the same commit). Not budgeted: ${JSON.stringify(missing)}; budgeted, not a test: ${JSON.stringify(extra)}`,
    );
  }
}
