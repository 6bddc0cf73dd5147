import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { brandCss, checkAccent, loadBrand, SURFACES } from '@/lib/brand/brand';
import { contrast, mix, parseHex, toHex } from '@/lib/brand/contrast';

/** The custom properties a block of app/globals.css sets (the first `:root` rule, or the dark one). */
function properties(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}
const css = readFileSync('app/globals.css', 'utf8');
const light = properties(css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {'))));
const darkStart = css.indexOf(':root {', css.indexOf('@media (prefers-color-scheme: dark)'));
const dark = properties(css.slice(darkStart, css.indexOf('}', darkStart)));

describe('colour arithmetic (WCAG 2.x)', () => {
  test('hex colours only, three or six digits', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex(' #0B5CAD ')).toEqual([11, 92, 173]);
    for (const bad of ['red', 'rgb(0 0 0)', '#12345', '#ggg', 42, undefined]) expect(parseHex(bad)).toBeUndefined();
    expect(toHex([11, 92, 173])).toBe('#0b5cad');
  });

  test('contrast ratios as WCAG defines them', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast([255, 255, 255], [255, 255, 255])).toBe(1);
    // #767676 on white is the classic 4.54:1.
    expect(contrast(parseHex('#767676')!, [255, 255, 255])).toBeCloseTo(4.54, 2);
    expect(mix([0, 0, 0], [255, 255, 255], 0.5)).toEqual([127.5, 127.5, 127.5]);
  });
});

describe('the brand accent', () => {
  test('the surfaces the check assumes are the style sheet’s own, in both schemes', () => {
    expect({ card: light['--card'], readonly: light['--readonly-bg'], accentText: light['--accent-text'] }).toEqual(SURFACES.light);
    expect({ card: dark['--card'], readonly: dark['--readonly-bg'], accentText: dark['--accent-text'] }).toEqual(SURFACES.dark);
  });

  test('the default accents pass their own check', () => {
    expect(checkAccent(light['--accent'], 'light').ok).toBe(true);
    expect(checkAccent(dark['--accent'], 'dark').ok).toBe(true);
  });

  test('an accent too light for the card, or too dark for its label, is refused with the reason', () => {
    const pale = checkAccent('#7ab7ff', 'light');
    expect(pale).toMatchObject({ ok: false });
    expect(!pale.ok && pale.reason).toMatch(/^#7ab7ff on the card \(light\) has [\d.]+:1, below 4\.5:1$/);
    expect(checkAccent('#0b5cad', 'dark')).toMatchObject({ ok: false });
    expect(checkAccent('blue', 'light')).toEqual({ ok: false, reason: 'not a hex colour: "blue"' });
  });

  test('a usable accent comes with a hover colour that keeps the contrast', () => {
    const check = checkAccent('#8a1538', 'light');
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(contrast(parseHex(check.hover)!, parseHex(SURFACES.light.accentText)!)).toBeGreaterThan(
      contrast(parseHex(check.accent)!, parseHex(SURFACES.light.accentText)!),
    );
  });
});

describe('the brand style sheet', () => {
  test('nothing configured: no sheet', () => {
    expect(brandCss({}, { background: false, backgroundDark: false })).toEqual({ css: undefined, problems: [] });
  });

  test('colours that pass become custom properties; the light accent is tried in the dark scheme too', () => {
    const { css: sheet, problems } = brandCss(
      { accentColor: '#8a1538', backgroundColor: '#f4efe6', backgroundColorDark: '#101418' },
      { background: false, backgroundDark: false },
    );
    // Scoped to the light scheme, so the too-dark accent never reaches the dark card.
    expect(sheet).toContain('@media not all and (prefers-color-scheme:dark){:root{--accent:#8a1538;');
    expect(sheet).not.toMatch(/(^|\})\s*:root\{/);
    expect(sheet).toContain('--page-bg:#f4efe6');
    expect(sheet).toContain('@media (prefers-color-scheme:dark){:root{--page-bg:#101418}}');
    // #8a1538 is too dark for the dark card; without an accentColorDark of its own that is no problem.
    expect(problems).toEqual([]);
  });

  test('colours that fail are reported and left out', () => {
    const { css: sheet, problems } = brandCss(
      { accentColor: '#ffcc00', accentColorDark: '#000080', backgroundColor: 'beige' },
      { background: false, backgroundDark: false },
    );
    expect(sheet).toBeUndefined();
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^accentColor: #ffcc00 on the card \(light\)/);
    expect(problems[1]).toMatch(/^accentColorDark: #000080 on the card \(dark\)/);
    expect(problems[2]).toBe('backgroundColor: not a hex colour: "beige"');
  });

  test('a background picture on wide screens only, dimmed in the dark scheme unless there is a dark one', () => {
    const one = brandCss({}, { background: true, backgroundDark: false }).css!;
    expect(one).toContain('@media (min-width:600px){.page{background-image:url("/brand/background")}}');
    expect(one).toMatch(
      /prefers-color-scheme:dark\)\{\.page\{background-image:linear-gradient\(rgb\(0 0 0\/\.6\),rgb\(0 0 0\/\.6\)\),url\("\/brand\/background"\)/,
    );
    const two = brandCss({}, { background: true, backgroundDark: true }).css!;
    expect(two).toContain('url("/brand/background-dark")');
    expect(two).not.toContain('linear-gradient');
  });

  test("without BRAND_DIR: the bundled manufacturer's logo with its dark version, no product logo (the frame writes the name), and no sheet", async () => {
    const brand = await loadBrand();
    expect(brand.darkLogo).toEqual({ manufacturer: true, product: false });
    expect(Object.keys(brand.files).sort()).toEqual(['manufacturer', 'manufacturer-dark']);
    expect(brand.files.manufacturer).toMatchObject({ type: 'image/svg+xml', fromBrandDir: false });
    expect(brand.css).toBeUndefined();
  });
});
