import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '../config';
import { log } from '../log';
import { contrast, mix, parseHex, toHex, type Rgb } from './contrast';

/**
 * The operator's brand directory (BRAND_DIR; docs/features.md "Brand"). Everything in it is optional and
 * read at run time, so a mounted volume can be changed without a rebuild:
 *
 *   manufacturer.{svg,webp,png}       the manufacturer's logo (for a light card)
 *   manufacturer-dark.{svg,webp,png}  the same for the dark scheme
 *   product.{…}, product-dark.{…}     the product mark beside it (without one, the product's name
 *                                     in the page's language: frame.tsx)
 *   background.{webp,jpg,jpeg,png}    a picture behind the card (wide screens only)
 *   background-dark.{…}               the same for the dark scheme
 *   brand.json                        colours: accentColor, accentColorDark, backgroundColor,
 *                                     backgroundColorDark ("#rgb" or "#rrggbb")
 *
 * A manufacturer's logo missing from BRAND_DIR comes from the bundled default (public/brand-default/);
 * there is no bundled product logo, as its words would stay English in every language. A dark
 * logo is only ever paired with its own light one: an operator's logo without a dark version is
 * shown on a light plate in the dark scheme, never next to the bundled dark default.
 *
 * An accent colour is used for buttons, links and the focus ring only when it keeps their
 * contrast (4.5:1 against every surface it is painted on or next to, and for the button text on
 * it); otherwise the default accent stays and the log says why.
 */
export const BRAND_FILES = ['manufacturer', 'manufacturer-dark', 'product', 'product-dark', 'background', 'background-dark'] as const;
export type BrandFile = (typeof BRAND_FILES)[number];

/** Extensions in order of preference, with the content type each is served as. */
export const BRAND_TYPES: ReadonlyArray<readonly [string, string]> = [
  ['svg', 'image/svg+xml'],
  ['webp', 'image/webp'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
];

/**
 * The surfaces an accent is painted on or next to, per scheme (app/globals.css: --card and
 * --readonly-bg), and the text colour on an accent button (--accent-text). A unit test keeps
 * these equal to the style sheet.
 */
export const SURFACES = {
  light: { card: '#ffffff', readonly: '#eef0f3', accentText: '#ffffff' },
  dark: { card: '#1c2127', readonly: '#262c33', accentText: '#0b1320' },
} as const;

/** Text and its controls need 4.5:1 (WCAG 1.4.3); the accent carries link and button text. */
export const MIN_CONTRAST = 4.5;

export type Scheme = keyof typeof SURFACES;
export type BrandColours = { accentColor?: string; accentColorDark?: string; backgroundColor?: string; backgroundColorDark?: string };
export type ResolvedFile = { path: string; type: string; fromBrandDir: boolean };
export type Brand = {
  files: Partial<Record<BrandFile, ResolvedFile>>;
  /** Per logo: is there a dark version to swap in (a <picture> source)? */
  darkLogo: { manufacturer: boolean; product: boolean };
  /** The brand's style sheet (custom properties and the background), or undefined for none. */
  css: string | undefined;
};

const DEFAULT_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), 'public', 'brand-default');
/** Operators change the directory rarely; pages read it at most this often. */
const TTL_MS = 5_000;
let cached: { key: string; at: number; brand: Promise<Brand> } | undefined;
let lastLogged = '';

/** The brand as configured now (cached for a few seconds). */
export function loadBrand(): Promise<Brand> {
  const dir = getConfig().brandDir;
  const key = dir ?? '';
  if (cached && cached.key === key && Date.now() - cached.at < TTL_MS) return cached.brand;
  const brand = readBrand(dir);
  cached = { key, at: Date.now(), brand };
  return brand;
}

/** The file that /brand/<name> serves, or undefined. */
export async function brandFile(name: string): Promise<ResolvedFile | undefined> {
  if (!(BRAND_FILES as readonly string[]).includes(name)) return undefined;
  return (await loadBrand()).files[name as BrandFile];
}

async function listing(dir: string | undefined): Promise<Set<string>> {
  if (!dir) return new Set();
  return new Set(await readdir(/* turbopackIgnore: true */ dir).catch(() => []));
}

function find(names: Set<string>, dir: string, base: string, fromBrandDir: boolean): ResolvedFile | undefined {
  for (const [extension, type] of BRAND_TYPES) {
    if (names.has(`${base}.${extension}`)) return { path: path.join(/* turbopackIgnore: true */ dir, `${base}.${extension}`), type, fromBrandDir };
  }
  return undefined;
}

