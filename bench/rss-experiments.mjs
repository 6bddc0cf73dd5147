// Node/V8 settings against the app's memory: for each setting the app starts pinned to CPU 0
// (with only that setting: not the server's own NODE_OPTIONS),
// gets the bench's warm-up (the screens and three full sign-ins), then the e-mail page's GET and
// POST under load; RSS warm, right after the load and again 25 s later, req/s and p99 of both.
// `node bench/rss-experiments.mjs [rounds]` prints a Markdown table (bench/rss-experiments.md
// keeps the one behind the choice) and, for the first setting, what the warm process's memory is
// made of.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { configureStandin, freePort, randomSecret, startStandin } from '../scripts/processes.mjs';
import { emailPage, loadEmailPage, pinnedApp, root, rssMb, stopAll, track } from './harness.mjs';
import { warmUp } from './walk.mjs';

/** name → node flags and environment. */
const SETTINGS = {
  'none (Node 24 defaults)': { flags: [] },
  '--max-semi-space-size=1': { flags: ['--max-semi-space-size=1'] },
  '--max-semi-space-size=2': { flags: ['--max-semi-space-size=2'] },
  '--max-semi-space-size=4': { flags: ['--max-semi-space-size=4'] },
  '--max-semi-space-size=8': { flags: ['--max-semi-space-size=8'] },
  '--max-semi-space-size=16': { flags: ['--max-semi-space-size=16'] },
  '--max-semi-space-size=4, MALLOC_ARENA_MAX=2': { flags: ['--max-semi-space-size=4'], env: { MALLOC_ARENA_MAX: '2' } },
  '--max-old-space-size=128': { flags: ['--max-old-space-size=128'] },
  '--optimize-for-size': { flags: ['--optimize-for-size'] },
  'MALLOC_ARENA_MAX=2': { flags: [], env: { MALLOC_ARENA_MAX: '2' } },
  'UV_THREADPOOL_SIZE=1, --v8-pool-size=1': { flags: ['--v8-pool-size=1'], env: { UV_THREADPOOL_SIZE: '1' } },
  '--max-semi-space-size=2, MALLOC_ARENA_MAX=2': { flags: ['--max-semi-space-size=2'], env: { MALLOC_ARENA_MAX: '2' } },
  '--max-semi-space-size=8, --max-old-space-size=192': { flags: ['--max-semi-space-size=8', '--max-old-space-size=192'] },
  '--max-semi-space-size=8, --max-old-space-size=256': { flags: ['--max-semi-space-size=8', '--max-old-space-size=256'] },
  '--max-semi-space-size=4, --max-old-space-size=192': { flags: ['--max-semi-space-size=4', '--max-old-space-size=192'] },
  '--max-semi-space-size=8, --heap-growing-percent=50': { flags: ['--max-semi-space-size=8', '--heap-growing-percent=50'] },
  '--max-semi-space-size=8, --heap-growing-percent=30': { flags: ['--max-semi-space-size=8', '--heap-growing-percent=30'] },
  '--max-semi-space-size=4, --heap-growing-percent=50': { flags: ['--max-semi-space-size=4', '--heap-growing-percent=50'] },
  '--max-semi-space-size=16, --heap-growing-percent=50': { flags: ['--max-semi-space-size=16', '--heap-growing-percent=50'] },
  '--max-semi-space-size=8, --memory-balancer': { flags: ['--max-semi-space-size=8', '--memory-balancer'] },
  '--max-semi-space-size=8, --heap-growing-percent=50, --v8-pool-size=1': {
    flags: ['--max-semi-space-size=8', '--heap-growing-percent=50', '--v8-pool-size=1'],
  },
};

/** How long after the load the RSS is read again: V8 gives memory back once allocation stops. */
const SETTLE_MS = 25_000;

const only = process.env.RSS_SETTINGS?.split('|');
const rounds = Number(process.argv[2] ?? 1);
const memoryFile = path.join(root, 'bench/tmp/memory.json');

/** Resident memory by mapping kind, from /proc (file-backed pages are the binary and libraries). */
function smaps(pid) {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (key) => Number(rollup.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? 0) / 1024;
  return { rss: kb('Rss'), anonymous: kb('Anonymous'), fileBacked: kb('Rss') - kb('Anonymous') };
}

