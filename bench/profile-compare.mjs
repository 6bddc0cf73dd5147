// bench/profile-before.md and bench/profile.md (both written by `npm run bench:profile`) side by
// side for bench/results.md: each load's throughput under the profiler and its self time by
// package, as shares of the busy time (the absolute milliseconds depend on the run's length).

const LOADS = { 'get-email-page': "the e-mail page's GET", 'post-email-action': "its server action's POST" };
const TOP = 10;
/** Until this day the bench posted the form URL-encoded, which Next answers with a render of the page, not the action. */
const MULTIPART_SINCE = '2026-11-25';

/** One load's summary line and self-time table from a profile.md text. */
function parseLoad(md, load) {
  const section = md.split(/^## /m).find((s) => s.startsWith(`${load}\n`));
  if (!section) return undefined;
  const summary = section.match(/^(\d+) req\/s, p50 (\d+) ms, p99 (\d+) ms/m);
  const table = section.split(/^### /m).find((s) => s.startsWith('Self time by package'));
  const shares = new Map();
  for (const [, name, share] of (table ?? '').matchAll(/^\| (.+?) \| \d+ \| ([\d.]+) % \|$/gm)) shares.set(name, Number(share));
  return { rps: Number(summary?.[1]), p50: Number(summary?.[2]), p99: Number(summary?.[3]), shares };
}

const runDate = (md) => md.match(/^Run (\S+)/m)?.[1] ?? '?';
const pct = (n) => (n === undefined ? '–' : `${n.toFixed(1)} %`);

/** Markdown lines comparing the two profiles, or none when either is missing. */
export function profileComparison(beforeMd, afterMd) {
  if (!beforeMd || !afterMd) return [];
  const lines = [
    '## CPU profile before and after',
    '',
    `Self time by package under load, as a share of the server's busy time: bench/profile-before.md (run ${runDate(beforeMd)}) against bench/profile.md (run ${runDate(afterMd)}), the ${TOP} largest of either. Requests per second are under the profiler, so lower than the throughput above. Full tables, top functions and allocations per request are in those files.`,
    '',
  ];
  for (const [load, title] of Object.entries(LOADS)) {
    const [before, after] = [parseLoad(beforeMd, load), parseLoad(afterMd, load)];
    if (!before || !after) continue;
    const names = [...new Set([...after.shares.keys(), ...before.shares.keys()])]
      .sort((a, b) => Math.max(after.shares.get(b) ?? 0, before.shares.get(b) ?? 0) - Math.max(after.shares.get(a) ?? 0, before.shares.get(a) ?? 0))
      .slice(0, TOP);
    lines.push(
      `${title[0].toUpperCase()}${title.slice(1)}: ${before.rps} → ${after.rps} req/s, p50 ${before.p50} → ${after.p50} ms, p99 ${before.p99} → ${after.p99} ms.`,
      '',
      '| package or folder | before | after |',
      '|---|---|---|',
      ...names.map((name) => `| ${name} | ${pct(before.shares.get(name))} | ${pct(after.shares.get(name))} |`),
      '',
    );
    if (load === 'post-email-action' && runDate(beforeMd) < MULTIPART_SINCE)
      lines.push(
        "The POST before is not the action: that profile's load posted the form URL-encoded, which Next answers by rendering the page again (hence its render runtime share); the multipart post a browser sends, answered 303, runs the action (provider call, cookies sealed).",
        '',
      );
  }
  return lines;
}
