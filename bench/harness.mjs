// What the benchmarks share: servers pinned to CPU 0, autocannon from the caller's CPU, RSS
// readings, and the e-mail page's GET and POST as the load targets. Loopback only.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { configureStandin, randomSecret, serverNodeOptions, startStandin } from '../scripts/processes.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 10;
export const CLIENT_ID = 'bench';

const children = [];
// Interrupted (Ctrl-C, a timeout), the servers started here must not outlive this process.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll().finally(() => process.exit(130)));

/** Stops every process started here (by its own id) and waits until they have exited. */
export async function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? once(c, 'exit') : null)));
  children.length = 0;
}

/** Stops the given processes started here (by their own ids) and waits until they have exited. */
export async function stop(...stopping) {
  for (const child of stopping) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(stopping.map((c) => (c.exitCode === null && c.signalCode === null ? once(c, 'exit') : null)));
  for (const child of stopping) children.splice(children.indexOf(child), 1);
}

/**
 * Runs `run` with `paused` stopped (SIGSTOP), so that none of its work (its collections after a
 * load) falls on the core another server is being measured on; resumes it afterwards.
 */
export async function whileStopped(paused, run) {
  process.kill(paused.pid, 'SIGSTOP');
  try {
    return await run();
  } finally {
    process.kill(paused.pid, 'SIGCONT');
  }
}

export function track(child) {
  children.push(child);
  return child;
}

/**
 * Starts `args` with node (and `nodeArgs` before them) on CPU 0 and resolves when `ready`
 * appears in its output, or (given a URL) when that URL answers 200. A `launcher` (a command that
 * ends by exec'ing its arguments) runs first, e.g. to put the process into a cgroup.
 */
export async function pinned(args, env, ready, nodeArgs = [], launcher = []) {
  const command = [...launcher, 'taskset', '-c', '0', process.execPath, ...nodeArgs, ...args];
  const child = track(spawn(command[0], command.slice(1), { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  let output = '';
  let started = false;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start: ${output}`)), 60_000);
    const done = () => {
      started = true;
      clearTimeout(timer);
      resolve();
    };
    // Drained throughout (a full pipe would stall the server), kept only until it has started.
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => {
        if (started) return;
        output += chunk;
        if (ready instanceof RegExp && ready.test(output)) done();
      });
    if (typeof ready === 'string') void untilOk(ready, () => started || child.exitCode !== null).then(() => child.exitCode === null && done());
  });
  return child;
}

async function untilOk(url, stop) {
  while (!stop()) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The stand-in on `standinPort`, with the bench's client registered for an app on `appPort`
 * (stopped with everything else by stopAll).
 */
export async function benchStandin({ appPort, standinPort }) {
  const appUrl = `http://127.0.0.1:${appPort}`;
  const standinUrl = `http://127.0.0.1:${standinPort}`;
  const clientSecret = randomSecret();
  const adminSecret = randomSecret();
  const standin = track(await startStandin({ standinPort, appUrl, clientId: CLIENT_ID, clientSecret, adminSecret }));
  await configureStandin({ standinUrl, appUrl, adminSecret });
  return { appUrl, standinUrl, clientSecret, standin };
}

/** H, the bare dynamic page of the same Next version (bench/baseline), pinned to CPU 0. */
export function pinnedBaseline(port) {
  return pinned(
    ['bench/baseline/.next/standalone/bench/baseline/server.js'],
    { PORT: String(port), HOSTNAME: '127.0.0.1', NODE_ENV: 'production' },
    /Ready in/,
  );
}

/**
 * A standalone entry of the app (ours, or the copy without proxy.ts) pinned to CPU 0, with the
 * server's Node flags as `npm start` and the image run it (`env` may replace them).
 */
export function pinnedApp(entry, { port, standinUrl, clientSecret, nodeArgs = [], env = {}, launcher = [] }) {
  const url = `http://127.0.0.1:${port}`;
  return pinned(
    [entry],
    {
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PROVIDER_URL: standinUrl,
      PUBLIC_URL: url,
      CLIENT_ID,
      CLIENT_SECRET: clientSecret,
      SESSION_SECRET: randomSecret(),
      PROVIDER_BREAKER_THRESHOLD: '10000',
      NODE_OPTIONS: serverNodeOptions(),
      // The load runs one sign-in from one address over many connections: no bulkhead may turn it away.
      PROVIDER_MAX_CALLS_PER_SIGN_IN: '10000',
      PROVIDER_MAX_CALLS_PER_CLIENT: '10000',
      // …and no attempt limit either (they are per address and per account).
      RATE_LIMITS: JSON.stringify(
        Object.fromEntries(
          [
            'email.address',
            'email.account',
            'password.address',
            'password.account',
            'code.exchange',
            'code.address',
            'code.account',
            'entry.address',
            'send.account',
            'send.address',
          ].map((name) => [name, '999999/60']),
        ),
      ),
      ...env,
    },
    // Its output is JSON log lines at LOG_LEVEL (no "Ready in" at warn): ready when healthy.
    `${url}/healthz`,
    nodeArgs,
    launcher,
  );
}

export const rssMb = (pid) =>
  Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim(),
  ) / 1024;

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** CPU time the process has used so far, in ms (fields 14 and 15 of /proc/PID/stat). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * Time CPU 0 (where the servers run) was ready to run but the hypervisor ran something else, in
 * ms: the 8th figure of its line in /proc/stat. Read so that a run the hypervisor slowed shows
 * as such (on this machine it stayed at 0–0.1 %, and the swings were in the server's own CPU time
 * per request: bench/proxy-cost.md).
 */
function stolenMs() {
  const line = readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('cpu0 '));
  return Number(line.trim().split(/\s+/)[8] ?? 0) * TICK_MS;
}

/**
 * autocannon from the caller's CPU, `SECONDS` after a short warm-up. Given the server's `pid`,
 * also its CPU time per request over the measured run and the share of the run CPU 0 was stolen.
 */
export async function load({ expectStatus = 200, ...opts }, pid) {
  await autocannon({ ...opts, connections: CONNECTIONS, duration: 2 });
  const before = pid ? { cpu: cpuMs(pid), stolen: stolenMs(), at: performance.now() } : undefined;
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: SECONDS });
  requireAnswered(r, expectStatus, `${opts.method ?? 'GET'} ${opts.url}`);
  const result = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors };
  if (!before) return result;
  const wall = performance.now() - before.at;
  return { ...result, cpuMsPerRequest: (cpuMs(pid) - before.cpu) / r.requests.total, stolenPct: ((stolenMs() - before.stolen) / wall) * 100 };
}

