// The benchmarks (README: Benchmarks): the product beside its baselines, in one run, on
// this machine. `npm run bench` writes bench/results.md. Loopback only, bounded in time.
//
//   H  a bare dynamic App Router page of the same Next version (bench/baseline)
//   N  nginx serving the e-mail page's HTML as a static file
//   P  the app built without proxy.ts (bench/no-proxy.mjs), for the proxy's overhead
//
// Servers are pinned to CPU 0; this process (autocannon, Chromium for Lighthouse) to CPU 1.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/processes.mjs';
import { benchStandin, cpuPerRequest, emailPage, load, loadEmailPage, pinnedApp, pinnedBaseline, root, rssMb, SECONDS, stopAll, track } from './harness.mjs';
import { firstLoadJs } from './js-size.mjs';
import { lighthouseScreens } from './lighthouse.mjs';
import { buildWithoutProxy } from './no-proxy.mjs';
import { warmUp } from './walk.mjs';

const results = { date: new Date().toISOString(), node: process.version, seconds: SECONDS };
const log = (...args) => console.log('bench:', ...args);

function build() {
  const next = path.join(root, 'node_modules/next/dist/bin/next');
  if (!existsSync(path.join(root, '.next/standalone/entry.mjs'))) execFileSync(process.execPath, ['--run', 'build'], { cwd: root, stdio: 'inherit' });
  if (!existsSync(path.join(root, 'bench/baseline/.next/standalone')))
    execFileSync(process.execPath, [next, 'build', 'bench/baseline'], { cwd: root, stdio: 'inherit' });
  return buildWithoutProxy(root, log);
}

