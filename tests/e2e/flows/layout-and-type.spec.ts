import type { Browser, Page } from '@playwright/test';
import type { Locale } from '../../../lib/i18n/locales';
import { expect, test } from '../support/fixtures';

/**
 * How the frame and the texts are set (issue 43: D31, D40, D60, D66, D72, D75, D76): where lines
 * break, what the header holds, what a screen 800 px high shows. Measured in the browser, as a
 * person sees the page: line boxes of the text, boxes of the elements, and the pixels where a rule
 * would be drawn. The layout is the style sheet's, the same with and without JavaScript, so these
 * run with it only (the push page's waiting line needs it anyway).
 */

/** The lines `selector`'s text is laid out in, as shown (no-break spaces read as spaces). */
async function linesOf(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const lines: string[] = [];
      let top: number | undefined;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (rect && (top === undefined || rect.top > top + rect.height / 2)) {
            lines.push('');
            top = rect.top;
          }
          if (lines.length > 0) lines[lines.length - 1] += text[i];
        }
      }
      return lines.map((line) => line.replace(/\s+/g, ' ').trim());
    });
}

async function openEmailStep(browser: Browser, locale: Locale, width: number) {
  const context = await browser.newContext({ locale, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(process.env.E2E_APP_URL!);
  await expect(page.locator('#email')).toBeVisible();
  return { context, page };
}

test.describe('the header @js-on-only', () => {
  test('an identity provider’s name is never split on a phone (D75)', async ({ browser }) => {
    for (const locale of ['fr-FR', 'pl-PL', 'de-DE'] as const) {
      const { context, page } = await openEmailStep(browser, locale, 375);
      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: 800 });
        const lines = await linesOf(page, 'main a.identity-provider[href*="acme"] span');
        expect(
          lines.some((line) => line.endsWith('Acme Corp SSO')),
          `${locale} at ${width} px: ${lines.join(' / ')}`,
        ).toBe(true);
      }
      await context.close();
    }
  });
});
