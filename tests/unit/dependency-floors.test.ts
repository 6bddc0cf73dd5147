import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

/**
 * scripts/check-dependency-floors.mjs (docs/testing.md "Operations and security"): the gate `npm
 * test` runs first. Run on this repository's lock file, and on a copy with the versions just below
 * the floors the advisories set.
 */
const check = (lockPath?: string) =>
  spawnSync(process.execPath, ['scripts/check-dependency-floors.mjs', ...(lockPath ? [lockPath] : [])], { encoding: 'utf8' });

test("this repository's lock file is at or above every floor, undici and sanitize-html included", () => {
  const run = check();
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/undici, sanitize-html at or above their floors/);
});

test('an undici before 8.9.0 or a sanitize-html before 2.17.4 fails the gate, nested copies too', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version: string }> };
  lock.packages['node_modules/undici']!.version = '8.8.0';
  lock.packages['node_modules/sanitize-html']!.version = '2.17.3';
  lock.packages['node_modules/some-client/node_modules/undici'] = { version: '8.4.1' };
  const path = join(mkdtempSync(join(tmpdir(), 'floors-')), 'package-lock.json');
  writeFileSync(path, JSON.stringify(lock));
  const run = check(path);
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('node_modules/undici@8.8.0 is below the floor 8.9.0');
  expect(run.stderr).toContain('node_modules/some-client/node_modules/undici@8.4.1 is below the floor 8.9.0');
  expect(run.stderr).toContain('node_modules/sanitize-html@2.17.3 is below the floor 2.17.4');
});