async function readBrand(dir: string | undefined): Promise<Brand> {
  const [own, bundled] = await Promise.all([listing(dir), listing(DEFAULT_DIR)]);
  const files: Brand['files'] = {};
  for (const logo of ['manufacturer', 'product'] as const) {
    const mine = dir ? find(own, dir, logo, true) : undefined;
    const light = mine ?? find(bundled, DEFAULT_DIR, logo, false);
    if (light) files[logo] = light;
    const dark = mine ? find(own, dir!, `${logo}-dark`, true) : find(bundled, DEFAULT_DIR, `${logo}-dark`, false);
    if (dark) files[`${logo}-dark`] = dark;
  }
  if (dir) {
    for (const name of ['background', 'background-dark'] as const) {
      const found = find(own, dir, name, true);
      if (found) files[name] = found;
    }
  }
  const colours = dir && own.has('brand.json') ? await readColours(path.join(/* turbopackIgnore: true */ dir, 'brand.json')) : {};
  const { css, problems } = brandCss(colours, { background: Boolean(files.background), backgroundDark: Boolean(files['background-dark']) });
  const report = JSON.stringify(problems);
  if (problems.length > 0 && report !== lastLogged) log.warn({ event: 'brand-colours-rejected', problems }, 'brand.json: colours not used');
  lastLogged = report;
  return {
    files,
    darkLogo: { manufacturer: Boolean(files['manufacturer-dark']), product: Boolean(files['product-dark']) },
    css,
  };
}

async function readColours(file: string): Promise<BrandColours> {
  try {
    const parsed = JSON.parse(await readFile(/* turbopackIgnore: true */ file, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as BrandColours) : {};
  } catch (error) {
    log.warn({ event: 'brand-json-unreadable', reason: error instanceof Error ? error.message : 'unknown' }, 'brand.json could not be read');
    return {};
  }
}

export type AccentCheck = { ok: true; accent: string; hover: string } | { ok: false; reason: string };

/**
 * An accent for `scheme` if its text keeps 4.5:1: as link text on the card and on the read-only
 * surface, and under the button label painted on it. Hover colours move away from the label
 * colour, so they only gain contrast.
 */
export function checkAccent(value: unknown, scheme: Scheme): AccentCheck {
  const accent = parseHex(value);
  if (!accent) return { ok: false, reason: `not a hex colour: ${JSON.stringify(value)}` };
  const surfaces = SURFACES[scheme];
  const pairs: Array<[string, Rgb]> = [
    ['the card', parseHex(surfaces.card)!],
    ['read-only fields', parseHex(surfaces.readonly)!],
    ['its button label', parseHex(surfaces.accentText)!],
  ];
  for (const [what, colour] of pairs) {
    const ratio = contrast(accent, colour);
    if (ratio < MIN_CONTRAST) return { ok: false, reason: `${toHex(accent)} on ${what} (${scheme}) has ${ratio.toFixed(2)}:1, below ${MIN_CONTRAST}:1` };
  }
  const hover = scheme === 'light' ? mix(accent, [0, 0, 0], 0.15) : mix(accent, [255, 255, 255], 0.2);
  return { ok: true, accent: toHex(accent), hover: toHex(hover) };
}

/**
 * The brand's style sheet: accent and page colours as custom properties (app/globals.css reads
 * them), and the background picture for wide screens. Returns the problems found, each one a
 * colour that was not used.
 */
export function brandCss(colours: BrandColours, pictures: { background: boolean; backgroundDark: boolean }): { css: string | undefined; problems: string[] } {
  const problems: string[] = [];
  const light: string[] = [];
  const dark: string[] = [];
  if (colours.accentColor !== undefined) {
    const check = checkAccent(colours.accentColor, 'light');
    if (check.ok) light.push(`--accent:${check.accent}`, `--accent-hover:${check.hover}`, `--focus:${check.accent}`);
    else problems.push(`accentColor: ${check.reason}`);
  }
  // Without a dark accent of its own, the light one is tried on the dark surfaces.
  const darkAccent = colours.accentColorDark ?? colours.accentColor;
  if (darkAccent !== undefined) {
    const check = checkAccent(darkAccent, 'dark');
    if (check.ok) dark.push(`--accent:${check.accent}`, `--accent-hover:${check.hover}`, `--focus:${check.accent}`);
    else if (colours.accentColorDark !== undefined) problems.push(`accentColorDark: ${check.reason}`);
  }
  for (const [key, into] of [
    ['backgroundColor', light],
    ['backgroundColorDark', dark],
  ] as const) {
    const value = colours[key];
    if (value === undefined) continue;
    const colour = parseHex(value);
    if (colour) into.push(`--page-bg:${toHex(colour)}`);
    else problems.push(`${key}: not a hex colour: ${JSON.stringify(value)}`);
  }
  const rules: string[] = [];
  // The light colours only in the light scheme: unscoped, they would also win over the style
  // sheet's dark defaults wherever the brand has no dark colour of its own (or one was refused).
  if (light.length > 0) rules.push(`@media not all and (prefers-color-scheme:dark){:root{${light.join(';')}}}`);
  if (dark.length > 0) rules.push(`@media (prefers-color-scheme:dark){:root{${dark.join(';')}}}`);
  if (pictures.background) rules.push('@media (min-width:600px){.page{background-image:url("/brand/background")}}');
  if (pictures.backgroundDark) {
    rules.push('@media (min-width:600px) and (prefers-color-scheme:dark){.page{background-image:url("/brand/background-dark")}}');
  } else if (pictures.background) {
    // The light picture, dimmed, so the dark card does not sit on a bright photograph.
    rules.push(
      '@media (min-width:600px) and (prefers-color-scheme:dark){.page{background-image:linear-gradient(rgb(0 0 0/.6),rgb(0 0 0/.6)),url("/brand/background")}}',
    );
  }
  return { css: rules.length > 0 ? rules.join('') : undefined, problems };
}
