// bench/results.json → bench/results.md: each measure beside its baseline and its target.
import { MOVES_ON } from './lighthouse.mjs';

const f1 = (n) => n.toFixed(1);
const mark = (ok) => (ok ? '✓' : '✗ missed');
/**
 * The proxy's overhead is judged from many short pairs (bench/run.mjs): met when the upper end
 * of its 95 % confidence interval is under the target, missed when the lower end is over it, and
 * not settled when the interval straddles it. A negative mean is not settled either: the build
 * with the proxy does strictly more work, so a cost measured below zero shows a bias between the
 * two servers, which can as well hide a cost over the target (a major collection falling into one
 * side's runs more than the other's; three quiet runs on one day read +9.7, +7.1 and −10.2 %).
 * Runs before that had three pairs, settled only when they agreed within the target's own width
 * (10 points).
 */
const TARGET_PROXY = 10;
const SETTLED_SPREAD = 10;
const spreadOf = (pairs) => (pairs ? Math.max(...pairs) - Math.min(...pairs) : undefined);
function proxyMark(pct, { halfWidth, spread } = {}) {
  if (halfWidth !== undefined) {
    if (pct < 0) return '✗ not settled (a negative cost: the method is biased)';
    if (pct + halfWidth <= TARGET_PROXY) return '✓';
    return pct - halfWidth > TARGET_PROXY ? '✗ missed' : '✗ not settled';
  }
  if (spread !== undefined && spread > SETTLED_SPREAD) return pct <= TARGET_PROXY ? '✗ not settled' : '✗ missed, not settled';
  return mark(pct <= TARGET_PROXY);
}
const score = (x) => (x === null || x === undefined ? '–' : x.toFixed(2));
// Addresses without their per-flow ids, so the table reads the same from run to run.
const route = (url) => url.split('?')[0].replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '…');
const ms = (x) => (x === undefined ? '–' : String(Math.round(x)));
const cpuCell = (x) => (x.cpuMsPerRequest === undefined ? '–' : x.cpuMsPerRequest.toFixed(2));
const stolenCell = (x) => (x.stolenPct === undefined ? '–' : `${f1(x.stolenPct)} %`);

function proxySection(p) {
  const lang =
    p.withoutPage.lang === p.withPage.lang
      ? `in the same language (${p.withPage.lang})`
      : `in ${p.withoutPage.lang} (the default; the proxy resolves the language, here ${p.withPage.lang})`;
  return [
    '## proxy.ts overhead',
    '',
    'The e-mail page (GET, same kind of address as above) from this build and from P, the same sources built without',
    '`proxy.ts` (bench/no-proxy.mjs), each pinned to CPU 0, taken in turn (with, without, with, without, …): three pairs of load runs as above (means shown), then short pairs for the verdict.',
    `Without the proxy the page answers ${p.withoutPage.status} ${lang}, ${f1(p.withoutPage.kb)} KB against ${f1(p.withPage.kb)} KB,`,
    'and has no Content-Security-Policy and no nonce (the proxy makes both).',
    '',
    '| | req/s | p50 ms | p99 ms | server CPU ms per request | CPU 0 stolen | errors |',
    '|---|---|---|---|---|---|---|',
    `| with proxy.ts | ${Math.round(p.with.rps)} | ${f1(p.with.p50)} | ${f1(p.with.p99)} | ${cpuCell(p.with)} | ${stolenCell(p.with)} | ${p.with.errors} |`,
    `| without (P) | ${Math.round(p.without.rps)} | ${f1(p.without.p50)} | ${f1(p.without.p99)} | ${cpuCell(p.without)} | ${stolenCell(p.without)} | ${p.without.errors} |`,
    '',
    ...(p.cpu
      ? [
          `Server CPU time per request the proxy adds: **${f1(p.cpu.meanPct)} % ± ${f1(p.cpu.halfWidthPct)}** (mean and 95 % confidence interval of ${p.cpu.pairs.length} ` +
            `pairs in strict turns, ${p.cpu.requests} requests per run after ${p.cpu.warmUp} of warm-up; target ≤ ${TARGET_PROXY} %: ${proxyMark(p.cpu.meanPct, { halfWidth: p.cpu.halfWidthPct })}). ` +
            `Per pair: ${p.cpu.pairs.map((x) => `${f1(x.pct)} %`).join(', ')}; with ${p.cpu.pairs.map((x) => x.with.toFixed(2)).join(', ')} ms, ` +
            `without ${p.cpu.pairs.map((x) => x.without.toFixed(2)).join(', ')} ms.`,
          '',
        ]
      : []),
    `Throughput lost to the proxy: **${f1(p.overheadPct)} %** over all runs` +
      (p.pairsPct ? `; per pair ${p.pairsPct.map((x) => `${f1(x)} %`).join(', ')} (spread ${f1(spreadOf(p.pairsPct))} points).` : '.'),
    '',
  ];
}

