#!/usr/bin/env node
/**
 * Writes test-results/contact-sheet.html: every screenshot the e2e run took, as one page of
 * labelled thumbnails, a section per language (and JavaScript off), a row per screen and state,
 * a column per device and scheme (desktop 1280 × 800 and phone 375 × 740, light and dark). Each
 * thumbnail shows the first screen, what is visible without scrolling, and links to the whole
 * page. Paths are relative, so the page opens from disk. Runs as the e2e suite's global teardown
 * (tests/e2e/support/global-teardown.ts), and by hand: `node scripts/contact-sheet.mjs [results-dir]`.
 *
 * Screenshot names (tests/e2e/support/fixtures.ts, `photograph`):
 *   <locale>-<screen>-<light|dark>-<1280|375>-js-<on|off>.png
 * (names without a locale prefix are grouped under "other").
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME = /^(?<screen>.+)-(?<scheme>light|dark)-(?<width>\d+)-js-(?<js>on|off)\.png$/;
const LOCALE = /^(?<locale>[a-z]{2}-[A-Z]{2})-(?<rest>.+)$/;
/** The first screen of each device: thumbnails are cut to it. */
const DEVICES = { 1280: { label: 'desktop', height: 800, thumb: 288 }, 375: { label: 'phone', height: 740, thumb: 135 } };
const COLUMNS = [
  { scheme: 'light', width: '1280' },
  { scheme: 'dark', width: '1280' },
  { scheme: 'light', width: '375' },
  { scheme: 'dark', width: '375' },
];

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
/** A file name as a relative URL (each path segment encoded). */
const href = (file) => `screenshots/${encodeURIComponent(file)}`;
const columnLabel = ({ scheme, width }) => `${DEVICES[width]?.label ?? `${width} px`}, ${scheme}`;

/**
 * Reads `<dir>/screenshots/` and writes `<dir>/contact-sheet.html`. Returns the sheet's path and
 * the number of images on it, or undefined when there were no screenshots.
 */
export function writeContactSheet(dir = 'test-results') {
  const shots = join(dir, 'screenshots');
  if (!existsSync(shots)) return undefined;
  const files = readdirSync(shots).filter((f) => f.endsWith('.png'));
  if (files.length === 0) return undefined;

  /** Rows keyed by mode, language and screen, in the order the run first photographed them. */
  const rows = new Map();
  const others = [];
  for (const file of files) {
    const match = NAME.exec(file);
    if (!match) {
      others.push(file);
      continue;
    }
    const { screen: named, scheme, width, js } = match.groups;
    const { locale = 'other', rest: screen = named } = LOCALE.exec(named)?.groups ?? {};
    const key = `${js}\u0000${locale}\u0000${screen}`;
    const taken = statSync(join(shots, file)).mtimeMs;
    const row = rows.get(key) ?? { screen, locale, js, taken, cells: {} };
    row.taken = Math.min(row.taken, taken);
    row.cells[`${scheme}-${width}`] = file;
    rows.set(key, row);
  }

  const groups = new Map();
  for (const row of [...rows.values()].sort((a, b) => a.taken - b.taken)) {
    const key = `${row.js}\u0000${row.locale}`;
    if (!groups.has(key)) groups.set(key, { js: row.js, locale: row.locale, rows: [] });
    groups.get(key).rows.push(row);
  }
  const sections = [...groups.values()].sort((a, b) => (a.js === b.js ? 0 : a.js === 'on' ? -1 : 1));
  const sectionId = (s) => `${s.locale}-js-${s.js}`;

  const cell = (row, column) => {
    const file = row.cells[`${column.scheme}-${column.width}`];
    if (!file) return '<td class="missing">–</td>';
    const alt = `${row.locale} ${row.screen}, ${columnLabel(column)}, JavaScript ${row.js}`;
    return `<td><a href="${href(file)}"><img src="${href(file)}" alt="${escape(alt)}" loading="lazy" class="w${column.width}"></a></td>`;
  };
  const section = (s) => `
  <section>
    <h2 id="${escape(sectionId(s))}">${escape(s.locale)}, JavaScript ${s.js} <small>(${s.rows.length} screens and states)</small></h2>
    <table>
      <thead><tr><th scope="col">Screen and state</th>${COLUMNS.map((c) => `<th scope="col">${escape(columnLabel(c))}</th>`).join('')}</tr></thead>
      <tbody>
${s.rows.map((row) => `        <tr><th scope="row">${escape(row.screen)}</th>${COLUMNS.map((c) => cell(row, c)).join('')}</tr>`).join('\n')}
      </tbody>
    </table>
  </section>`;
  const extra = others.length
    ? `
  <section>
    <h2 id="other">Other screenshots</h2>
    <ul class="other">${others
      .sort()
      .map((f) => `<li><a href="${href(f)}"><img src="${href(f)}" alt="${escape(f)}" loading="lazy" class="w375"><span>${escape(f)}</span></a></li>`)
      .join('')}</ul>
  </section>`
    : '';
  const thumbs = Object.entries(DEVICES)
    .map(([width, d]) => `img.w${width} { width: ${d.thumb}px; aspect-ratio: ${width} / ${d.height}; object-fit: cover; object-position: top; }`)
    .join('\n  ');

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
  ${thumbs}
  td.missing { color: GrayText; text-align: center; }
  .other { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .75rem; }
  .other span { display: block; font-size: .75rem; max-width: 135px; overflow-wrap: anywhere; }
</style>
</head>
<body>
<h1>Sign-in screens: contact sheet</h1>
<p>${files.length} screenshots from the end-to-end run of ${escape(new Date().toISOString())}: every screen and state, on a desktop (1280 × 800) and a phone (375 × 740), light and dark. Each thumbnail is the first screen, what shows without scrolling; select it for the whole page.</p>
<nav aria-label="Sections">${sections.map((s) => `<a href="#${escape(sectionId(s))}">${escape(s.locale)}, JavaScript ${s.js}</a>`).join('')}${others.length ? '<a href="#other">Other</a>' : ''}</nav>
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
