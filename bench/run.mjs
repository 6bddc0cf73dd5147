// The benchmarks (docs/benchmarks.md): the product beside its baselines, in one run, on
// this machine. `npm run bench` writes bench/results.md. Loopback only, bounded in time.
//
//   H  a bare dynamic App Router page of the same Next version (bench/baseline)
//   N  nginx serving the e-mail page's HTML as a static file
//   P  the same sources with a second address for the e-mail page that proxy.ts skips
//      (bench/proxy-skip.mjs), for the proxy's overhead (bench/proxy-overhead.mjs)
//
// Servers are pinned to CPU 0; this process (autocannon, Chromium for Lighthouse) to CPU 1.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/processes.mjs';
import {
  benchStandin,
  emailPage,
  load,
  loadEmailPage,
  pinnedApp,
  pinnedBaseline,
  root,
  rssMb,
  SECONDS,
  stop,
  stopAll,
  track,
  whileStopped,
} from './harness.mjs';
import { firstLoadJs } from './js-size.mjs';
import { lighthouseScreens } from './lighthouse.mjs';
import { proxyOverhead } from './proxy-overhead.mjs';
import { buildWithProxySkip } from './proxy-skip.mjs';
import { warmUp } from './walk.mjs';

const results = { date: new Date().toISOString(), node: process.version, seconds: SECONDS };
const log = (...args) => console.log('bench:', ...args);

function build() {
  const next = path.join(root, 'node_modules/next/dist/bin/next');
  if (!existsSync(path.join(root, '.next/standalone/entry.mjs'))) execFileSync(process.execPath, ['--run', 'build'], { cwd: root, stdio: 'inherit' });
  if (!existsSync(path.join(root, 'bench/baseline/.next/standalone')))
    execFileSync(process.execPath, [next, 'build', 'bench/baseline'], { cwd: root, stdio: 'inherit' });
  return buildWithProxySkip(root, log);
}

async function main() {
  execFileSync('taskset', ['-p', '-c', '1', String(process.pid)]);
  const proxySkipEntry = build();
  results.js = { baseline: firstLoadJs(path.join(root, 'bench/baseline')).find((r) => r.route === '/'), routes: firstLoadJs(root) };

  const [appPort, standinPort, basePort, nginxPort, proxyPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
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
  results.proxy = await whileStopped(app, () => proxyOverhead(proxySkipEntry, { port: proxyPort, appUrl, standinUrl, clientSecret }));

  log('Lighthouse, every screen (a few minutes)');
  results.lighthouse = await lighthouseScreens(appUrl, standinUrl, { log });

  log(`GET e-mail page against H: ${GET_ROUNDS} more rounds of fresh processes`);
  results.getRounds = [{ app: get, h: baselineH }];
  for (let round = 1; round <= GET_ROUNDS; round++) results.getRounds.push(await getRound(round % 2 === 1));
}

/**
 * The GET figures beside H's again, from fresh processes of both: two processes of one build
 * differ by up to a fifth (bench/proxy-cost.md), and this machine's speed drifts over minutes, so
 * one pair of runs can be off either way. Each round starts the app (walked through the screens
 * like the first, so every route is loaded) and H, and loads them in turn, H first every other
 * round; the ratio is judged by the median of all rounds.
 */
const GET_ROUNDS = 4;

async function getRound(hFirst) {
  const [appPort, standinPort, basePort] = await Promise.all([freePort(), freePort(), freePort()]);
  const { appUrl, standinUrl, clientSecret, standin } = await benchStandin({ appPort, standinPort });
  const app = await pinnedApp('.next/standalone/entry.mjs', { port: appPort, standinUrl, clientSecret });
  await warmUp(appUrl, standinUrl, { flows: false });
  const page = await emailPage(appUrl, standinUrl);
  const base = await pinnedBaseline(basePort);
  const loadH = () => load({ url: `http://127.0.0.1:${basePort}/` }, base.pid);
  const loadApp = () => load({ url: page.url }, app.pid);
  // The other server is stopped while one is loaded, as in the proxy's pairs.
  const h = hFirst ? await whileStopped(app, loadH) : undefined;
  const appResult = await whileStopped(base, loadApp);
  const hResult = h ?? (await whileStopped(app, loadH));
  await stop(app, base, standin);
  return { app: appResult, h: hResult, hFirst };
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

// `node bench/run.mjs --report-only` writes bench/results.md again from bench/results.json (after
// the profiles or bench/test-loop.json change), without measuring anything.
const reportOnly = process.argv.includes('--report-only');
if (!reportOnly) {
  try {
    await main();
  } finally {
    await stopAll();
  }
  writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify(results, null, 2));
}
const { report } = await import('./report.mjs');
const readText = (file) => (existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : undefined);
const readJson = (file) => (readText(file) === undefined ? undefined : JSON.parse(readText(file)));
writeFileSync(
  path.join(root, 'bench/results.md'),
  report(
    reportOnly ? readJson('bench/results.json') : results,
    readJson('bench/before.json'),
    readJson('bench/test-loop.json'),
    { before: readText('bench/profile-before.md'), after: readText('bench/profile.md') },
    readJson('bench/memory-limit.json'),
  ),
);
log('wrote bench/results.md');