async function main() {
  execFileSync('taskset', ['-p', '-c', '1', String(process.pid)]);
  const noProxyEntry = build();
  results.js = { baseline: firstLoadJs(path.join(root, 'bench/baseline')).find((r) => r.route === '/'), routes: firstLoadJs(root) };

  const [appPort, standinPort, basePort, nginxPort, withPort, noProxyPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const { appUrl, standinUrl, clientSecret } = await benchStandin({ appPort, standinPort });
  const app = await pinnedApp('.next/standalone/entry.mjs', { port: appPort, standinUrl, clientSecret });
  const base = await pinnedBaseline(basePort);
  results.rss = { appStart: rssMb(app.pid), baselineStart: rssMb(base.pid) };

  // The screens, walked in a real browser (JavaScript off: every screen is one document), and
  // three full sign-ins with JavaScript on.
  Object.assign(results, await warmUp(appUrl, standinUrl));
  results.rss.appWarm = rssMb(app.pid);

  // Throughput: the e-mail page (GET) and its server action (POST), beside H and N.
  const page = await emailPage(appUrl, standinUrl);
  const { get, post } = await loadEmailPage(appUrl, page, app.pid);
  // Read at once: V8 gives memory back within seconds of the load stopping, so a later reading
  // is not what the server holds under load.
  results.rss.appAfterLoad = rssMb(app.pid);
  const baselineH = await load({ url: `http://127.0.0.1:${basePort}/` }, base.pid);
  results.rss.baselineAfterLoad = rssMb(base.pid);
  results.load = { getLogin: get, postAction: post, baselineH, nginxN: await nginx(nginxPort, page.html) };
  results.rss.appAfterRest = rssMb(app.pid);

  // The app measured above sits out the proxy's pairs (stopped, so none of its collections after
  // the load falls into them).
  process.kill(app.pid, 'SIGSTOP');
  try {
    results.proxy = await proxyOverhead(noProxyEntry, { ports: [withPort, noProxyPort], appUrl, standinUrl, clientSecret });
  } finally {
    process.kill(app.pid, 'SIGCONT');
  }

  log('Lighthouse, every screen (a few minutes)');
  results.lighthouse = await lighthouseScreens(appUrl, standinUrl, { log });
}

/**
 * The e-mail page with and without proxy.ts, both pinned to CPU 0 in turn.
 *
 * - Three pairs of 10-s load runs (with, without, with, without, …) for the throughput and
 *   latency table.
 * - The verdict: `PROXY_PAIRS` short pairs in strict turns, each run `PROXY_REQUESTS` requests
 *   after a few hundred of warm-up, comparing the servers' own CPU time per request. A 10-s run
 *   on this machine varies by about ±8 % from the next (bench/proxy-cost.md), so three pairs
 *   cannot tell 5 % from 15 %; ten pairs give a mean with a 95 % confidence interval, and the
 *   report calls the target met or missed only when that interval lies on one side of it.
 *
 * Both are fresh servers of the two builds with the same history (3,000 requests each, then the
 * runs in turn): the app measured earlier in the run has been through the walk and the load
 * runs, and a server's history changes its cost per request through its heap (against that
 * app, ten pairs once read −4 ± 5 %, against +14 ± 5 % between two fresh servers the same day).
 *
 * Every measured run follows a run of the other server (pairs of alternating order compared a
 * server's first run after a switch with the other's second run, up to a tenth cheaper per
 * request: bench/proxy-cost.md). The overhead is the share of the page's CPU time per request
 * that the proxy adds: 1 − without/with.
 */
const PROXY_PAIRS = 10;
const PROXY_REQUESTS = 1500;
const PROXY_WARM_UP = 3000;
const PROXY_PAIR_WARM_UP = 300;

async function proxyOverhead(entry, { ports, appUrl, standinUrl, clientSecret }) {
  const sides = {};
  const pages = {};
  for (const [side, file, port] of [
    ['with', '.next/standalone/entry.mjs', ports[0]],
    ['without', entry, ports[1]],
  ]) {
    const server = await pinnedApp(file, { port, standinUrl, clientSecret });
    pages[side] = await emailPage(`http://127.0.0.1:${port}`, standinUrl, appUrl);
    sides[side] = [pages[side].url, server.pid];
  }
  for (const [target, pid] of Object.values(sides)) await cpuPerRequest(target, pid, PROXY_WARM_UP);
  const runs = { with: [], without: [] };
  const pairs = [];
  for (let round = 0; round < 3; round++) {
    const pair = {};
    for (const [side, [target, pid]] of Object.entries(sides)) runs[side].push((pair[side] = await load({ url: target }, pid)));
    pairs.push((1 - pair.with.rps / pair.without.rps) * 100);
  }
  const cpuPairs = [];
  for (let round = 0; round < PROXY_PAIRS; round++) {
    const ms = {};
    for (const [side, [target, pid]] of Object.entries(sides)) ms[side] = await cpuPerRequest(target, pid, PROXY_REQUESTS, PROXY_PAIR_WARM_UP);
    cpuPairs.push({ with: ms.with, without: ms.without, pct: (1 - ms.without / ms.with) * 100 });
  }
  const mean = (xs, key) => xs.reduce((sum, x) => sum + x[key], 0) / xs.length;
  const summary = (xs) => ({
    rps: mean(xs, 'rps'),
    p50: mean(xs, 'p50'),
    p99: mean(xs, 'p99'),
    cpuMsPerRequest: mean(xs, 'cpuMsPerRequest'),
    stolenPct: mean(xs, 'stolenPct'),
    errors: xs.reduce((s, x) => s + x.errors, 0),
  });
  const [withProxy, withoutProxy] = [summary(runs.with), summary(runs.without)];
  return {
    with: withProxy,
    without: withoutProxy,
    runs,
    overheadPct: (1 - withProxy.rps / withoutProxy.rps) * 100,
    pairsPct: pairs,
    cpu: { requests: PROXY_REQUESTS, warmUp: PROXY_PAIR_WARM_UP, pairs: cpuPairs, ...meanInterval(cpuPairs.map((p) => p.pct)) },
    withoutPage: { status: pages.without.status, lang: pages.without.lang, kb: pages.without.html.length / 1024 },
    withPage: { status: pages.with.status, lang: pages.with.lang, kb: pages.with.html.length / 1024 },
  };
}

/** Two-sided 95 % points of Student's t for 1–14 degrees of freedom. */
const T95 = [12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145];

/** The mean of `xs` and the half-width of its 95 % confidence interval. */
function meanInterval(xs) {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
  return { meanPct: mean, halfWidthPct: (T95[xs.length - 2] * sd) / Math.sqrt(xs.length) };
}

async function nginx(port, html) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  for (const sub of ['www', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
  writeFileSync(path.join(dir, 'www/index.html'), html);
  // nginx's workers run unprivileged: they must be able to read the page.
  for (const p of [dir, path.join(dir, 'www')]) chmodSync(p, 0o755);
  chmodSync(path.join(dir, 'www/index.html'), 0o644);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http { access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server { listen 127.0.0.1:${port}; root ${dir}/www; } }`,
  );
  track(spawn('taskset', ['-c', '0', '/usr/sbin/nginx', '-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' }));
  for (
    let i = 0;
    i < 50 &&
    !(await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 100));
  return load({ url: `http://127.0.0.1:${port}/` });
}

try {
  await main();
} finally {
  await stopAll();
}
writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify(results, null, 2));
const { report } = await import('./report.mjs');
const readJson = (file) => (existsSync(path.join(root, file)) ? JSON.parse(readFileSync(path.join(root, file), 'utf8')) : undefined);
writeFileSync(path.join(root, 'bench/results.md'), report(results, readJson('bench/before.json'), readJson('bench/test-loop.json')));
log('wrote bench/results.md');
