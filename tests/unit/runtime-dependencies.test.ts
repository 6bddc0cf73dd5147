import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

/**
 * The synthetic sign-in's image (the Dockerfile's `tenant-check` target) installs the production
 * dependencies only and runs tenant:check from lib/, server/ and scripts/: every package those
 * sources load at run time must be a dependency, not a devDependency, or the CronJob fails on
 * its first import while every test here passes.
 */
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx|mjs)$/.test(name) && !/\.d\.mts$|\.test\.ts$/.test(name) ? [path] : [];
  });
const sources = [
  ...files('lib'),
  ...files('server'),
  ...readdirSync('scripts')
    .filter((f) => /^tenant-.*\.ts$|^ts-paths\.mjs$/.test(f))
    .map((f) => `scripts/${f}`),
];

/** The packages a file loads when it runs: static and dynamic imports and re-exports, not `import type`. */
function packagesOf(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm),
    ...text.matchAll(/^\s*export\s+(?!type\s)[^'";]*?\sfrom\s+'([^']+)'/gm),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !s.startsWith('@/'))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

test('every package lib/, server/ and the tenant scripts load at run time is a production dependency', () => {
  const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
  const used = new Map<string, string>();
  for (const file of sources) for (const name of packagesOf(readFileSync(file, 'utf8'))) used.set(name, file);
  expect(used.size).toBeGreaterThan(10);
  expect(used.get('otpauth'), 'the synthetic sign-in computes TOTP codes').toBe('scripts/tenant-signin.ts');
  const missing = [...used].filter(([name]) => !(name in dependencies)).map(([name, file]) => `${name} (${file})`);
  expect(missing).toEqual([]);
});
