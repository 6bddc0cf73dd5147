// Which routes and server actions the no-JavaScript projects reach, to compare two versions of the
// suite (docs/testing.md "Projects and tags"):
//
//   node scripts/route-coverage.mjs run <out.json> [more playwright arguments]
//   node scripts/route-coverage.mjs summarize <out.json> [exit code]
//   node scripts/route-coverage.mjs compare <before.json> <after.json>
//
// `run` runs `playwright test --project js-off --project js-off-legacy` with COVERAGE_LOG set (the
// routeCoverage fixture in tests/e2e/support/fixtures.ts then appends every request the browsers
// send to an app) and writes the deduplicated set: project, app (shared or a test's own), method,
// route (ids replaced by :id) and the server action posted, if any. Requests made without a page
// (`request`, `page.request`) are not seen by the browser; the apps' own request logs
// (test-results/app.log, app-legacy.log) add them as `logged` (method and route, no action).
// `summarize` writes the same set from what the last run left in test-results/ (a run made by
// hand with COVERAGE_LOG=test-results/route-coverage.jsonl).
// `compare` prints what one has that the other lacks, and exits 1 if anything went missing. Both
// name each action by its file and export from the build's .next/server/server-reference-manifest.json
// (its ids hold for one build; an id the build does not know, as resilience.spec.ts posts, stays).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const LOG = 'test-results/route-coverage.jsonl';
/** The build's server actions by id (.next/server/server-reference-manifest.json), read once. */
let actions;

const [command, ...rest] = process.argv.slice(2);
if (command === 'run' && rest[0]) run(rest[0], rest.slice(1));
else if (command === 'summarize' && rest[0]) process.exit(summarize(rest[0], rest[1] === undefined ? null : Number(rest[1])));
else if (command === 'compare' && rest[0] && rest[1]) compare(rest[0], rest[1]);
else {
  console.error('usage: route-coverage.mjs run <out.json> [playwright args] | summarize <out.json> [exit code] | compare <before.json> <after.json>');
  process.exit(2);
}

function run(out, playwrightArgs) {
  rmSync(LOG, { force: true });
  const args = ['playwright', 'test', '--project', 'js-off', '--project', 'js-off-legacy', ...playwrightArgs];
  const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, COVERAGE_LOG: LOG } });
  process.exit(summarize(out, result.status));
}

function summarize(out, exitCode) {
  const browser = existsSync(LOG)
    ? readFileSync(LOG, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .map(({ project, app, method, path, action }) => `${project} ${app} ${method} ${routeOf(path)}${action ? ` action:${action}` : ''}`)
    : [];
  const logged = [
    ['js-off', 'test-results/app.log'],
    ['js-off-legacy', 'test-results/app-legacy.log'],
  ].flatMap(([project, file]) => requestsLogged(file).map(({ method, path }) => `${project} shared ${method} ${routeOf(path)}`));
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim() !== '';
  const summary = { commit: dirty ? `${commit}+changes` : commit, exitCode, browser: unique(browser.map(named)), logged: unique(logged) };
  writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`${out}: ${summary.browser.length} browser requests, ${summary.logged.length} logged, playwright exit ${exitCode}`);
  return exitCode ?? 1;
}

function compare(beforeFile, afterFile) {
  const read = (file) => {
    const summary = JSON.parse(readFileSync(file, 'utf8'));
    return { ...summary, browser: unique(summary.browser.map(named)) };
  };
  const before = read(beforeFile);
  const after = read(afterFile);
  let lost = 0;
  for (const key of ['browser', 'logged']) {
    const kept = new Set(after[key]);
    const had = new Set(before[key]);
    const missing = before[key].filter((entry) => !kept.has(entry));
    const added = after[key].filter((entry) => !had.has(entry));
    lost += missing.length;
    console.log(`${key}: ${before[key].length} before (${before.commit}), ${after[key].length} after (${after.commit})`);
    for (const entry of missing) console.log(`  - ${entry}`);
    for (const entry of added) console.log(`  + ${entry}`);
  }
  process.exit(lost > 0 ? 1 : 0);
}

/** The app's request lines (server/entry.mjs logs one per request, docs/operations.md "Logs"). */
function requestsLogged(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return {};
      }
    })
    .filter((entry) => entry.event === 'request');
}

/** A path as its route: Next's hashed files as one, ids, tokens and hashes as `:id`. */
function routeOf(path) {
  if (path.startsWith('/_next/static/')) return '/_next/static/*';
  if (path.startsWith('/group-selection/') && path !== '/group-selection/entry') return '/group-selection/:trackId/:sub';
  return path
    .split('/')
    .map((segment) => (/^[0-9a-f-]{16,}$/i.test(segment) || (segment.length >= 16 && /\d/.test(segment) && !segment.includes('.')) ? ':id' : segment))
    .join('/');
}

/** `action:<id>` as `action:<file>#<export>`, where the build's manifest knows the id. */
function named(entry) {
  return entry.replace(/action:([0-9a-f]+)/, (whole, id) => {
    const action = actionsOfBuild()[id];
    return action ? `action:${action.filename}#${action.exportedName}` : whole;
  });
}

function actionsOfBuild() {
  const manifest = '.next/server/server-reference-manifest.json';
  actions ??= existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).node : {};
  return actions;
}

function unique(entries) {
  return [...new Set(entries)].sort();
}
