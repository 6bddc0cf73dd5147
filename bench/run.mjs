// The benchmarks (issue 9, performance.md): the product beside its baselines, in one run, on
// this machine. `npm run bench` writes bench/results.md. Loopback only, bounded in time.
//
//   H  a bare dynamic App Router page of the same Next version (bench/baseline)
//   N  nginx serving the e-mail page's HTML as a static file
//
// The server under test is pinned to CPU 0 and the load generator to CPU 1 (taskset).
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { freePort, randomSecret, startStandin } from '../scripts/processes.mjs';
import { firstLoadJs } from './js-size.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const results = { date: new Date().toISOString(), node: process.version, seconds: SECONDS };
const children = [];
const log = (...args) => console.log('bench:', ...args);

function build() {
  const next = path.join(root, 'node_modules/next/dist/bin/next');
  if (!existsSync(path.join(root, '.next/standalone/entry.mjs'))) execFileSync(process.execPath, ['--run', 'build'], { cwd: root, stdio: 'inherit' });
  if (!existsSync(path.join(root, 'bench/baseline/.next/standalone'))) execFileSync(process.execPath, [next, 'build', 'bench/baseline'], { cwd: root, stdio: 'inherit' });
}

/** Starts `args` with node on CPU 0 and resolves when `ready` appears in its output. */
async function pinned(args, env, ready) {
  const child = spawn('taskset', ['-c', '0', process.execPath, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start: ${output}`)), 30_000);
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => {
      output += chunk;
      if (ready.test(output)) { clearTimeout(timer); resolve(); }
    });
  });
  return child;
}

const rssMb = (pid) => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024;

/** autocannon from CPU 1 (its own process), `SECONDS` after a short warm-up. */
async function load(opts) {
  await autocannon({ ...opts, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: SECONDS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx - (opts.expectNon2xx ? r.non2xx : 0) };
}

async function main() {
  execFileSync('taskset', ['-p', '-c', '1', String(process.pid)]);
  build();
  results.js = { baseline: firstLoadJs(path.join(root, 'bench/baseline')).find((r) => r.route === '/'), routes: firstLoadJs(root) };

  const [appPort, standinPort, basePort, nginxPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const appUrl = `http://127.0.0.1:${appPort}`;
  const clientId = 'bench';
  const clientSecret = randomSecret();
  children.push(await startStandin({ standinPort, appUrl, clientId, clientSecret }));
  const app = await pinned(['.next/standalone/entry.mjs'], {
    PORT: String(appPort), HOSTNAME: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn',
    PROVIDER_URL: `http://127.0.0.1:${standinPort}`, PUBLIC_URL: appUrl, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret,
    SESSION_SECRET: randomSecret(), PROVIDER_BREAKER_THRESHOLD: '10000',
  }, /Ready in/);
  const base = await pinned([path.join('bench/baseline/.next/standalone/bench/baseline/server.js')], {
    PORT: String(basePort), HOSTNAME: '127.0.0.1', NODE_ENV: 'production',
  }, /Ready in/);
  results.rss = { appStart: rssMb(app.pid), baselineStart: rssMb(base.pid) };

  // The screens, walked in a real browser (JavaScript off: every screen is one document).
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  results.html = await screens(browser, appUrl, `http://127.0.0.1:${standinPort}`);
  results.flowMs = await fullFlow(browser, appUrl, `http://127.0.0.1:${standinPort}`);
  await browser.close();
  results.rss.appWarm = rssMb(app.pid);

  // Throughput: the e-mail page (GET) and its server action (POST), beside H and N.
  const authorize = await fetch(`http://127.0.0.1:${standinPort}/authz-srv/authz?${new URLSearchParams({ client_id: clientId, redirect_uri: `${appUrl}/auth/callback`, response_type: 'code', scope: 'openid' })}`, { redirect: 'manual' });
  const requestId = new URL(authorize.headers.get('location')).searchParams.get('requestId');
  const emailPage = `${appUrl}/?requestId=${requestId}`;
  const html = await (await fetch(emailPage)).text();
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map(([, n, v = '']) => [n, v.replaceAll('&quot;', '"').replaceAll('&amp;', '&')]));
  const body = new URLSearchParams({ ...fields, email: 'anna.schmidt@example.com' }).toString();
  results.load = {
    getLogin: await load({ url: emailPage }),
    postAction: await load({ url: emailPage, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: appUrl }, expectNon2xx: true }),
    baselineH: await load({ url: `http://127.0.0.1:${basePort}/` }),
    nginxN: await nginx(nginxPort, html),
  };
  results.rss.appAfterLoad = rssMb(app.pid);
  results.rss.baselineAfterLoad = rssMb(base.pid);
}

