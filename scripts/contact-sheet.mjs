#!/usr/bin/env node
/**
 * Writes test-results/contact-sheet.html: every screenshot the e2e run took, as one page of
 * labelled thumbnails, a row per screen and state, a column per scheme and width (light and
 * dark, 360 and 1280 px), each linking to the full image. Paths are relative, so the page opens
 * from disk. Runs as the e2e suite's global teardown (tests/e2e/support/global-teardown.ts), and
 * by hand: `node scripts/contact-sheet.mjs [results-dir]`.
 *
 * Screenshot names (tests/e2e/support/fixtures.ts, `photograph`):
 *   <screen>-<light|dark>-<360|1280>-js-<on|off>.png
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME = /^(?<screen>.+)-(?<scheme>light|dark)-(?<width>\d+)-js-(?<js>on|off)\.png$/;
const COLUMNS = [
  { scheme: 'light', width: '360' },
  { scheme: 'light', width: '1280' },
  { scheme: 'dark', width: '360' },
  { scheme: 'dark', width: '1280' },
];

const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
/** A file name as a relative URL (each path segment encoded). */
const href = (file) => `screenshots/${encodeURIComponent(file)}`;

/**
 * Reads `<dir>/screenshots/` and writes `<dir>/contact-sheet.html`. Returns the sheet's path and
 * the number of images on it, or undefined when there were no screenshots.
 */
export function writeContactSheet(dir = 'test-results') {
  const shots = join(dir, 'screenshots');
  if (!existsSync(shots)) return undefined;
  const files = readdirSync(shots).filter((f) => f.endsWith('.png'));
  if (files.length === 0) return undefined;

  /** Rows keyed by screen and mode, in the order the run first photographed them. */
  const rows = new Map();
  const others = [];
  for (const file of files) {
    const match = NAME.exec(file);
    if (!match) {
      others.push(file);
      continue;
    }
    const { screen, scheme, width, js } = match.groups;
    const key = `${js}\u0000${screen}`;
    const taken = statSync(join(shots, file)).mtimeMs;
    const row = rows.get(key) ?? { screen, js, taken, cells: {} };
    row.taken = Math.min(row.taken, taken);
    row.cells[`${scheme}-${width}`] = file;
    rows.set(key, row);
  }

  const sections = ['on', 'off']
    .map((js) => ({ js, rows: [...rows.values()].filter((r) => r.js === js).sort((a, b) => a.taken - b.taken) }))
    .filter((s) => s.rows.length > 0);

  const cell = (row, { scheme, width }) => {
    const file = row.cells[`${scheme}-${width}`];
    if (!file) return '<td class="missing">–</td>';
    const alt = `${row.screen}, ${scheme}, ${width} px, JavaScript ${row.js}`;
    return `<td><a href="${href(file)}"><img src="${href(file)}" alt="${escape(alt)}" loading="lazy" class="w${width}"></a></td>`;
  };
  const section = ({ js, rows: list }) => `
  <section>
    <h2 id="js-${js}">JavaScript ${js} <small>(${list.length} screens)</small></h2>
    <table>
      <thead><tr><th scope="col">Screen and state</th>${COLUMNS.map((c) => `<th scope="col">${c.scheme}, ${c.width} px</th>`).join('')}</tr></thead>
      <tbody>
${list.map((row) => `        <tr><th scope="row" id="${escape(`${js}-${row.screen}`)}">${escape(row.screen)}</th>${COLUMNS.map((c) => cell(row, c)).join('')}</tr>`).join('\n')}
      </tbody>
    </table>
  </section>`;
  const extra = others.length
    ? `
  <section>
    <h2 id="other">Other screenshots</h2>
    <ul class="other">${others.sort().map((f) => `<li><a href="${href(f)}"><img src="${href(f)}" alt="${escape(f)}" loading="lazy" class="w360"><span>${escape(f)}</span></a></li>`).join('')}</ul>
  </section>`
    : '';

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contact sheet · sign-in screens</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.4; }
  body { margin: 1rem; }
  nav a { margin-inline-end: 1rem; }
  table { border-collapse: collapse; }
  th, td { border: 1px solid #8886; padding: .375rem; vertical-align: top; text-align: start; }
  thead th { position: sticky; top: 0; background: Canvas; }
  tbody th { font-weight: 600; font-family: ui-monospace, monospace; font-size: .875rem; max-width: 14rem; overflow-wrap: anywhere; }
  img { display: block; height: auto; border: 1px solid #8886; }
  img.w360 { width: 120px; max-height: 260px; object-fit: cover; object-position: top; }
  img.w1280 { width: 240px; max-height: 260px; object-fit: cover; object-position: top; }
  td.missing { color: GrayText; text-align: center; }
  .other { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .75rem; }
  .other span { display: block; font-size: .75rem; max-width: 120px; overflow-wrap: anywhere; }
</style>
</head>
<body>
<h1>Sign-in screens: contact sheet</h1>
<p>${files.length} screenshots from the end-to-end run of ${escape(new Date().toISOString())}: every screen and state, light and dark, 360 and 1280 px wide. Select a thumbnail for the full page.</p>
<nav aria-label="Sections">${sections.map((s) => `<a href="#js-${s.js}">JavaScript ${s.js}</a>`).join('')}${others.length ? '<a href="#other">Other</a>' : ''}</nav>
${sections.map(section).join('\n')}${extra}
</body>
</html>
`;
  const path = join(dir, 'contact-sheet.html');
  writeFileSync(path, html);
  return { path, images: files.length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = writeContactSheet(process.argv[2] ?? 'test-results');
  console.log(written ? `Contact sheet: ${written.path} (${written.images} screenshots)` : 'No screenshots found; no contact sheet written.');
}
