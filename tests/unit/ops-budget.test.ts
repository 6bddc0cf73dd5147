import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { budgetProblems, checkOpsBudget, readBudget, recordOps, type Ops, type OpsBudget, type OpsRecord } from '../e2e/support/ops';

/**
 * The operation budget's check (tests/e2e/support/ops.ts, run by the e2e global teardown): exact
 * counts per test and, once a project's tests all ran, in total; a count off by one fails it.
 */

const ops = (axe: number, layout = 0, rerenders = 0, screenshots = 0): Ops => ({ axe, layout, rerenders, screenshots });
const budget: OpsBudget = {
  matrix: { 'js-on': { total: ops(5, 3, 9), tests: { 'a › one': ops(2, 1, 9), 'a › two': ops(3, 2, 0) } } },
};
const record = (test: string, counted: Ops, retry = 0): OpsRecord => ({ spec: 'matrix', project: 'js-on', test, retry, ops: counted });

test('a run that counted what the budget says passes', () => {
  expect(budgetProblems([record('a › one', ops(2, 1, 9)), record('a › two', ops(3, 2, 0))], budget)).toEqual([]);
});

test('one axe run more in one test fails it, by test and in total', () => {
  expect(budgetProblems([record('a › one', ops(3, 1, 9)), record('a › two', ops(3, 2, 0))], budget)).toEqual([
    'matrix (js-on) "a › one": counted {"axe":3,"layout":1,"rerenders":9,"screenshots":0}, budget {"axe":2,"layout":1,"rerenders":9,"screenshots":0}',
    'matrix (js-on) in total: counted {"axe":6,"layout":3,"rerenders":9,"screenshots":0}, budget {"axe":5,"layout":3,"rerenders":9,"screenshots":0}',
  ]);
});

test('a narrowed run checks the tests it ran, not the total', () => {
  expect(budgetProblems([record('a › two', ops(3, 2, 0))], budget)).toEqual([]);
  expect(budgetProblems([record('a › two', ops(3, 2, 1))], budget)).toHaveLength(1);
});

test('a test without a budget, a project without one, and a total that is not the sum fail', () => {
  expect(budgetProblems([record('a › three', ops(1))], budget)).toEqual([
    'matrix (js-on) "a › three": not in the budget, counted {"axe":1,"layout":0,"rerenders":0,"screenshots":0}',
  ]);
  expect(budgetProblems([{ ...record('a › one', ops(2, 1, 9)), project: 'js-off' }], budget)).toEqual([
    'matrix (js-off): no budget in tests/e2e/budget-ops.json',
  ]);
  const wrongTotal: OpsBudget = { matrix: { 'js-on': { ...budget.matrix['js-on'], total: ops(4, 3, 9) } } };
  expect(budgetProblems([record('a › two', ops(3, 2, 0))], wrongTotal)[0]).toMatch(/is not the sum of its tests/);
});

test('the workers’ files are read back, a retried test by its last attempt, and a difference throws', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-'));
  const file = join(dir, 'budget.json');
  writeFileSync(file, JSON.stringify({ note: 'for people', ...budget }));
  expect(readBudget(file)).toEqual(budget);
  recordOps(record('a › one', ops(1, 1, 1)), 0, dir);
  recordOps(record('a › one', ops(2, 1, 9), 1), 1, dir);
  recordOps(record('a › two', ops(3, 2, 0)), 2, dir);
  expect(() => checkOpsBudget(dir, file)).not.toThrow();
  recordOps(record('a › two', ops(3, 2, 0, 4), 1), 2, dir);
  expect(() => checkOpsBudget(dir, file)).toThrow(/"a › two": counted .*"screenshots":4/);
});
