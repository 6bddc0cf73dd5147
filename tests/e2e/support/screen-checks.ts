import { readFileSync } from 'node:fs';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { LOCALE_NAMES } from '../../../lib/i18n/locales';

/**
 * The checks a browser test runs on a screen (the `test` fixture in fixtures.ts wires them up):
 * axe (with the no-JS page judged in a copy of its own), "only translated messages", and what
 * photographing a screen needs.
 */

export type ColorScheme = 'light' | 'dark';

/** The screen sizes of the contact sheet: a desktop and a phone. */
export const PHOTO_SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

export type AxeOptions = {
  /** The colour scheme to judge the page in (default: light). */
  colorScheme?: ColorScheme;
  /** Only these axe rules (default: every rule of the WCAG 2.2 A/AA and best-practice tags). */
  rules?: string[];
};

/**
 * Zero axe violations (WCAG 2.2 A/AA and best-practice rules) on the page as it is now.
 *
 * axe-core is put into the page once per document and run there directly (about 0.1 s a run,
 * where @axe-core/playwright's partial run and its finishing page took close to 1 s). Axe needs
 * a scripting context, which a JavaScript-off page does not have; there the very HTML the browser
 * received is checked in a context of its own, with the app's scripts removed and its CSS loaded
 * from the server, made to show what a browser without scripts shows (staticCopy says how), so
 * it is the no-JS page that is judged. That copy is kept while the page stays as it is, so
 * checking it light, dark and again costs one copy.
 */
export async function checkAccessible(page: Page, javaScriptEnabled: boolean, options: AxeOptions = {}) {
  await expect(page).toHaveTitle(/\S/);
  const scheme = options.colorScheme ?? 'light';
  const originalScheme = await currentScheme(page);
  const emulate = javaScriptEnabled && scheme !== originalScheme;
  if (emulate) await page.emulateMedia({ colorScheme: scheme });
  try {
    const results = await runAxe(page, javaScriptEnabled, scheme, options.rules);
    const where = (v: AxeRuleResult) =>
      v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').trim()}]` : ''}`)
        .join('; ');
    expect(
      results.violations.map((v) => `${v.id} (${scheme}): ${v.help} (${v.nodes.length}: ${where(v)})`),
      `axe violations in ${scheme} mode`,
    ).toEqual([]);
    // target-size (WCAG 2.5.8) is off by default in axe; selecting it by its tag turns it on.
    // Make sure it and the colour rules really ran, so a silent skip cannot pass for a pass.
    const ran = new Set([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id));
    for (const rule of options.rules ?? ['target-size', 'color-contrast', 'link-in-text-block']) {
      expect(ran.has(rule), `axe ran ${rule}`).toBe(true);
    }
  } finally {
    if (emulate) await page.emulateMedia({ colorScheme: originalScheme });
  }
}

type AxeRuleResult = { id: string; help: string; nodes: Array<{ target: string[]; failureSummary?: string }> };
type AxeResults = Record<'violations' | 'passes' | 'incomplete' | 'inapplicable', AxeRuleResult[]>;

const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

async function runAxe(page: Page, javaScriptEnabled: boolean, scheme: ColorScheme, rules?: string[]): Promise<AxeResults> {
  const target = javaScriptEnabled ? page : await staticCopy(page);
  if (target !== page) await target.emulateMedia({ colorScheme: scheme });
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: AXE_TAGS };
  return target.evaluate(
    // Details of the violations only; the other lists still name every rule that ran.
    (runOnly) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(document, { runOnly, resultTypes: ['violations'] }),
    runOnly,
  );
}

/**
 * The no-JS page's copy, per page: one scripting context and page, kept for the whole test and
 * navigated to each new copy (a fresh context per copy cost a context, a renderer and a cold
 * cache each time, and judged nothing more: every copy is a new document either way).
 */
