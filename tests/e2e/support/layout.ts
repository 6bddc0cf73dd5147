import { expect, type Page } from '@playwright/test';

/**
 * Layout checks of WCAG 2.2 AA that axe cannot make on its own: reflow (1.4.10), text spacing
 * (1.4.12), target size (2.5.8, besides axe's own rule) and errors that are not told by colour
 * alone (1.4.1, 3.3.1). They run in the page with page.evaluate, which works with scripting off
 * too (it is the browser's own evaluation, not a page script).
 */

/** 1280 CSS px at 400 % zoom: the width WCAG 1.4.10 asks content to reflow into. */
export const REFLOW_WIDTH = 320;

/** The WCAG 1.4.12 text-spacing overrides, as the bookmarklets of the Understanding document apply them. */
export const TEXT_SPACING_CSS = `
  * { line-height: 1.5 !important; letter-spacing: .12em !important; word-spacing: .16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** Things that may sit partly outside the viewport by design: the skip link parks off-screen until focused. */
const OFF_SCREEN_BY_DESIGN = '.skip-link';

/** What a layout measurement in the page finds: a list of problems per check (empty: none). */
type Measured = { reflow?: string[]; targets?: string[]; spacing?: { applied: string; found: string[]; reflow: string[] } };

/**
 * The layout measurements, made in the page in one evaluation: reflow, target sizes, then the
 * text-spacing overrides (applied, measured with their own reflow, and removed again before the
 * evaluation returns, whatever happens). Layout is computed synchronously when measured, so one
 * evaluation finds what separate ones would, with fewer round trips; each check below asks only
 * for what it needs, and expectLayout asks for all of them at once.
 */
async function measure(page: Page, what: { reflow?: boolean; targets?: boolean; spacing?: boolean }): Promise<Measured> {
  return page.evaluate(
    ({ what, offScreen, css, targetSelector }) => {
      const describeFull = (element: Element) => {
        const id = element.id ? `#${element.id}` : '';
        const cls = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
        return `${element.tagName.toLowerCase()}${id}${cls} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      };

      /** At this width, nothing scrolls sideways and nothing sticks out of the viewport. */
      const reflow = () => {
        const width = window.innerWidth;
        const out: string[] = [];
        const scrollWidth = document.documentElement.scrollWidth;
        if (scrollWidth > width) out.push(`document is ${scrollWidth} px wide in a ${width} px viewport`);
        for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
          if (element.closest(offScreen) || element.closest('.visually-hidden')) continue;
          const rect = element.getBoundingClientRect();
          if (rect.width === 0 || rect.height === 0) continue;
          const style = getComputedStyle(element);
          if (style.visibility === 'hidden') continue;
          if (rect.right > width + 1 || rect.left < -1) {
            out.push(`${describeFull(element)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
          }
        }
        // Text can stick out of a box that stays in place (a word longer than the line).
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || !node.textContent?.trim() || parent.closest(`${offScreen}, .visually-hidden, script, style, noscript, option`)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            if (rect.width > 0 && (rect.right > width + 1 || rect.left < -1)) {
              out.push(`text "${node.textContent.trim().slice(0, 40)}" in ${describeFull(parent)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
              break;
            }
          }
        }
        return out;
      };

      /** Every visible pointer target is 24 × 24 px, inline, or spaced (WCAG 2.5.8). */
      const targets = () => {
        const MIN = 24;
        type Target = { element: HTMLElement; rect: DOMRect; small: boolean };
        const all: Target[] = [];
        for (const element of document.body.querySelectorAll<HTMLElement>(targetSelector)) {
          if (element.closest('.visually-hidden, .skip-link, [hidden]')) continue;
          const rect = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue;
          // Options of a native select are drawn by the browser, not the page.
          if (element.tagName === 'OPTION') continue;
          all.push({ element, rect, small: rect.width + 0.5 < MIN || rect.height + 0.5 < MIN });
        }
        const inline = (element: HTMLElement) => {
          if (!getComputedStyle(element).display.startsWith('inline') || getComputedStyle(element).display === 'inline-flex') return false;
          // In a sentence: its block holds text that is not the target's own.
          const block = element.parentElement;
          const own = (element.textContent ?? '').trim();
          const rest = (block?.textContent ?? '').replace(own, '').trim();
          return rest.length > 0;
        };
        const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
        const distanceToRect = (p: { x: number; y: number }, r: DOMRect) => {
          const dx = Math.max(r.left - p.x, 0, p.x - r.right);
          const dy = Math.max(r.top - p.y, 0, p.y - r.bottom);
          return Math.hypot(dx, dy);
        };
        const related = (a: HTMLElement, b: HTMLElement) =>
          a.contains(b) || b.contains(a) || (a instanceof HTMLInputElement && a.labels ? [...a.labels].some((l) => l.contains(b)) : false);
        const out: string[] = [];
        for (const target of all) {
          if (!target.small || inline(target.element)) continue;
          const c = centre(target.rect);
          const crowded = all.filter((other) => {
            if (other === target || related(target.element, other.element)) return false;
            if (distanceToRect(c, other.rect) < MIN / 2 - 0.5) return true;
            if (other.small) {
              const o = centre(other.rect);
              return Math.hypot(o.x - c.x, o.y - c.y) < MIN - 0.5;
            }
            return false;
          });
          if (crowded.length > 0) {
            const name = `${target.element.tagName.toLowerCase()}${target.element.id ? `#${target.element.id}` : ''} "${(target.element.textContent ?? '').trim().slice(0, 30)}"`;
            out.push(`${name} is ${Math.round(target.rect.width)}×${Math.round(target.rect.height)} px and within 12 px of ${crowded.length} other target(s)`);
          }
        }
        return out;
      };

      /** With the 1.4.12 overrides: no clipping, no overlapping text, no text spilling out of a control. */
      const spacing = () => {
        const out: string[] = [];
        // checkVisibility: the content of a closed <details> keeps its boxes but is not shown.
        const visible = (element: Element) => {
          const rect = element.getBoundingClientRect();
          return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden' && element.checkVisibility();
        };
        const describe = (element: Element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;

        // 1. Clipping: a box that hides overflow but holds more than it shows. Visually hidden
        //    texts (1 px boxes, clipped on purpose for screen readers) are not shown anyway.
        for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
          if (element.closest('.visually-hidden') || !visible(element)) continue;
          const style = getComputedStyle(element);
          const hides = (value: string) => value === 'hidden' || value === 'clip';
          if (!element.textContent?.trim()) continue;
          if (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) {
            out.push(`${describe(element)} cuts off its text sideways (${element.scrollWidth} > ${element.clientWidth})`);
          }
          if (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1) {
            out.push(`${describe(element)} cuts off its text at the bottom (${element.scrollHeight} > ${element.clientHeight})`);
          }
          // Text ellipsis is clipping too.
          if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
            out.push(`${describe(element)} ends its text in an ellipsis`);
          }
        }

        // 2. Overlap: the line boxes of different text nodes must not cover each other. A pop-up
        //    list lies over the page on purpose and is left out; so are texts hidden from view.
        type Box = { node: Text; rect: DOMRect };
        const boxes: Box[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          const parent = node.parentElement;
          if (!parent || !node.textContent?.trim()) continue;
          if (parent.closest('script, style, noscript, template, .visually-hidden, [role="listbox"], .skip-link, option')) continue;
          if (!visible(parent)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            if (rect.width > 1 && rect.height > 1) boxes.push({ node, rect });
          }
        }
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i];
            const b = boxes[j];
            if (a.node === b.node) continue;
            const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
            const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
            // Line boxes of adjacent lines may touch by a pixel or two with line-height 1.5.
            if (w > 2 && h > 4) {
              out.push(
                `"${a.node.textContent!.trim().slice(0, 30)}" overlaps "${b.node.textContent!.trim().slice(0, 30)}" (${Math.round(w)}×${Math.round(h)} px)`,
              );
            }
          }
        }

        // 3. Controls whose text spills out of them (they do not hide overflow, so 1. misses it).
        for (const element of document.body.querySelectorAll<HTMLElement>('button, .button, a, label, .notice, .field-error')) {
          if (!visible(element) || element.closest('.visually-hidden')) continue;
          if (element.scrollHeight > element.clientHeight + 1 && element.clientHeight > 0) {
            out.push(`${describe(element)}: its text (${element.scrollHeight} px) spills out of its ${element.clientHeight} px box`);
          }
          if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
            out.push(`${describe(element)}: its text (${element.scrollWidth} px) spills out of its ${element.clientWidth} px wide box`);
          }
        }
        return out;
      };

      const result: {
        reflow?: string[];
        targets?: string[];
        spacing?: { applied: string; found: string[]; reflow: string[] };
      } = {};
      if (what.reflow) result.reflow = reflow();
      if (what.targets) result.targets = targets();
      if (what.spacing) {
        // The page's Content-Security-Policy admits styles with this response's nonce only; the
        // overrides borrow it from the page's own scripts (a user style sheet would not need one).
        const style = document.createElement('style');
        style.id = 'wcag-text-spacing';
        style.nonce = document.querySelector<HTMLElement>('[nonce]')?.nonce ?? '';
        style.textContent = css;
        document.head.append(style);
        try {
          const applied = getComputedStyle(document.body).letterSpacing;
          result.spacing = { applied, found: applied === 'normal' ? [] : spacing(), reflow: applied === 'normal' ? [] : reflow() };
        } finally {
          style.remove();
        }
      }
      return result;
    },
    { what, offScreen: OFF_SCREEN_BY_DESIGN, css: TEXT_SPACING_CSS, targetSelector: TARGETS },
  );
}

/** `width`: the viewport's width when measured (the message names it). */
const reflowFailed = (width: number | undefined, what: string, found: string[]) => expect(found, `${what}: horizontal overflow at ${width} px`).toEqual([]);

const targetsFailed = (what: string, found: string[]) => expect(found, `${what}: pointer targets under 24 × 24 px without spacing (WCAG 2.5.8)`).toEqual([]);

function spacingFailed(width: number | undefined, what: string, measured: NonNullable<Measured['spacing']>) {
  expect(measured.applied, 'the text spacing overrides are in force').not.toBe('normal');
  expect(measured.found, `${what}: text spacing overrides (WCAG 1.4.12)`).toEqual([]);
  reflowFailed(width, `${what} with the text spacing overrides`, measured.reflow);
}

/**
 * At 320 px wide, nothing scrolls sideways and nothing sticks out of the viewport (a page that
 * hides its overflow would otherwise pass the scroll check while cutting content off).
 */
export async function expectReflow(page: Page, what = 'the page') {
  reflowFailed(page.viewportSize()?.width, what, (await measure(page, { reflow: true })).reflow!);
}

/**
 * With the 1.4.12 overrides applied: no text is cut off by a box that hides its overflow, no two
 * pieces of text overlap, and (at 320 px) there is still no sideways scrolling. The overrides
 * are removed again afterwards.
 */
export async function expectTextSpacing(page: Page, what = 'the page') {
  spacingFailed(page.viewportSize()?.width, what, (await measure(page, { spacing: true })).spacing!);
}

/** What counts as a pointer target for WCAG 2.5.8. */
const TARGETS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="option"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="tab"]',
].join(', ');

/**
 * Every visible pointer target is at least 24 × 24 CSS px, or meets one of the 2.5.8 exceptions
 * that apply here: inline (a link in a sentence, sized by the line of text) or spacing (a 24 px
 * circle centred on it touches no other target and no other small target's circle).
 */
export async function expectTargetSizes(page: Page, what = 'the page') {
  targetsFailed(what, (await measure(page, { targets: true })).targets!);
}

/**
 * No error told by colour alone: every field marked invalid is described by a visible text, and
 * every visible field error is tied to an invalid field.
 */
export async function expectErrorsInText(page: Page, what = 'the page') {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    for (const field of document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
      const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const texts = ids.map((id) => document.getElementById(id)).filter((e): e is HTMLElement => Boolean(e?.textContent?.trim()));
      const shown = texts.filter((e) => e.getBoundingClientRect().height > 0 && !e.closest('.visually-hidden'));
      if (shown.length === 0) out.push(`#${field.id} is marked invalid without a visible text describing it`);
    }
    for (const error of document.querySelectorAll<HTMLElement>('.field-error')) {
      if (!error.id || !document.querySelector(`[aria-describedby~="${error.id}"][aria-invalid="true"]`)) {
        out.push(`error text "${error.textContent?.trim()}" describes no invalid field`);
      }
    }
    return out;
  });
  expect(found, `${what}: errors carried by text and aria-invalid`).toEqual([]);
}