async function screens(browser, appUrl, standinUrl) {
  const context = await browser.newContext({ baseURL: appUrl, javaScriptEnabled: false });
  const page = await context.newPage();
  const sizes = {};
  const record = async (name) => {
    const response = await page.request.get(page.url());
    sizes[name] = (await response.body()).length / 1024;
  };
  const email = 'groups.mfa+bench@example.com';
  await page.goto('/');
  await record('e-mail');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await record('password');
  await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await record('continue');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL(/group-selection/);
  const groupUrl = page.url();
  sizes['group selection (streamed)'] = (await (await page.request.get(groupUrl.replace('render=sync', ''))).body()).length / 1024;
  await page.getByRole('combobox', { name: 'Group', exact: true }).selectOption('kitchenpro-north');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL(/register-mfa/);
  await record('MFA start');
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  await record('MFA code');
  const outbox = await (await fetch(`${standinUrl}/__standin/outbox.json`)).json();
  await page.getByLabel('Security code').fill(outbox.messages.find((m) => m.to === email).code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL(/success/);
  await record('success');
  for (const [name, url] of [['error', '/error?ref=ABCDEF1234'], ['signed out', '/signed-out'], ['not found', '/nope']]) {
    sizes[name] = (await (await page.request.get(url)).body()).length / 1024;
  }
  await context.close();
  return sizes;
}

/** The whole sign-in (e-mail, password, group, MFA, /success) with JavaScript on, as a person clicks it. */
async function fullFlow(browser, appUrl, standinUrl) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ baseURL: appUrl });
    const page = await context.newPage();
    const email = `groups.mfa+flow${i}@example.com`;
    const started = performance.now();
    await page.goto('/');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('combobox', { name: 'Group', exact: true }).click();
    await page.getByRole('option', { name: /KitchenPro North/ }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/register-mfa\/code/);
    let code;
    while (!code) code = (await (await fetch(`${standinUrl}/__standin/outbox.json`)).json()).messages.find((m) => m.to === email)?.code;
    await page.getByLabel('Security code').fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Acting for KitchenPro North Ltd.').waitFor();
    times.push(performance.now() - started);
    await context.close();
  }
  return times.sort((a, b) => a - b)[1];
}

async function nginx(port, html) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  for (const sub of ['www', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
  writeFileSync(path.join(dir, 'www/index.html'), html);
  // nginx's workers run unprivileged: they must be able to read the page.
  for (const p of [dir, path.join(dir, 'www')]) chmodSync(p, 0o755);
  chmodSync(path.join(dir, 'www/index.html'), 0o644);
  writeFileSync(path.join(dir, 'nginx.conf'), `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http { access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server { listen 127.0.0.1:${port}; root ${dir}/www; } }`);
  const server = spawn('taskset', ['-c', '0', '/usr/sbin/nginx', '-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  children.push(server);
  for (let i = 0; i < 50 && !(await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
  return load({ url: `http://127.0.0.1:${port}/` });
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : null)));
}
writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify(results, null, 2));
const { report } = await import('./report.mjs');
writeFileSync(path.join(root, 'bench/results.md'), report(results));
log('wrote bench/results.md');
