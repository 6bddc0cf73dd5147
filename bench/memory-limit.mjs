// Memory under the container's limit (docs/benchmarks.md "Memory under the container's limit"):
// the server started inside a memory cgroup of 512 MiB without swap, as the Kubernetes manifest's
// limit and the container runtime hold it, walked through every screen and then given the
// benchmark's load (the e-mail page and its server action at 10 connections each) and both at
// once. Reads the cgroup's own accounting: the peak charged, how often the limit was reached, OOM
// kills; the server must still answer at the end. With the image's Node flags
// (scripts/processes.mjs SERVER_NODE_OPTIONS), then the same without a limit, for comparison.
//
//   sudo npm run bench:memory     (root: it creates a cgroup; loopback only, about 16 minutes)
//
// Writes bench/memory-limit.json; `node bench/run.mjs --report-only` puts it into bench/results.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, SERVER_NODE_OPTIONS } from '../scripts/processes.mjs';

// Longer runs than the throughput benchmark's 10 s: memory grows with time under load.
process.env.BENCH_SECONDS ??= '30';
const { benchStandin, CONNECTIONS, emailActionPost, emailPage, load, pinnedApp, requireAnswered, root, rssMb, SECONDS, stopAll } =
  await import('./harness.mjs');
const { warmUp } = await import('./walk.mjs');

const LIMIT_MIB = 512;
const log = (...args) => console.log('bench:memory:', ...args);
const MiB = 1024 * 1024;

/** A memory cgroup of `bytes` without swap: cgroup v2 where the machine has it, else v1. */
function createCgroup(name, bytes) {
  const v2 = existsSync('/sys/fs/cgroup/cgroup.controllers');
  const dir = v2 ? `/sys/fs/cgroup/${name}` : `/sys/fs/cgroup/memory/${name}`;
  const write = (file, value) => existsSync(path.join(dir, file)) && writeFileSync(path.join(dir, file), String(value));
  const read = (file) => (existsSync(path.join(dir, file)) ? readFileSync(path.join(dir, file), 'utf8') : '');
  const field = (file, key) => Number(new RegExp(`^${key} (\\d+)$`, 'm').exec(read(file))?.[1] ?? 0);
  mkdirSync(dir);
  if (v2) {
    write('memory.max', bytes);
    write('memory.swap.max', 0);
  } else {
    write('memory.limit_in_bytes', bytes);
    write('memory.memsw.limit_in_bytes', bytes);
  }
  // Read back: without the memory controller (or its swap accounting) the run would be unlimited
  // or swap, and say otherwise.
  const limit = Number(read(v2 ? 'memory.max' : 'memory.limit_in_bytes'));
  const swapFree = v2 ? read('memory.swap.max').trim() === '0' : Number(read('memory.memsw.limit_in_bytes')) === bytes;
  const swapless = !existsSync('/proc/swaps') || readFileSync('/proc/swaps', 'utf8').trim().split('\n').length <= 1;
  if (limit !== bytes || !(swapFree || swapless)) {
    rmdirSync(dir);
    throw new Error(
      `bench:memory: the cgroup ${dir} did not take the limit (${limit} bytes, swap ${swapFree ? 'off' : 'on'}): is the memory controller enabled?`,
    );
  }
  return {
    dir,
    /** Runs its arguments inside the cgroup (the shell joins it, then execs them). */
    launcher: ['sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', dir],
    usage: () => Number(read(v2 ? 'memory.current' : 'memory.usage_in_bytes')),
    stats: () => ({
      limitMiB: Number(read(v2 ? 'memory.max' : 'memory.limit_in_bytes')) / MiB,
      peakMiB: Number(read(v2 ? 'memory.peak' : 'memory.max_usage_in_bytes')) / MiB,
      // How often an allocation hit the limit (the kernel then reclaimed page cache first).
      limitHits: v2 ? field('memory.events', 'max') : Number(read('memory.failcnt')),
      oomKills: field(v2 ? 'memory.events' : 'memory.oom_control', 'oom_kill'),
      // What the process itself holds, without the page cache the cgroup is also charged for.
      anonMiB: field('memory.stat', v2 ? 'anon' : 'total_rss') / MiB,
    }),
    /** Once its processes have gone (they leave it a moment after they exit). */
    async remove() {
      for (let i = 0; i < 50 && read('cgroup.procs').trim() !== ''; i++) await new Promise((r) => setTimeout(r, 100));
      rmdirSync(dir);
    },
  };
}

/** V8's heap limit for a Node started (in the cgroup, if any) with these NODE_OPTIONS. */
function heapLimitMiB(cgroup, nodeOptions) {
  const script = 'console.log(require("v8").getHeapStatistics().heap_size_limit)';
  const command = [...(cgroup?.launcher ?? []), process.execPath, '-e', script];
  const out = execFileSync(command[0], command.slice(1), {
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
  });
  return Number(out.toString().trim()) / MiB;
}

/**
 * One server, walked and loaded: in a fresh 512 MiB cgroup (`limited`), or beside it without one
 * for comparison on the same machine minutes apart. What it held and how it answered.
 */
