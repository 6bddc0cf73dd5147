// Reads a V8 CPU profile (.cpuprofile) of the standalone server: self time per package, and the
// top functions by self and by inclusive time. The server's bundles are minified; their source
// maps (written by the build beside each chunk) name the original file, so time spent in a
// bundled library (next-intl, zod, iron-session…) is charged to that library, not to "the app".
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TOP = 25;
const VIRTUAL = new Map([
  ['(garbage collector)', 'V8: garbage collection'],
  ['(program)', 'V8: outside JavaScript (compiling, runtime, native code)'],
  ['(idle)', 'idle'],
]);

const maps = new Map();
function sourceMapFor(file) {
  if (!maps.has(file)) {
    // The standalone copy leaves the maps behind: they stay beside the build's own chunks.
    const mapFile = [`${file}.map`, `${file.replace('/.next/standalone/.next/', '/.next/')}.map`].find((candidate) => existsSync(candidate));
    maps.set(file, mapFile ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(file);
}

/** `…/node_modules/@scope/name/…` → `@scope/name`; Next's compiled runtimes are named apart. */
function packageOf(source) {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const [first, second, third, fourth] = source.slice(at + 'node_modules/'.length).split('/');
  if (first === 'next' && second === 'dist' && third === 'compiled') return `next (compiled ${fourth === 'next-server' ? 'render runtime' : fourth})`;
  if (first === 'next') return 'next (server)';
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** Where a profile node's code comes from: its package (or our own folder) and a readable label. */
function originOf(frame, root) {
  const name = frame.functionName || '(anonymous)';
  if (VIRTUAL.has(frame.functionName)) return { group: VIRTUAL.get(frame.functionName), label: frame.functionName };
  if (!frame.url) return { group: 'V8 builtins', label: name };
  if (frame.url.startsWith('node:')) return { group: 'Node core', label: `${name} ${frame.url}` };
  const file = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  const entry = frame.lineNumber >= 0 ? sourceMapFor(file)?.findEntry(frame.lineNumber, frame.columnNumber) : undefined;
  const source = entry?.originalSource
    ? entry.originalSource.replace(/^turbopack:\/\/\/\[project\]\//, '').replace(/^webpack:\/\/_N_E\//, '')
    : path.relative(root, file);
  const line = entry?.originalSource ? entry.originalLine + 1 : frame.lineNumber + 1;
  const own = decodeURIComponent(source).replace(/^(\.\.\/)+/, '');
  const group = packageOf(own) ?? (own.startsWith('.next/') ? 'app bundle (no source map)' : `app: ${own.split('/').slice(0, -1).join('/') || '.'}`);
  return { group, label: `${entry?.name ?? name} ${own.replace(/^.*node_modules\//, '')}:${line}` };
}

/** The `n` largest entries of a map keyed `group` or `group\tlabel`. */
function largest(map, n) {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, value]) => {
      const [group, label = key] = key.split('\t');
      return { group, label, value };
    });
}

/** Self time per package and per function, inclusive time per function, all in ms. */
export function summarise(profile, root) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const origins = new Map(profile.nodes.map((node) => [node.id, originOf(node.callFrame, root)]));

  const selfByGroup = new Map();
  const selfByFunction = new Map();
  const inclusiveByFunction = new Map();
  const inclusiveByGroup = new Map();
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const { group, label } = origins.get(id);
    total += ms;
    if (group === 'idle') {
      idle += ms;
      return;
    }
    add(selfByGroup, group, ms);
    add(selfByFunction, `${group}\t${label}`, ms);
    // Each function once per sample, however deep it recurses.
    const seen = new Set();
    const groups = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const origin = origins.get(at);
      if (byId.get(at).callFrame.functionName === '(root)') continue;
      seen.add(`${origin.group}\t${origin.label}`);
      groups.add(origin.group);
    }
    for (const key of seen) add(inclusiveByFunction, key, ms);
    for (const key of groups) add(inclusiveByGroup, key, ms);
  });
  const sorted = (map, n) => largest(map, n).map(({ group, label, value }) => ({ group, label, ms: value }));
  return {
    totalMs: total,
    idleMs: idle,
    byGroup: sorted(selfByGroup, Infinity),
    byGroupInclusive: sorted(inclusiveByGroup, Infinity),
    bySelf: sorted(selfByFunction, TOP),
    byInclusive: sorted(inclusiveByFunction, TOP),
  };
}

/**
 * Bytes allocated per request from a sampling heap profile that kept the objects collected since
 * (`HeapProfiler.startSampling` with both include flags): by package of the allocating function,
 * and the top functions by self and by inclusive allocation. The garbage collector's share of the
 * CPU profile follows from these bytes.
 */