type Copy = { key: string; copy: Page; url: string; html: string };
const copies = new WeakMap<Page, Copy>();
/** The copies' contexts still open; closed when the test ends (fixture `staticCopies`). */
export const openCopies = new Set<BrowserContext>();

/**
 * The no-JS page's HTML, scripts removed, served again in a scripting context (see above), made to
 * show what the no-JS page shows. A document with scripting on does not render `<noscript>`
 * content, and the style sheet's `@media (scripting: …)` rules (app/globals.css: `.only-without-js`,
 * `.no-js`, `.needs-js`) would pick the scripted page's controls; judged like that, the controls
 * only a visitor without JavaScript gets (the language form's Change button, the single method's
 * Send code) were never judged. So the copy's `<noscript>` elements are unwrapped (their content
 * stays, as a no-JS browser renders it), a meta refresh among them is dropped (it would take the
 * copy away from the page it stands for), and every style sheet is served with its scripting
 * conditions swapped (withoutScripting). (Chromium 156's Emulation.setEmulatedMedia takes a
 * `scripting: none` feature without an error and ignores it: matchMedia still says `enabled`. And
 * Playwright's own emulateMedia, used here for the colour scheme, sends its whole list of emulated
 * features each time, so an override of our own would not have lasted anyway.)
 */
async function staticCopy(page: Page): Promise<Page> {
  const html = withoutScripting(
    (await page.content())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
      .replace(/<meta\b[^>]*http-equiv=["']?refresh["']?[^>]*>/gi, '')
      .replace(/<\/?noscript\b[^>]*>/gi, ''),
  );
  const url = page.url();
  const viewport = page.viewportSize() ?? undefined;
  const key = `${url} ${viewport?.width}×${viewport?.height}\n${html}`;
  let entry = copies.get(page);
  if (entry && entry.key === key && !entry.copy.isClosed()) return entry.copy;
  if (!entry || entry.copy.isClosed()) {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport });
    openCopies.add(context);
    const copy = await context.newPage();
    const created: Copy = { key: '', copy, url: '', html: '' };
    // The page's own address (a request carries no #fragment) answers with the current copy's
    // HTML; its scripts are not loaded; its style sheets come as a browser without scripts applies them.
    await copy.route('**/*', async (route) => {
      const request = route.request();
      if (request.url() === created.url.split('#')[0]) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: created.html });
      if (request.resourceType() === 'script') return route.abort();
      if (request.resourceType() === 'stylesheet') {
        const response = await route.fetch();
        return route.fulfill({ response, body: withoutScripting(await response.text()) });
      }
      return route.continue();
    });
    copies.set(page, created);
    entry = created;
  } else {
    if (viewport) await entry.copy.setViewportSize(viewport);
    // An address that differs only in its #fragment would be a same-document navigation, not a load.
    if (entry.copy.url().split('#')[0] === url.split('#')[0]) await entry.copy.goto('about:blank');
  }
  Object.assign(entry, { key, url, html });
  await entry.copy.goto(url);
  return entry.copy;
}

/**
 * CSS (a style sheet, or a page with its inline styles) as a browser without scripts applies it,
 * for a document where scripting is on: `(scripting: none)` becomes `(scripting: enabled)`, which
 * holds there, and `(scripting: enabled)` becomes `(scripting: none)`, which does not.
 */