function lighthouseSection(lh) {
  const rows = Object.entries(lh).map(([name, r]) => {
    const s = r.scores;
    const ok = r.reached && s.performance >= 0.9 && r.cls === 0 && s.accessibility === 1 && s['best-practices'] === 1;
    const shown = r.reached ? `\`${route(r.url)}\`` : `✗ ended on \`${route(r.finalUrl)}\`${r.runtimeError ? ` (${r.runtimeError})` : ''}`;
    const runs = r.performanceRuns ? ` (${r.performanceRuns.map(score).join(', ')})` : '';
    return `| ${name}${r.url && MOVES_ON[name] ? ' ¹' : ''} | ${shown} | ${r.h1 ?? '–'} | ${score(s.performance)}${runs} | ${ms(r.fcpMs)} | ${ms(r.lcpMs)} | ${ms(r.tbtMs)} | ${r.cls === undefined ? '–' : r.cls.toFixed(3)} | ${score(s.accessibility)} | ${score(s['best-practices'])} | ${r.bytesKb === undefined ? '–' : f1(r.bytesKb)} | ${mark(ok)} |`;
  });
  const failures = Object.entries(lh).flatMap(([name, r]) =>
    Object.entries(r.failing)
      .filter(([category, ids]) => category !== 'performance' && ids.length > 0)
      .map(([category, ids]) => `- ${name}, ${category}: ${ids.map((id) => `\`${id}\``).join(', ')}`),
  );
  return [
    '## Lighthouse (mobile, simulated slow 4G and 4× CPU slowdown)',
    '',
    'Lighthouse 13 (Node API) with Debian Chromium, JavaScript on, each screen reached on a fresh sign-in flow whose',
    'cookies are in the browser Lighthouse audits in; the median of the runs by performance score (all runs in',
    'brackets). The screen column is the address Lighthouse ended on, checked against the intended one, and the',
    'heading is read from the document it audited. Targets: performance ≥ 0.90, CLS 0, accessibility and best',
    'practices 1.00 on every screen.',
    '',
    '| screen | address | heading | performance | FCP ms | LCP ms | TBT ms | CLS | a11y | best pr. | KB | targets |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...Object.entries(MOVES_ON)
      .filter(([name]) => lh[name])
      .map(
        ([name, why]) =>
          `¹ ${name}: with JavaScript it ${why}; its POST is held unanswered during the run, so Lighthouse audits the screen as a person sees it just before it moves on.`,
      ),
    '',
    failures.length > 0 ? 'Audits below 1 in accessibility or best practices:' : 'No accessibility or best-practices audit failed on any screen.',
    '',
    ...failures,
    ...(failures.length > 0 ? [''] : []),
  ];
}

/** The headline measures of one run, as the targets table reads them. */
function headline(r) {
  const H = r.js.baseline.gzipKb;
  const html = Object.entries(r.html);
  return {
    getVsH: r.load.getLogin.rps / r.load.baselineH.rps,
    // The same ratio from the servers' own CPU time per request (what H costs / what the page costs).
    getVsHCpu: r.load.baselineH.cpuMsPerRequest && r.load.baselineH.cpuMsPerRequest / r.load.getLogin.cpuMsPerRequest,
    // Judged on the CPU time per request where the run measured it (earlier runs: throughput only).
    proxy: r.proxy.cpu?.meanPct ?? r.proxy.cpuOverheadPct ?? r.proxy.overheadPct,
    proxyJudged: r.proxy.cpu ? { halfWidth: r.proxy.cpu.halfWidthPct } : { spread: spreadOf(r.proxy.cpuPairsPct ?? r.proxy.pairsPct) },
    proxyPairs: r.proxy.cpu?.pairs.map((x) => x.pct) ?? r.proxy.cpuPairsPct ?? r.proxy.pairsPct,
    proxyBy: r.proxy.cpu ? `server CPU per request, ${r.proxy.cpu.pairs.length} pairs` : r.proxy.cpuPairsPct ? 'server CPU per request' : 'req/s',
    postP99: r.load.postAction.p99,
    rssWarm: r.rss.appWarm,
    rssAfter: r.rss.appAfterLoad,
    htmlMax: Math.max(...html.filter(([name]) => name !== 'group selection').map(([, kb]) => kb)),
    htmlGroups: r.html['group selection'],
    jsOverH: Math.max(...r.js.routes.map((x) => x.gzipKb - H)),
  };
}

/**
 * Before and after on the measures of the performance targets: `before` is the committed
 * bench/before.json (the run this work started from), `r` this run. The test loop's wall time
 * is not a benchmark of the server: it comes from bench/test-loop.json when that was recorded.
 */
function targetsSection(r, before, testLoop) {
  const now = headline(r);
  const was = before ? headline(before) : undefined;
  const row = (name, key, format, target, met) => `| ${name} | ${was ? format(was[key]) : '–'} | ${format(now[key])} | ${target} | ${mark(met(now[key]))} |`;
  const x2 = (v) => `${v.toFixed(2)}×`;
  const pct = (v) => `${f1(v)} %`;
  const kb = (v) => `${f1(v)} KB`;
  const mb = (v) => `${Math.round(v)} MB`;
  return [
    '## Against the targets',
    '',
    `Before: the run of ${before?.date ?? '–'} (bench/before.json${before?.note ? `: ${before.note}` : ''}); after: this run.`,
    '',
    '| measure | before | after | target | |',
    '|---|---|---|---|---|',
    row('GET e-mail page vs H', 'getVsH', x2, '≥ 0.6× (goal 0.9×)', (v) => v >= 0.6),
    ...(now.getVsHCpu
      ? [
          `| GET e-mail page vs H, by server CPU per request | ${was?.getVsHCpu ? x2(was.getVsHCpu) : '–'} | ${x2(now.getVsHCpu)} | (the same target) | ${mark(now.getVsHCpu >= 0.6)} |`,
        ]
      : []),
    `| proxy.ts overhead | ${was ? `${pct(was.proxy)} (${was.proxyBy})` : '–'} | ${pct(now.proxy)}${now.proxyJudged.halfWidth === undefined ? '' : ` ± ${f1(now.proxyJudged.halfWidth)}`} (${now.proxyBy}) | ≤ ${TARGET_PROXY} % (goal 5 %), settled: its 95 % interval on one side | ${proxyMark(now.proxy, now.proxyJudged)} |`,
    `| proxy.ts overhead, its pairs | ${was?.proxyPairs ? `${was.proxyPairs.length} pairs, ${f1(spreadOf(was.proxyPairs))} points apart` : '–'} | ${now.proxyPairs ? `${now.proxyPairs.length} pairs, ${f1(Math.min(...now.proxyPairs))} to ${f1(Math.max(...now.proxyPairs))} %` : '–'} | shown | ✓ |`,
    row(
      'POST p99 at c=10',
      'postP99',
      (v) => `${v} ms`,
      '≤ 60 ms (goal 40 ms)',
      (v) => v <= 60,
    ),
    row('RSS warm', 'rssWarm', mb, '≤ 150 MB (goal 120 MB)', (v) => v <= 150),
    row('RSS after load', 'rssAfter', mb, '≤ 256 MB', (v) => v <= 256),
    row('HTML per screen, largest (group selection apart)', 'htmlMax', kb, '≤ 10 KB (goal 8 KB)', (v) => v <= 10),
    row('HTML, group selection', 'htmlGroups', kb, '≤ 14 KB', (v) => v <= 14),
    row('first-load JS over H, largest route', 'jsOverH', kb, '≤ 10.4 KB (goal 8 KB)', (v) => v <= 10.4),
    testLoop
      ? `| \`npm test\` wall time | ${testLoop.before ?? '–'} | ${testLoop.after} | ≤ 12 min (goal 8 min) | ${mark(testLoop.afterMinutes <= 12)} |`
      : '| `npm test` wall time | – | not recorded | ≤ 12 min | – |',
    '',
  ];
}

