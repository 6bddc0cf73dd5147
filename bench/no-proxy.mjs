// The app without proxy.ts, for "the same page with and without it": a copy of the sources
// (tracked and untracked files that git does not ignore, less bench/, tests/ and proxy.ts) in
// bench/tmp/no-proxy, built with the same Next. The copy has no lockfile and no node_modules, so
// Next takes this repository as the workspace root and modules resolve from its node_modules
// (Turbopack refuses a node_modules symlink that points out of the root). The build is kept and
// redone only when the copied sources change (a hash of their paths and contents).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DIR = 'bench/tmp/no-proxy';
const LEFT_OUT = /^(bench|tests)\/|^proxy\.ts$|^package-lock\.json$/;

function sources(root) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root }).toString().split('\0');
  return [...new Set(listed)].filter((f) => f && !LEFT_OUT.test(f) && existsSync(path.join(root, f))).sort();
}

/** Builds the copy when its sources changed; returns the path (from `root`) of its entry.mjs. */
export function buildWithoutProxy(root, log = () => {}) {
  const files = sources(root);
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(readFileSync(path.join(root, f)))
      .update('\0');
  const key = hash.digest('hex');
  const dir = path.join(root, DIR);
  // Next's standalone output mirrors the app's path under the workspace root.
  const standalone = path.join(dir, '.next/standalone', DIR);
  const entry = path.join(standalone, 'entry.mjs');
  const keyFile = path.join(dir, '.source-hash');
  if (existsSync(entry) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return path.relative(root, entry);

  log(`building the app without proxy.ts in ${DIR} (sources changed or no build yet)`);
  rmSync(dir, { recursive: true, force: true });
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    cpSync(path.join(root, f), path.join(dir, f));
  }
  const next = path.join(root, 'node_modules/next/dist/bin/next');
  execFileSync(process.execPath, [next, 'build', DIR], { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  // What scripts/copy-standalone-assets.mjs does for the app itself.
  cpSync(path.join(dir, '.next/static'), path.join(standalone, '.next/static'), { recursive: true });
  if (existsSync(path.join(dir, 'public'))) cpSync(path.join(dir, 'public'), path.join(standalone, 'public'), { recursive: true });
  // The entry and the modules it imports, as scripts/copy-standalone-assets.mjs places them.
  for (const file of readdirSync(path.join(dir, 'server')).filter((f) => f.endsWith('.mjs')))
    cpSync(path.join(dir, 'server', file), path.join(standalone, file));
  writeFileSync(keyFile, key);
  return path.relative(root, entry);
}