export function withoutScripting(css: string): string {
  return css.replace(/\(\s*scripting\s*:\s*(enabled|none)\s*\)/g, (_, value: string) => `(scripting:${value === 'none' ? 'enabled' : 'none'})`);
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Every image loaded, in the version for the scheme now emulated: a <picture> swaps in the dark
 * logo by itself, and a screenshot taken before it arrived would show the light one. Polled with
 * evaluations, which work with scripting off too.
 */
export async function imagesSettled(page: Page) {
  for (let tries = 0; tries < 50; tries++) {
    const settled = await page.evaluate(() => {
      const dark = matchMedia('(prefers-color-scheme: dark)').matches;
      return [...document.images].every((image) => {
        if (!image.complete || image.naturalWidth === 0) return false;
        const source = image.parentElement?.matches('picture') ? image.parentElement.querySelector('source') : null;
        return !source || image.currentSrc.endsWith('-dark') === dark;
      });
    });
    if (settled) return;
    await page.waitForTimeout(50);
  }
}

/** The colour scheme the page is emulating now (works with scripting off too). */
export async function currentScheme(page: Page): Promise<ColorScheme> {
  return (await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) ? 'dark' : 'light';
}

/** Messages of a locale as whole-string patterns; {placeholders} match any non-empty text. */
function messagePatterns(locale: string): RegExp[] {
  const flatten = (value: unknown): string[] => (typeof value === 'string' ? [value] : Object.values(value as Record<string, unknown>).flatMap(flatten));
  const messages = flatten(JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')));
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+');
  // A plural ({count, plural, one {# code} other {# codes}}) is any of its forms, the number anywhere.
  const plural = /\{\w+, plural,((?:\s*[=\w]+\s*\{[^{}]*\})+)\s*\}/g;
  const pattern = (message: string) =>
    message
      // A rich message's tags (<ios>App Store</ios>) are markup around its words, not text.
      .replace(/<\/?\w+>/g, '')
      .split(plural)
      .map((part, i) => (i % 2 === 0 ? escape(part) : `(?:${[...part.matchAll(/\{([^{}]*)\}/g)].map((m) => escape(m[1]).replace(/#/g, '.+')).join('|')})`))
      .join('');
  return messages.map((message) => new RegExp(`^${pattern(message)}$`, 's'));
}

/**
 * Fails when a screen shows text that does not come from the messages: every text node, every alt
 * text and accessible-name attribute, and each element marked `data-message` (taken whole) must be
 * a whole message, a language's own name in the selector, or one of the data values the test
 * passes (an e-mail, a reference id). A mobile number's countries (the language's own names for
 * them) need only be a name and a calling code.
 */
export async function checkOnlyMessages(page: Page, locale: string, data: string[]) {
  const patterns = messagePatterns(locale);
  const allowed = new Set([...Object.values(LOCALE_NAMES), ...data]);
  // An evaluation runs in a page without JavaScript too (it is the browser's, not the page's).
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // Phrases of one text joined by <wbr> (Japanese, Chinese: lib/i18n/typeset.tsx) are one text.
    let last: Node | null = null;
    let raw = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // A mobile number's countries are the language's own names for them (CLDR, checked below), not messages.
      if (!parent || parent.closest('script, style, noscript, template, [aria-hidden="true"], [data-message], select[name$="__country"]')) continue;
      const before = node.previousSibling;
      if (last && before?.nodeName === 'WBR' && before.previousSibling === last) {
        raw += node.textContent ?? '';
        found[found.length - 1] = raw.trim();
        last = node;
        continue;
      }
      raw = node.textContent ?? '';
      const text = raw.trim();
      if (text) found.push(text);
      last = text ? node : null;
    }
    // One message whose data is set apart in markup (the reference in its typewriter face) is one text.
    for (const element of document.body.querySelectorAll('[data-message]')) {
      if (element.closest('[aria-hidden="true"]')) continue;
      const text = element.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of document.body.querySelectorAll('[alt], [aria-label], [title], [placeholder]')) {
      for (const name of ['alt', 'aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  const countries = await page.locator('select[name$="__country"] option').allTextContents();
  expect(
    countries.filter((text) => !/^\S.* \(\+\d{1,4}\)$/.test(text)),
    'countries of a mobile number: a name and its calling code',
  ).toEqual([]);
  const strays = texts.filter((text) => !allowed.has(text) && !patterns.some((p) => p.test(text)));
  expect(strays, 'texts on the page that are not messages').toEqual([]);
  const title = await page.title();
  const titleParts = title.split(' · ');
  expect(
    titleParts.every((part) => patterns.some((p) => p.test(part))),
    `title "${title}"`,
  ).toBe(true);
}
