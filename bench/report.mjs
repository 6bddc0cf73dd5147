// bench/results.json → bench/results.md: each measure beside its baseline and its target.
const f1 = (n) => n.toFixed(1);
const mark = (ok) => (ok ? '✓' : '✗ missed');

export function report(r) {
  const H = r.js.baseline.gzipKb;
  const lines = [
    '# Benchmark results',
    '',
    `Run ${r.date} on this machine (Node ${r.node}), \`npm run bench\`. Server pinned to CPU 0, load`,
    `generator to CPU 1; ${r.seconds} s per load measurement after 2 s of warm-up, ${10} connections.`,
    'H = a bare dynamic App Router page of the same Next version; N = nginx serving the e-mail page as a file.',
    '',
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
    '| screen | KB | target ≤ 10 KB |',
    '|---|---|---|',
    ...Object.entries(r.html).map(([name, kb]) => `| ${name} | ${f1(kb)} | ${mark(kb <= 10)} |`),
    '',
    '## Throughput and latency (one core)',
    '',
    '| target | req/s | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|',
    ...Object.entries(r.load).map(([name, x]) => `| ${name} | ${Math.round(x.rps)} | ${x.p50} | ${x.p99} | ${x.errors} |`),
    '',
    `- GET e-mail page vs H: **${f1(r.load.getLogin.rps / r.load.baselineH.rps)}×** (target ≥ 0.9×: ${mark(r.load.getLogin.rps >= 0.9 * r.load.baselineH.rps)}); vs N: ${(r.load.getLogin.rps / r.load.nginxN.rps).toFixed(3)}×.`,
    `- Server action POST p99 at ${10} connections: **${r.load.postAction.p99} ms** (target ≤ 40 ms: ${mark(r.load.postAction.p99 <= 40)}).`,
    '',
    '## Memory (RSS)',
    '',
    `- App: ${f1(r.rss.appStart)} MB at start, ${f1(r.rss.appWarm)} MB warm (after the screens and flows above), ${f1(r.rss.appAfterLoad)} MB after the load runs (targets ≤ 120 MB warm: ${mark(r.rss.appWarm <= 120)}, ≤ 256 MB under load: ${mark(r.rss.appAfterLoad <= 256)}).`,
    `- H: ${f1(r.rss.baselineStart)} MB at start, ${f1(r.rss.baselineAfterLoad)} MB after its load run.`,
    '',
    '## Full sign-in in headless Chromium',
    '',
    `E-mail → password → group → MFA code → \`/success\`, JavaScript on, median of 3: **${Math.round(r.flowMs)} ms** (stand-in answering at once; includes the browser's own work).`,
    '',
    '## Not measured yet',
    '',
    '- proxy.ts overhead (the same page with and without it) and Lighthouse mobile scores per screen.',
    '',
  ];
  return lines.join('\n');
}
