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
import { benchStandin, emailPage, load, loadEmailPage, pinnedApp, pinnedBaseline, root, rssMb, SECONDS, stopAll, track } from './harness.mjs';
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

  const [appPort, standinPort, basePort, nginxPort, noProxyPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
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
  results.load = {
    getLogin: get,
    postAction: post,
    baselineH: await load({ url: `http://127.0.0.1:${basePort}/` }, base.pid),
    nginxN: await nginx(nginxPort, page.html),
  };
  results.rss.appAfterLoad = rssMb(app.pid);
  results.rss.baselineAfterLoad = rssMb(base.pid);

  results.proxy = await proxyOverhead(page, noProxyEntry, { port: noProxyPort, appUrl, standinUrl, clientSecret, appPid: app.pid });

  log('Lighthouse, every screen (a few minutes)');
  results.lighthouse = await lighthouseScreens(appUrl, standinUrl, { log });
}

/**
 * The e-mail page with and without proxy.ts, both pinned to CPU 0 in turn, in three pairs, each
 * with the proxy first and the copy without it second (with, without, with, without, …), so that
 * every measured run follows a switch from the other server. Each pair gives one overhead figure,
 * and their spread is reported. Two figures per pair: the throughput lost (1 − with/without
 * req/s), and the server CPU time per request the proxy adds (1 − without/with ms): the same
 * thing while the server is bound by its CPU, but the second counts only the time the server
 * itself ran. (Pairs of alternating order, with-without then without-with, compared a server's
 * first run after a switch with the other's second run, which on this machine is up to a tenth
 * cheaper per request; that bias, of opposite sign in alternate pairs, spread them over 60–70
 * points: bench/proxy-cost.md.)
 */
async function proxyOverhead(page, entry, { port, appUrl, standinUrl, clientSecret, appPid }) {
  const url = `http://127.0.0.1:${port}`;
  const other = await pinnedApp(entry, { port, standinUrl, clientSecret });
  const without = await emailPage(url, standinUrl, appUrl);
  const runs = { with: [], without: [] };
  const pairs = [];
  const cpuPairs = [];
  for (let round = 0; round < 3; round++) {
    const pair = {};
    for (const side of ['with', 'without'])
      runs[side].push((pair[side] = await load({ url: side === 'with' ? page.url : without.url }, side === 'with' ? appPid : other.pid)));
    pairs.push((1 - pair.with.rps / pair.without.rps) * 100);
    cpuPairs.push((1 - pair.without.cpuMsPerRequest / pair.with.cpuMsPerRequest) * 100);
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
    cpuOverheadPct: (1 - withoutProxy.cpuMsPerRequest / withProxy.cpuMsPerRequest) * 100,
    cpuPairsPct: cpuPairs,
    withoutPage: { status: without.status, lang: without.lang, kb: without.html.length / 1024 },
    withPage: { status: page.status, lang: page.lang, kb: page.html.length / 1024 },
  };
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