let current;

/** Ends the app of the last setting (by its own process id) and waits until it has exited. */
async function stopApp() {
  if (current && current.exitCode === null && current.signalCode === null) {
    current.kill('SIGTERM');
    await new Promise((r) => current.once('exit', r));
  }
}

async function measure(name, { flags, env = {} }, standin, withHook) {
  const { port, appUrl } = standin;
  const nodeArgs = withHook ? [...flags, '--import', pathToFileURL(path.join(root, 'bench/memory-hook.mjs')).href] : flags;
  const app = await pinnedApp('.next/standalone/entry.mjs', {
    port,
    standinUrl: standin.url,
    clientSecret: standin.secret,
    nodeArgs,
    env: { NODE_OPTIONS: '', ...env, BENCH_MEMORY_FILE: memoryFile },
  });
  current = app;
  const start = rssMb(app.pid);
  await warmUp(appUrl, standin.url);
  const warm = rssMb(app.pid);
  const snapshot = async () => {
    if (!withHook) return undefined;
    app.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 500));
    return { ...JSON.parse(readFileSync(memoryFile, 'utf8')), smaps: smaps(app.pid) };
  };
  const memory = { warm: await snapshot() };
  const { get, post } = await loadEmailPage(appUrl, await emailPage(appUrl, standin.url));
  const afterLoad = rssMb(app.pid);
  memory.afterLoad = await snapshot();
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const settled = rssMb(app.pid);
  return {
    name,
    start,
    warm,
    afterLoad,
    settled,
    getRps: get.rps,
    postRps: post.rps,
    getP99: get.p99,
    postP99: post.p99,
    memory: withHook ? memory : undefined,
  };
}

execFileSync('taskset', ['-p', '-c', '1', String(process.pid)]);
mkdirSync(path.dirname(memoryFile), { recursive: true });
const [standinPort, port] = await Promise.all([freePort(), freePort()]);
// One stand-in, set up for an app on `port`: every setting's app runs there in turn.
const standin = { url: `http://127.0.0.1:${standinPort}`, secret: randomSecret(), port, appUrl: `http://127.0.0.1:${port}` };
const rows = [];
try {
  const adminSecret = randomSecret();
  track(await startStandin({ standinPort, appUrl: standin.appUrl, clientId: 'bench', clientSecret: standin.secret, adminSecret }));
  await configureStandin({ standinUrl: standin.url, appUrl: standin.appUrl, adminSecret });
  for (let round = 0; round < rounds; round++) {
    for (const [i, [name, setting]] of Object.entries(SETTINGS)
      .filter(([n]) => !only || only.includes(n))
      .entries()) {
      // A setting that makes the app fail (out of memory, say) is a finding, not the end of the run.
      const row = await measure(name, setting, standin, round === 0 && i === 0).catch((error) => ({
        name,
        error: error.message
          .split('\n')
          .filter((l) => /Timeout|waiting for|Error/.test(l))
          .join(' ')
          .replace(/\s+/g, ' '),
      }));
      await stopApp();
      console.error(JSON.stringify(row));
      rows.push(row);
    }
  }
} finally {
  await stopAll();
}

const f = (n) => n.toFixed(0);
console.log(
  `| setting | round | RSS start MB | RSS warm MB | RSS after load MB | RSS ${SETTLE_MS / 1000} s later MB | GET req/s | POST req/s | GET p99 ms | POST p99 ms |`,
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
rows.forEach((r, i) =>
  console.log(
    r.error
      ? `| ${r.name} | ${Math.floor(i / (rows.length / rounds)) + 1} | failed: ${r.error} |||||||| `
      : `| ${r.name} | ${Math.floor(i / (rows.length / rounds)) + 1} | ${f(r.start)} | ${f(r.warm)} | ${f(r.afterLoad)} | ${f(r.settled)} | ${f(r.getRps)} | ${f(r.postRps)} | ${r.getP99} | ${r.postP99} |`,
  ),
);
if (rows[0]?.memory) console.log(`\nMemory of "${rows[0].name}", warm and after load:\n\n\`\`\`json\n${JSON.stringify(rows[0].memory, null, 2)}\n\`\`\``);