/**
 * Every element an aria-labelledby or aria-describedby names is in the page (a screen without a
 * description leaves its heading and form undescribed, never pointing at nothing). Language-blind
 * in itself, but a re-render is checked with it in every language, so a reference a language's
 * render leaves dangling is found there.
 */
export async function expectNoDanglingReferences(page: Page, what = 'the page') {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-labelledby], [aria-describedby]')].flatMap((element) =>
      ['aria-labelledby', 'aria-describedby']
        .flatMap((attribute) => (element.getAttribute(attribute) ?? '').split(/\s+/))
        .filter((id) => id && !document.getElementById(id))
        .map((id) => `${element.tagName.toLowerCase()}→#${id}`),
    ),
  );
  expect(found, `${what}: aria-labelledby/-describedby ids missing from the page`).toEqual([]);
}

/** Layout checks that are known to fail on a screen (an app defect, reported). */
export type KnownLayoutDefects = { reflow?: string; textSpacing?: string };

/**
 * The layout checks at the reflow width: reflow, target sizes and text spacing there (measured in
 * one evaluation, see measure()), then target sizes once more at the width the page had (a
 * desktop layout places targets otherwise). A page already at the reflow width (the matrix's
 * re-renders open there: support/matrix/rerender.ts) is measured once, without a resize there and
 * back. A check listed in `known` must still fail with horizontal overflow (and only that), so the
 * entry is noticed and removed once the app is fixed.
 */
export async function expectLayout(page: Page, what = 'the page', known: KnownLayoutDefects = {}) {
  const original = page.viewportSize();
  const resize = original?.width !== REFLOW_WIDTH;
  let narrow: Measured;
  if (resize) {
    targetsFailed(`${what} at ${original?.width} px`, (await measure(page, { targets: true })).targets!);
    await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  }
  try {
    narrow = await measure(page, { reflow: true, targets: true, spacing: true });
  } finally {
    if (original && resize) await page.setViewportSize(original);
  }
  const reflow = () => reflowFailed(REFLOW_WIDTH, what, narrow.reflow!);
  if (known.reflow) expect(reflow, `known defect: ${known.reflow}`).toThrow(/horizontal overflow/);
  else reflow();
  targetsFailed(`${what} at ${REFLOW_WIDTH} px`, narrow.targets!);
  const spacing = () => spacingFailed(REFLOW_WIDTH, what, narrow.spacing!);
  if (known.textSpacing) {
    expect(spacing, `known defect: ${known.textSpacing}`).toThrow(/with the text spacing overrides: horizontal overflow/);
  } else {
    spacing();
  }
}