/**
 * Stops the bench when an autocannon run (`what`) had failed requests or answers with another
 * status than `expectStatus`: it then timed something else (a page render instead of the action,
 * an error page), and no figure from it is worth reporting.
 */
export function requireAnswered(result, expectStatus, what) {
  const answers = Object.entries(result.statusCodeStats ?? {});
  const wrong = answers.reduce((sum, [status, { count }]) => sum + (Number(status) === expectStatus ? 0 : count), 0);
  if (result.errors + wrong > 0)
    throw new Error(`${what}: ${result.errors} failed, ${wrong} answered other than ${expectStatus} (${JSON.stringify(result.statusCodeStats)})`);
}

/**
 * The server's CPU time per request over `amount` requests at 10 connections, after `warm` more
 * (one short round: bench/cpu-per-request.mjs and the proxy's pairs take many and compare them).
 */
export async function cpuPerRequest(url, pid, amount, warm = 0) {
  if (warm > 0) await autocannon({ url, connections: CONNECTIONS, amount: warm });
  const before = cpuMs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, amount });
  requireAnswered(r, 200, url);
  return (cpuMs(pid) - before) / amount;
}

/**
 * A sign-in request at the stand-in (for the app it was started for, `registeredUrl`): the
 * e-mail page of it served at `appUrl`, and the body of that page's form (the server action) as
 * the POST target.
 */
export async function emailPage(appUrl, standinUrl, registeredUrl = appUrl) {
  const query = new URLSearchParams({ client_id: CLIENT_ID, redirect_uri: `${registeredUrl}/auth/callback`, response_type: 'code', scope: 'openid' });
  const authorize = await fetch(`${standinUrl}/authz-srv/authz?${query}`, { redirect: 'manual' });
  const requestId = new URL(authorize.headers.get('location')).searchParams.get('requestId');
  const url = `${appUrl}/?requestId=${requestId}`;
  const response = await fetch(url);
  const html = await response.text();
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map(([, n, v = '']) => [
      n,
      v.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    ]),
  );
  // What a browser without JavaScript sends: React gives a server action's form
  // encType="multipart/form-data", and Next runs an action only from a multipart body (or its own
  // fetch); the same fields URL-encoded only render the page again, and the action never runs.
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, email: 'anna.schmidt@example.com' })) form.append(name, value);
  const encoded = new Request(url, { method: 'POST', body: form });
  const body = await encoded.text();
  const contentType = encoded.headers.get('content-type');
  return { url, html, status: response.status, lang: html.match(/<html lang="([^"]+)"/)?.[1], body, contentType };
}

/**
 * The e-mail page's server action as autocannon posts it: the no-JavaScript form post, which the
 * action answers with a 303 to the password page (load() stops at any other answer).
 */
export const emailActionPost = (page, appUrl) => ({
  url: page.url,
  method: 'POST',
  body: page.body,
  headers: { 'content-type': page.contentType, origin: appUrl },
  expectStatus: 303,
});

/** The e-mail page's GET and its server action's POST under load (`pid`: the app's, for its CPU time). */
export async function loadEmailPage(appUrl, page, pid) {
  return { get: await load({ url: page.url }, pid), post: await load(emailActionPost(page, appUrl), pid) };
}