export function summariseAllocations(profile, root, requests) {
  const selfByGroup = new Map();
  const selfByFunction = new Map();
  const inclusiveByFunction = new Map();
  const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes);
  let total = 0;
  const walk = (node, stack) => {
    const { group, label } = originOf(node.callFrame, root);
    const key = `${group}\t${label}`;
    total += node.selfSize;
    add(selfByGroup, group, node.selfSize);
    add(selfByFunction, key, node.selfSize);
    const below = node.callFrame.functionName === '(root)' ? stack : new Set([...stack, key]);
    for (const k of below) add(inclusiveByFunction, k, node.selfSize);
    for (const child of node.children) walk(child, below);
  };
  walk(profile.head, new Set());
  const kb = (bytes) => bytes / requests / 1024;
  const sorted = (map, n) => largest(map, n).map(({ group, label, value }) => ({ group, label, kb: kb(value) }));
  return {
    requests,
    totalKb: kb(total),
    byGroup: sorted(selfByGroup, Infinity),
    bySelf: sorted(selfByFunction, TOP),
    byInclusive: sorted(inclusiveByFunction, TOP),
  };
}

function allocationSection({ name, load, allocations: a }) {
  const rows = (list) => list.map((r) => `| ${cell(r.group)} | \`${cell(r.label)}\` | ${r.kb.toFixed(1)} | ${pct(r.kb, a.totalKb)} |`);
  const head = ['| package or folder | function | KB per request | share |', '|---|---|---|---|'];
  return [
    `## Allocation: ${name}`,
    '',
    `${a.requests} requests at 10 connections (${load.rps.toFixed(0)} req/s under the sampler): **${a.totalKb.toFixed(0)} KB allocated per request**,`,
    'sampled every 4 KB, objects collected since included.',
    '',
    '### By package (self)',
    '',
    '| package or folder | KB per request | share |',
    '|---|---|---|',
    ...a.byGroup.filter((g) => g.kb >= 0.1).map((g) => `| ${cell(g.group)} | ${g.kb.toFixed(1)} | ${pct(g.kb, a.totalKb)} |`),
    '',
    `### Top ${TOP} functions by self allocation`,
    '',
    ...head,
    ...rows(a.bySelf),
    '',
    `### Top ${TOP} functions by inclusive allocation`,
    '',
    ...head,
    ...rows(a.byInclusive),
    '',
  ].join('\n');
}

const pct = (ms, of) => `${((ms / of) * 100).toFixed(1)} %`;
const cell = (text) => String(text).replaceAll('|', '\\|');

function table(rows, busy) {
  return [
    '| package or folder | function | ms | share of busy time |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${cell(r.group)} | \`${cell(r.label)}\` | ${r.ms.toFixed(0)} | ${pct(r.ms, busy)} |`),
  ].join('\n');
}

/** bench/profile.md from one `npm run bench:profile`. */
export function profileReport({ date, node, seconds, rssWarm, rssAfter, profiles, allocations = [] }) {
  const sections = profiles.map(({ name, load, summary }) => {
    const busy = summary.totalMs - summary.idleMs;
    return [
      `## ${name}`,
      '',
      `${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors} errors; ` +
        `${(summary.totalMs / 1000).toFixed(1)} s sampled, ${pct(busy, summary.totalMs)} busy.`,
      '',
      '### Self time by package (busy time only)',
      '',
      '| package or folder | ms | share |',
      '|---|---|---|',
      ...summary.byGroup.map((g) => `| ${cell(g.group)} | ${g.ms.toFixed(0)} | ${pct(g.ms, busy)} |`),
      '',
      '### Inclusive time by package (a sample counts for every package on its stack)',
      '',
      '| package or folder | ms | share |',
      '|---|---|---|',
      ...summary.byGroupInclusive.map((g) => `| ${cell(g.group)} | ${g.ms.toFixed(0)} | ${pct(g.ms, busy)} |`),
      '',
      `### Top ${TOP} functions by self time`,
      '',
      table(summary.bySelf, busy),
      '',
      `### Top ${TOP} functions by inclusive time`,
      '',
      table(summary.byInclusive, busy),
      '',
    ].join('\n');
  });
  return [
    '# CPU profile of the standalone server',
    '',
    `Run ${date} (Node ${node}), \`npm run bench:profile\`: the app pinned to CPU 0 with the inspector on, the bench's warm-up,`,
    `then V8's sampling profiler (250 µs) over ${seconds} s of load at 10 connections from CPU 1, once for the e-mail page's GET`,
    `and once for its server action's POST. RSS ${rssWarm.toFixed(0)} MB warm, ${rssAfter.toFixed(0)} MB after both loads.`,
    'Bundled code is charged to its package through the build’s source maps. The raw profiles are in bench/profiles/',
    '(not committed; open one in Chrome DevTools → Performance).',
    '',
    ...sections,
    ...allocations.map(allocationSection),
  ].join('\n');
}
