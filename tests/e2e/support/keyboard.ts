import { expect, type Locator, type Page } from '@playwright/test';

/** One place Tab stopped at, as the person would see it. */
export type Stop = {
  name: string;
  inMain: boolean;
  /** Page coordinates (scroll included), to compare positions along the way. */
  top: number;
  bottom: number;
  left: number;
  /** A focus indicator is drawn (an outline of at least 2 px). */
  ring: boolean;
  /** Some of the element is in the viewport and not covered by anything (WCAG 2.4.11). */
  inView: boolean;
};

async function focusedStop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { name: 'body', inMain: false, top: 0, bottom: 0, left: 0, ring: false, inView: false };
    }
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60);
    const id = element.id ? `#${element.id}` : '';
    const name = `${element.tagName.toLowerCase()}${id}${element.getAttribute('name') ? `[name=${element.getAttribute('name')}]` : ''}${text ? ` "${text}"` : ''}`;
    // A box shadow would do as well; this app draws outlines (globals.css :focus-visible).
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
    // WCAG 2.4.11: not entirely hidden. Some of it is in the viewport, and what is there at
    // the middle of that part is the element itself, not something covering it.
    const [left, right] = [Math.max(rect.left, 0), Math.min(rect.right, window.innerWidth)];
    const [top, bottom] = [Math.max(rect.top, 0), Math.min(rect.bottom, window.innerHeight)];
    const hit = right > left && bottom > top ? document.elementFromPoint((left + right) / 2, (top + bottom) / 2) : null;
    const inView = Boolean(hit && (element === hit || element.contains(hit)));
    return {
      name,
      inMain: Boolean(element.closest('main')),
      top: rect.top + window.scrollY,
      bottom: rect.bottom + window.scrollY,
      left: rect.left + window.scrollX,
      ring,
      inView,
    };
  });
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab until `target` has focus and returns where it stopped on the way (the target
 * last). Every stop must show a focus indicator, lie in view, and not lie wholly above the stop
 * before it (the focus order follows the reading order of the one-column screens).
 */
export async function tabTo(page: Page, target: Locator, max = 30, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(key);
    stops.push(await focusedStop(page));
    if (await isFocused(target)) {
      expectSensibleStops(key === 'Tab' ? stops : [...stops].reverse());
      return stops;
    }
  }
  throw new Error(`${key} did not reach ${target} in ${max} presses: ${stops.map((s) => s.name).join(' → ')}`);
}

export function expectSensibleStops(stops: Stop[]) {
  const path = stops.map((s) => s.name).join(' → ');
  for (const stop of stops) {
    expect(stop.name, `focus is never lost to the page body (${path})`).not.toBe('body');
    expect(stop.ring, `${stop.name} shows where focus is (WCAG 2.4.7)`).toBe(true);
    expect(stop.inView, `${stop.name} is in view and not covered when focused (WCAG 2.4.11)`).toBe(true);
  }
  for (let i = 1; i < stops.length; i++) {
    const [before, after] = [stops[i - 1], stops[i]];
    // Header → main → footer is the reading order; within main, top to bottom (a control on the
    // same line may come later to the right).
    expect(after.bottom > before.top, `${after.name} comes after ${before.name} in the reading order (${path})`).toBe(true);
  }
}

/** From the heading, Tab goes into the screen's form before anything outside `main`. */
export async function tabFromHeadingTo(page: Page, target: Locator, max = 30): Promise<Stop[]> {
  await expect(page.locator('main h1')).toBeFocused();
  const stops = await tabTo(page, target, max);
  const outside = stops.filter((s) => !s.inMain).map((s) => s.name);
  expect(outside, 'Tab stops outside the main content before reaching the field').toEqual([]);
  return stops;
}

/** Replaces the focused field's text as a person would: select all, then type. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/**
 * After a failed submit with one field in error: its message is under the field and is its
 * description, the cursor is back in it, and no summary box sits above the form.
 */
export async function expectFieldError(page: Page, field: string, message: string) {
  const input = page.locator(`#${field}`);
  await expect(input, `the cursor is back in #${field} after the failed submit`).toBeFocused();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${field}-error`)).toHaveText(message);
  await expect(page.locator('.error-summary')).toHaveCount(0);
}