async function measure(label, nodeOptions, { limited }) {
  const cgroup = limited ? createCgroup(`signin-bench-${process.pid}-${Object.keys(results.runs).length}`, LIMIT_MIB * MiB) : undefined;
  try {
    const [appPort, standinPort] = await Promise.all([freePort(), freePort()]);
    const { appUrl, standinUrl, clientSecret } = await benchStandin({ appPort, standinPort });
    const app = await pinnedApp('.next/standalone/entry.mjs', {
      port: appPort,
      standinUrl,
      clientSecret,
      env: { NODE_OPTIONS: nodeOptions },
      launcher: cgroup?.launcher ?? [],
    });
    let exited;
    app.on('exit', (code, signal) => (exited = { code, signal }));
    let peakRss = 0;
    const sampler = setInterval(() => {
      if (!exited) peakRss = Math.max(peakRss, rssMb(app.pid));
    }, 200);
    const result = { limited, nodeOptions, heapLimitMiB: heapLimitMiB(cgroup, nodeOptions), rss: { start: rssMb(app.pid) } };
    log(
      `${label}: ${limited ? `${LIMIT_MIB} MiB cgroup` : 'no limit'}, NODE_OPTIONS="${nodeOptions}", V8 heap limit ${Math.round(result.heapLimitMiB)} MiB; walking every screen`,
    );
    await warmUp(appUrl, standinUrl);
    result.rss.warm = rssMb(app.pid);
    const page = await emailPage(appUrl, standinUrl);
    log(`${label}: GET and POST, ${SECONDS} s each, then both at once`);
    result.get = await load({ url: page.url }, app.pid);
    result.post = await load(emailActionPost(page, appUrl), app.pid);
    result.both = await bothAtOnce(page, appUrl);
    result.rss.afterLoad = rssMb(app.pid);
    clearInterval(sampler);
    result.rss.peak = peakRss;
    if (cgroup) result.cgroup = cgroup.stats();
    result.answersAfter = await fetch(`${appUrl}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    result.exited = exited ?? null;
    return result;
  } finally {
    await stopAll();
    await cgroup?.remove();
  }
}

/** The page and the action loaded together, 10 connections each, for SECONDS. */
async function bothAtOnce(page, appUrl) {
  const post = emailActionPost(page, appUrl);
  const [g, p] = await Promise.all([
    autocannon({ url: page.url, connections: CONNECTIONS, duration: SECONDS }),
    autocannon({ url: post.url, method: 'POST', body: post.body, headers: post.headers, connections: CONNECTIONS, duration: SECONDS }),
  ]);
  requireAnswered(g, 200, 'GET (with POST)');
  requireAnswered(p, 303, 'POST (with GET)');
  return { get: { rps: g.requests.average, p99: g.latency.p99 }, post: { rps: p.requests.average, p99: p.latency.p99 } };
}

if (process.getuid?.() !== 0) {
  console.error('bench:memory: creating a memory cgroup needs root (sudo npm run bench:memory).');
  process.exit(1);
}
execFileSync('taskset', ['-p', '-c', '1', String(process.pid)]);
if (!existsSync(path.join(root, '.next/standalone/entry.mjs'))) execFileSync(process.execPath, ['--run', 'build'], { cwd: root, stdio: 'inherit' });
const results = { date: new Date().toISOString(), node: process.version, limitMiB: LIMIT_MIB, seconds: SECONDS, runs: {} };
try {
  // Without the heap flag, V8 sizes its heap from the limit it can see (cgroup v1 or v2); the flag
  // makes it the same where a runtime hides the limit from the process.
  const withoutHeapFlag = SERVER_NODE_OPTIONS.replace(/\s*--max-old-space-size=\d+/, '');
  const probe = createCgroup(`signin-bench-${process.pid}-probe`, LIMIT_MIB * MiB);
  results.heapLimitMiB = {
    withoutFlagNoLimit: heapLimitMiB(undefined, withoutHeapFlag),
    withoutFlagUnderLimit: heapLimitMiB(probe, withoutHeapFlag),
    withFlagUnderLimit: heapLimitMiB(probe, SERVER_NODE_OPTIONS),
  };
  await probe.remove();
  // Each configuration twice, the order reversed in the second round: this machine's speed drifts
  // over minutes, and the first of two runs is not always the faster.
  // MEMORY_PLAN (JSON, the same shape) tries other flags; MEMORY_ROUNDS=1 halves the time.
  const plan = process.env.MEMORY_PLAN
    ? JSON.parse(process.env.MEMORY_PLAN)
    : [
        { name: 'limit, image flags', limited: true, flags: SERVER_NODE_OPTIONS },
        { name: 'limit, old generation 384 MB', limited: true, flags: '--max-semi-space-size=8 --max-old-space-size=384' },
        { name: 'no limit, no heap flag', limited: false, flags: withoutHeapFlag },
      ];
  for (const round of Number(process.env.MEMORY_ROUNDS ?? 2) === 1 ? [1] : [1, 2]) {
    for (const run of round === 1 ? plan : [...plan].reverse()) {
      const label = `${run.name} (round ${round})`;
      results.runs[label] = await measure(label, run.flags, { limited: run.limited });
    }
  }
} finally {
  await stopAll();
}
writeFileSync(path.join(root, 'bench/memory-limit.json'), `${JSON.stringify(results, null, 2)}\n`);
log('wrote bench/memory-limit.json');
for (const [label, r] of Object.entries(results.runs))
  log(
    `${label}: heap limit ${Math.round(r.heapLimitMiB)} MiB, RSS peak ${Math.round(r.rss.peak)} MiB` +
      (r.cgroup ? `, cgroup peak ${Math.round(r.cgroup.peakMiB)} MiB, limit hits ${r.cgroup.limitHits}, OOM kills ${r.cgroup.oomKills}` : '') +
      `, POST p99 ${r.post.p99} ms, GET p99 ${r.get.p99} ms, answers after: ${r.answersAfter}`,
  );