export function report(r, before, testLoop) {
  const H = r.js.baseline.gzipKb;
  const lines = [
    '# Benchmark results',
    '',
    `Run ${r.date} on this machine (Node ${r.node}), \`npm run bench\`. Server pinned to CPU 0, load`,
    `generator to CPU 1; ${r.seconds} s per load measurement after 2 s of warm-up, ${10} connections.`,
    'H = a bare dynamic App Router page of the same Next version; N = nginx serving the e-mail page as a file.',
    '',
    ...targetsSection(r, before, testLoop),
    '## First-load JavaScript (gzip -9)',
    '',
    `H: **${f1(H)} KB**. Target: at most H + 15 KB = ${f1(H + 15)} KB.`,
    '',
    '| route | KB gz | over H | target | client libraries found |',
    '|---|---|---|---|---|',
    ...r.js.routes.map((x) => `| \`${x.route}\` | ${f1(x.gzipKb)} | +${f1(x.gzipKb - H)} | ${mark(x.gzipKb <= H + 15)} | ${x.libraries.join(', ') || '–'} |`),
    '',
    '## HTML per screen (raw, as served)',
    '',
    'Group selection: the streamed page a browser with JavaScript gets.',
    '',
    '| screen | KB | target ≤ 10 KB |',
    '|---|---|---|',
    ...Object.entries(r.html).map(([name, kb]) => `| ${name} | ${f1(kb)} | ${mark(kb <= 10)} |`),
    '',
    '## Throughput and latency (one core)',
    '',
    '| target | req/s | p50 ms | p99 ms | server CPU ms per request | CPU 0 stolen | errors |',
    '|---|---|---|---|---|---|---|',
    ...Object.entries(r.load).map(([name, x]) => `| ${name} | ${Math.round(x.rps)} | ${x.p50} | ${x.p99} | ${cpuCell(x)} | ${stolenCell(x)} | ${x.errors} |`),
    '',
    `- GET e-mail page vs H: **${f1(r.load.getLogin.rps / r.load.baselineH.rps)}×** (target ≥ 0.9×: ${mark(r.load.getLogin.rps >= 0.9 * r.load.baselineH.rps)}); vs N: ${(r.load.getLogin.rps / r.load.nginxN.rps).toFixed(3)}×.`,
    `- Server action POST p99 at ${10} connections: **${r.load.postAction.p99} ms** (target ≤ 40 ms: ${mark(r.load.postAction.p99 <= 40)}).`,
    '',
    '## Memory (RSS)',
    '',
    `- App: ${f1(r.rss.appStart)} MB at start, ${f1(r.rss.appWarm)} MB warm (after the screens and flows above), ${f1(r.rss.appAfterLoad)} MB right after its load runs${r.rss.appAfterRest === undefined ? '' : ` (${f1(r.rss.appAfterRest)} MB after H's and N's runs, V8 having given memory back meanwhile)`} (targets ≤ 150 MB warm: ${mark(r.rss.appWarm <= 150)}, ≤ 256 MB under load: ${mark(r.rss.appAfterLoad <= 256)}).`,
    `- H: ${f1(r.rss.baselineStart)} MB at start, ${f1(r.rss.baselineAfterLoad)} MB after its load run.`,
    '',
    '## Full sign-in in headless Chromium',
    '',
    `E-mail → password → group → MFA code → \`/success\`, JavaScript on, median of 3: **${Math.round(r.flowMs)} ms** (stand-in answering at once; includes the browser's own work).`,
    '',
    ...proxySection(r.proxy),
    ...lighthouseSection(r.lighthouse),
  ];
  return lines.join('\n');
}
