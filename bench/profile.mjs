// `npm run bench:profile`: where the standalone server spends its CPU under the bench's loads.
// The app runs pinned to CPU 0 with the inspector on a loopback port; after the same warm-up as
// `npm run bench`, V8's sampling profiler records the e-mail page's GET load, then (separately)
// its server action's POST load. Each profile is saved under bench/profiles/ (open one in Chrome
// DevTools' Performance panel) and summarised in bench/profile.md: the top functions by self and
// by inclusive time, and self time grouped by package. Then what 1,000 GETs and 1,000 POSTs
// allocate, by package and function (bench/profiles/*.heapprofile, DevTools' Memory panel).
// Loopback only, bounded in time.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../scripts/processes.mjs';
import { benchStandin, CONNECTIONS, emailActionPost, emailPage, load, pinnedApp, requireAnswered, root, rssMb, SECONDS, stopAll } from './harness.mjs';
import { summarise, summariseAllocations } from './profile-summary.mjs';
import { warmUp } from './walk.mjs';

const log = (...args) => console.log('bench:profile:', ...args);

/** A DevTools protocol session with the server's inspector (Node's own WebSocket client). */
async function inspectorSession(inspectPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

async function profileUnderLoad(session, name, run) {
  await session.send('Profiler.enable');
  // 250 µs: fine enough for a 10 s load without the profiler's own cost distorting it.
  await session.send('Profiler.setSamplingInterval', { interval: 250 });
  await session.send('Profiler.start');
  const result = await run();
  const { profile } = await session.send('Profiler.stop');
  await session.send('Profiler.disable');
  writeFileSync(path.join(root, 'bench/profiles', `${name}.cpuprofile`), JSON.stringify(profile));
  return { name, load: result, summary: summarise(profile, root) };
}

const ALLOCATION_REQUESTS = 1000;

/**
 * What a fixed number of requests allocate, collected objects included (V8's sampling heap
 * profiler, every 4 KB): the bytes behind the garbage collector's share of the CPU profile.
 */
async function allocationsUnder(session, name, { expectStatus = 200, ...opts }) {
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const r = await autocannon({ ...opts, connections: CONNECTIONS, amount: ALLOCATION_REQUESTS });
  requireAnswered(r, expectStatus, name);
  const { profile } = await session.send('HeapProfiler.stopSampling');
  await session.send('HeapProfiler.disable');
  writeFileSync(path.join(root, 'bench/profiles', `${name}.heapprofile`), JSON.stringify(profile));
  return { name, load: { rps: r.requests.average }, allocations: summariseAllocations(profile, root, ALLOCATION_REQUESTS) };
}

async function main() {
  execFileSync('taskset', ['-p', '-c', '1', String(process.pid)]);
  if (!existsSync(path.join(root, '.next/standalone/entry.mjs'))) execFileSync(process.execPath, ['--run', 'build'], { cwd: root, stdio: 'inherit' });
  mkdirSync(path.join(root, 'bench/profiles'), { recursive: true });

  const [appPort, standinPort, inspectPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const { appUrl, standinUrl, clientSecret } = await benchStandin({ appPort, standinPort });
  const app = await pinnedApp('.next/standalone/entry.mjs', { port: appPort, standinUrl, clientSecret, nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`] });
  log('warming up (every screen, three sign-ins)');
  await warmUp(appUrl, standinUrl);
  const rssWarm = rssMb(app.pid);

  const page = await emailPage(appUrl, standinUrl);
  const session = await inspectorSession(inspectPort);
  log(`GET load, ${SECONDS} s`);
  const get = await profileUnderLoad(session, 'get-email-page', () => load({ url: page.url }));
  log(`POST load, ${SECONDS} s`);
  const post = await profileUnderLoad(session, 'post-email-action', () => load(emailActionPost(page, appUrl)));
  log(`allocation sampling, ${ALLOCATION_REQUESTS} GETs and ${ALLOCATION_REQUESTS} POSTs`);
  const allocations = [
    await allocationsUnder(session, 'get-email-page', { url: page.url }),
    await allocationsUnder(session, 'post-email-action', emailActionPost(page, appUrl)),
  ];
  session.close();
  return { date: new Date().toISOString(), node: process.version, seconds: SECONDS, rssWarm, rssAfter: rssMb(app.pid), profiles: [get, post], allocations };
}

let outcome;
try {
  outcome = await main();
} finally {
  await stopAll();
}
const { profileReport } = await import('./profile-summary.mjs');
writeFileSync(path.join(root, 'bench/profile.md'), profileReport(outcome));
log('wrote bench/profile.md, bench/profiles/*.cpuprofile and *.heapprofile');
