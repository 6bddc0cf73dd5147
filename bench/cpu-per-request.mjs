// Server CPU time per request (utime + stime from /proc, over a fixed number of requests at 10
// connections), for the e-mail page beside H and any other paths of the app. Less sensitive to a
// busy machine than req/s: it counts only the time the server ran, so a comparison of builds or
// paths still means something while other work shares the cores. The servers are reniced to
// -15 for the same reason (root only; skipped otherwise). Medians over interleaved rounds.
// Short runs read lower than sustained load (most old-generation collection comes after them):
// a tool to compare builds or paths, not to size a server.
//
//   node bench/cpu-per-request.mjs [/path ...]     N=2000 ROUNDS=5 (env)
//
// Loopback only; not part of `npm test`.
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../scripts/processes.mjs';
import { benchStandin, CONNECTIONS, cpuPerRequest, emailPage, pinnedApp, pinnedBaseline, stopAll } from './harness.mjs';

const N = Number(process.env.N ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

function renice(pid) {
  try {
    execFileSync('renice', ['-n', '-15', '-p', String(pid)], { stdio: 'ignore' });
  } catch {
    // Not root: measured at normal priority.
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

execFileSync('taskset', ['-p', '-c', '1', String(process.pid)]);
try {
  const [appPort, standinPort, basePort] = await Promise.all([freePort(), freePort(), freePort()]);
  const { appUrl, standinUrl, clientSecret } = await benchStandin({ appPort, standinPort });
  const app = await pinnedApp('.next/standalone/entry.mjs', { port: appPort, standinUrl, clientSecret });
  const base = await pinnedBaseline(basePort);
  for (const pid of [app.pid, base.pid, process.pid]) renice(pid);
  const page = await emailPage(appUrl, standinUrl);
  const targets = { H: [base.pid, `http://127.0.0.1:${basePort}/`], 'e-mail page': [app.pid, page.url] };
  for (const extra of process.argv.slice(2)) targets[extra] = [app.pid, appUrl + extra];

  const samples = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (const [, url] of Object.values(targets)) await autocannon({ url, connections: CONNECTIONS, amount: 1000 });
  for (let round = 0; round < ROUNDS; round++) for (const [name, [pid, url]] of Object.entries(targets)) samples[name].push(await cpuPerRequest(url, pid, N));
  console.log(`| target | CPU ms per request (median of ${ROUNDS} × ${N}) | rounds |\n|---|---|---|`);
  for (const [name, xs] of Object.entries(samples)) console.log(`| ${name} | ${median(xs).toFixed(2)} | ${xs.map((x) => x.toFixed(2)).join(', ')} |`);
} finally {
  await stopAll();
}
