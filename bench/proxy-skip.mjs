// The app with a second address for the e-mail page that proxy.ts skips, for "the same page
// with and without it" in one server process: a copy of the sources (tracked and untracked files
// that git does not ignore, less bench/ and tests/) in bench/tmp/proxy-skip, with
// app/x-noproxy/page.tsx re-exporting the e-mail page and `x-noproxy` added to the proxy's
// matcher exclusions, built with the same Next. Two processes of one build differ from each
// other by more than the proxy costs (bench/proxy-cost.md), so both sides share one process.
// The copy has no lockfile and no node_modules, so Next takes this repository as the workspace
// root and modules resolve from its node_modules (Turbopack refuses a node_modules symlink that
// points out of the root). The build is kept and redone only when the copied sources change (a
// hash of their paths and contents).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DIR = 'bench/tmp/proxy-skip';
const LEFT_OUT = /^(bench|tests)\/|^package-lock\.json$/;
/** The e-mail page's address that proxy.ts skips in the copy. */
export const SKIPPED_PATH = '/x-noproxy';
const SKIPPED_PAGE = `export { default } from '../page';\n`;

/** proxy.ts with SKIPPED_PATH among its matcher's exclusions (stops if the matcher changed shape). */
function skippingProxy(source) {
  const patched = source.replace('healthz$|', `${SKIPPED_PATH.slice(1)}$|healthz$|`);
  if (patched === source) throw new Error('proxy.ts: matcher not found, the bench cannot add its skipped address');
  return patched;
}

function sources(root) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root }).toString().split('\0');
  return [...new Set(listed)].filter((f) => f && !LEFT_OUT.test(f) && existsSync(path.join(root, f))).sort();
}

/** Builds the copy when its sources changed; returns the path (from `root`) of its entry.mjs. */
export function buildWithProxySkip(root, log = () => {}) {
  const files = sources(root);
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(readFileSync(path.join(root, f)))
      .update('\0');
  hash.update(SKIPPED_PAGE).update(skippingProxy.toString());
  const key = hash.digest('hex');
  const dir = path.join(root, DIR);
  // Next's standalone output mirrors the app's path under the workspace root.
  const standalone = path.join(dir, '.next/standalone', DIR);
  const entry = path.join(standalone, 'entry.mjs');
  const keyFile = path.join(dir, '.source-hash');
  if (existsSync(entry) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return path.relative(root, entry);

  log(`building the app with ${SKIPPED_PATH} in ${DIR} (sources changed or no build yet)`);
  rmSync(dir, { recursive: true, force: true });
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    cpSync(path.join(root, f), path.join(dir, f));
  }
  writeFileSync(path.join(dir, 'proxy.ts'), skippingProxy(readFileSync(path.join(root, 'proxy.ts'), 'utf8')));
  mkdirSync(path.join(dir, 'app', SKIPPED_PATH.slice(1)));
  writeFileSync(path.join(dir, 'app', SKIPPED_PATH.slice(1), 'page.tsx'), SKIPPED_PAGE);
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
