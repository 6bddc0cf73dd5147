// What proxy.ts costs the e-mail page: the same page through the proxy and past it, in one server
// process (bench/proxy-skip.mjs builds the copy that has both addresses).
//
// Two processes cannot be compared for this: two fresh servers of one build, warmed alike, differ
// by up to a fifth in CPU time per request and keep that difference for as long as they run
// (their compiled code and heap differ), more than the proxy costs; a full collection forced
// before each run did not remove it (bench/proxy-cost.md). In one process both addresses share
// the compiled code, the heap and its collections, and runs of the two in turn differ by a few
// points only. A run is one process: `PROCESSES` fresh processes of `PAIRS` pairs each, and the
// report shows their means side by side (the spread that says whether the figure is settled)
// and the interval of all pairs together.
import { cpuPerRequest, emailPage, load, pinnedApp } from './harness.mjs';
import { SKIPPED_PATH } from './proxy-skip.mjs';

const PROCESSES = 3;
const PAIRS = 10;
const REQUESTS = 1500;
// Per address, before the first pair: enough for V8 to have compiled the page's hot paths.
const WARM_UP = 1500;

/** Two-sided 95 % points of Student's t for 1–30 degrees of freedom (1.96 beyond). */
const T95 = [
  12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069,
  2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The mean of `xs` and the half-width of its 95 % confidence interval. */
export function meanInterval(xs) {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
  return { meanPct: mean, halfWidthPct: ((T95[xs.length - 2] ?? 1.96) * sd) / Math.sqrt(xs.length) };
}

/** What the page past the proxy is, beside the one through it (the report says how they differ). */
async function describe(url) {
  const response = await fetch(url);
  const html = await response.text();
  return {
    status: response.status,
    lang: html.match(/<html lang="([^"]+)"/)?.[1],
    kb: html.length / 1024,
    csp: response.headers.has('content-security-policy'),
    nonce: / nonce="/.test(html),
  };
}

async function stop(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/**
 * The e-mail page through proxy.ts and past it, from `entry` (the copy) on `port`, pinned to
 * CPU 0: in the first process also three pairs of load runs (req/s and latency, as the other
 * load rows); in each process `PAIRS` pairs of `REQUESTS` requests, the two addresses in turn
 * (which one goes first alternates), compared by the server's CPU time per request. The overhead
 * is the share of the page's CPU time per request that the proxy adds: 1 − without/with.
 */
export async function proxyOverhead(entry, { port, appUrl, standinUrl, clientSecret }) {
  const processes = [];
  const runs = { with: [], without: [] };
  const result = { requests: REQUESTS, warmUp: WARM_UP, processes };
  for (let n = 0; n < PROCESSES; n++) {
    const server = await pinnedApp(entry, { port, standinUrl, clientSecret });
    try {
      const page = await emailPage(`http://127.0.0.1:${port}`, standinUrl, appUrl);
      const urls = { with: page.url, without: page.url.replace(`:${port}/?`, `:${port}${SKIPPED_PATH}?`) };
      if (n === 0) [result.withPage, result.withoutPage] = await Promise.all([describe(urls.with), describe(urls.without)]);
      for (const url of Object.values(urls)) await cpuPerRequest(url, server.pid, WARM_UP);
      if (n === 0) for (let round = 0; round < 3; round++) for (const side of ['with', 'without']) runs[side].push(await load({ url: urls[side] }, server.pid));
      const pairs = [];
      for (let i = 0; i < PAIRS; i++) {
        const ms = {};
        for (const side of i % 2 ? ['without', 'with'] : ['with', 'without']) ms[side] = await cpuPerRequest(urls[side], server.pid, REQUESTS);
        pairs.push({ with: ms.with, without: ms.without, pct: (1 - ms.without / ms.with) * 100 });
      }
      processes.push({ pairs, ...meanInterval(pairs.map((p) => p.pct)) });
    } finally {
      await stop(server);
    }
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
    ...result,
    with: withProxy,
    without: withoutProxy,
    runs,
    overheadPct: (1 - withProxy.rps / withoutProxy.rps) * 100,
    pairsPct: runs.with.map((w, i) => (1 - w.rps / runs.without[i].rps) * 100),
    ...meanInterval(processes.flatMap((p) => p.pairs.map((x) => x.pct))),
  };
}
