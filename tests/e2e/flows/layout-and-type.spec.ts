import type { Browser, Page } from '@playwright/test';
import { LOCALES, type Locale } from '../../../lib/i18n/locales';
import { ACCOUNTS, BY_FIELD_NAME, expect, MFA, SETUP, test, toPasswordStep } from '../support/fixtures';
import { MAIN_SUBMIT } from '../support/forms';

/**
 * How the frame and the texts are set (issue 43: D31, D40, D60, D66, D72, D75, D76): where lines
 * break, what the header holds, what a screen 800 px high shows. Measured in the browser, as a
 * person sees the page: line boxes of the text, boxes of the elements, and the pixels where a rule
 * would be drawn. The layout is the style sheet's, the same with and without JavaScript, so these
 * run with it only (the push page's waiting line needs it anyway).
 */

type Box = { x: number; y: number; width: number; height: number; right: number; bottom: number };

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${selector} is laid out`).not.toBeNull();
  return { ...box!, right: box!.x + box!.width, bottom: box!.y + box!.height };
}

/** Whether anything is drawn in `clip` but one flat colour (a hairline, a glyph), from a screenshot of it decoded in the page. */
async function inked(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<boolean> {
  const png = await page.screenshot({ clip, animations: 'disabled' });
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    for (let i = 4; i < data.length; i += 4) {
      if (Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]) > 24) return true;
    }
    return false;
  }, png.toString('base64'));
}

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

/** Every line of `lines` is whole phrases of `phrases` (a line never ends inside one). */
function expectBrokenBetween(lines: string[], phrases: string[], what: string) {
  const ends = new Set<number>();
  phrases.reduce((at, phrase) => (ends.add(at + phrase.length), at + phrase.length + 1), 0);
  let at = 0;
  for (const line of lines.slice(0, -1)) {
    at += line.length;
    expect(ends.has(at), `${what}: a line ends inside a phrase: ${lines.join(' / ')}`).toBe(true);
    at += 1;
  }
  expect(lines.join(' '), what).toBe(phrases.join(' '));
}

async function openEmailStep(browser: Browser, locale: Locale, width: number) {
  const context = await browser.newContext({ locale, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(process.env.E2E_APP_URL!);
  await expect(page.locator('#email')).toBeVisible();
  return { context, page };
}

async function passwordStep(page: Page, email: string) {
  await toPasswordStep(page, email, BY_FIELD_NAME);
  await page.locator('#password').fill(MFA.password);
  await page.locator(MAIN_SUBMIT).first().click();
}

test.describe('the header @js-on-only', () => {
  test('the product mark sits beside the logo with a hairline between, or under it with none, in every language (D66)', async ({ browser, photograph }) => {
    test.setTimeout(120_000);
    const wrapped: string[] = [];
    for (const locale of LOCALES) {
      const { context, page } = await openEmailStep(browser, locale, 1280);
      for (const width of [1280, 390, 375]) {
        await page.setViewportSize({ width, height: 800 });
        const what = `${locale} at ${width} px`;
        const logo = await boxOf(page, '.card-header .logo-manufacturer img');
        const mark = await boxOf(page, '.card-header .product-mark');
        const card = await boxOf(page, '.card-header');
        if (mark.y < logo.bottom && mark.bottom > logo.y) {
          expect(
            await inked(page, { x: logo.right + 2, y: logo.y, width: mark.x - logo.right - 4, height: logo.height }),
            `${what}: the hairline between`,
          ).toBe(true);
        } else {
          wrapped.push(what);
          // Nothing left hanging beside the logo, nothing drawn before the mark on its own row.
          expect(await inked(page, { x: logo.right + 1, y: logo.y, width: card.right - logo.right - 1, height: logo.height }), `${what}: beside the logo`).toBe(
            false,
          );
          expect(await inked(page, { x: card.x, y: mark.y - 10, width: mark.x - card.x - 1, height: mark.height + 20 }), `${what}: before the mark`).toBe(
            false,
          );
        }
      }
      if (locale === 'fr-FR' || locale === 'pl-PL') await photograph(page, `${locale}-header`);
      await context.close();
    }
    // A desktop card has room for the longest name beside the logo.
    expect(wrapped.filter((what) => what.endsWith('1280 px'))).toEqual([]);
    test.info().annotations.push({ type: 'wrapped under the logo', description: wrapped.join(', ') || 'none' });
  });

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

test.describe('headings @js-on-only', () => {
  // Phrases a line may end after: a compound, an article and its noun, a preposition and its object stay together (D31).
  const HEADINGS = [
    { locale: 'de-DE', account: ACCOUNTS.declined.email, phrases: ['Keine Anmeldung', 'mit diesem Konto'] },
    { locale: 'fr-FR', account: ACCOUNTS.declined.email, phrases: ['Connexion', 'impossible', 'avec ce compte'] },
    { locale: 'en-GB', account: 'groups.single+d31-en@example.com', phrases: ['Choose', 'a sales organisation'] },
    { locale: 'fr-FR', account: 'groups.single+d31-fr@example.com', phrases: ['Choisissez', 'une organisation', 'commerciale'] },
  ] as const;

  for (const { locale, account, phrases } of HEADINGS) {
    test(`${locale}: "${phrases.join(' ')}" breaks between its phrases (D31)`, async ({ browser }) => {
      const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await passwordStep(page, account);
      await expect(page.locator('main h1')).toHaveText(phrases.join(' '));
      for (const width of [1280, 375, 320]) {
        await page.setViewportSize({ width, height: 800 });
        expectBrokenBetween(await linesOf(page, 'main h1'), [...phrases], `${locale} at ${width} px`);
      }
      await context.close();
    });
  }
});

test.describe('the address on the password step @js-on-only', () => {
  test('a long address wraps before its @ or a dot, never inside a name (D72)', async ({ page }) => {
    const email = ACCOUNTS.lockout(`d72.anna.maria.schmidt.${Date.now()}`).email;
    await toPasswordStep(page, email);
    await expect(page.locator('main .identity-value')).toHaveText(email);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const lines = await linesOf(page, 'main .identity-value');
      expect(lines.length, `at ${width} px the address takes more than one line`).toBeGreaterThan(1);
      for (const line of lines.slice(1)) expect(line, `at ${width} px: ${lines.join(' / ')}`).toMatch(/^[@.]/);
    }
  });
});

test.describe('a screen 800 px high @js-on-only', () => {
  for (const locale of ['en-GB', 'de-DE'] as const) {
    test.describe(locale, () => {
      test.use({ locale, viewport: { width: 1280, height: 800 } });

      test(`the lockout fits without scrolling (D40)`, async ({ page, photograph }) => {
        const { email } = ACCOUNTS.lockout(`d40-${Date.now() % 100_000}`);
        await toPasswordStep(page, email, BY_FIELD_NAME);
        for (let attempt = 1; attempt <= 5; attempt++) {
          await page.locator('#password').fill(`wrong-${attempt}`);
          await page.locator(MAIN_SUBMIT).first().click();
          await expect(page.locator('#password')).toHaveAttribute('aria-invalid', 'true');
          if (attempt < 5) await expect(page.locator('#password-locked')).toHaveCount(0);
        }
        await expect(page.locator('#password-locked')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(800);
        if (locale === 'de-DE') await photograph(page, `${locale}-lockout-800`, ['light']);
      });

      test(`the push wait fits without scrolling (D40)`, async ({ page, photograph }) => {
        await passwordStep(page, `mfa.push+d40-${Date.now()}@example.com`);
        await expect(page).toHaveURL(/\/register-mfa\/push\?/);
        await expect(page.locator('main .push-number .number')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(800);
        if (locale === 'de-DE') await photograph(page, `${locale}-push-wait-800`, ['light']);
      });
    });
  }
});

test.describe('second-factor set-up @js-on-only', () => {
  test('"Can’t scan the code?" shows a chevron, turned while open (D60)', async ({ page, photograph }) => {
    await passwordStep(page, SETUP.suggested(`d60-${Date.now()}`));
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page).toHaveURL(/\/setup-mfa\/authenticator\?/);
    const summary = page.locator('main details.cant-scan summary');
    const marker = () =>
      summary.evaluate((element) => {
        const after = getComputedStyle(element, '::after');
        return { display: getComputedStyle(element).display, content: after.content, width: after.width, mask: after.maskImage, rotate: after.rotate };
      });
    const closed = await marker();
    // Either the browser's own marker (a list item) or a drawn chevron.
    if (closed.display !== 'list-item') {
      expect(closed.content).not.toBe('none');
      expect(closed.mask).toContain('svg');
      expect(parseFloat(closed.width)).toBeGreaterThanOrEqual(12);
      const box = await boxOf(page, 'main details.cant-scan summary');
      const text = await summary.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return range.getBoundingClientRect().right;
      });
      // Drawn: ink right of the words, inside the control.
      expect(await inked(page, { x: text + 1, y: box.y, width: box.right - text - 1, height: box.height })).toBe(true);
    }
    await summary.click();
    await expect(page.locator('main code.secret')).toBeVisible();
    if (closed.display !== 'list-item') expect((await marker()).rotate).toBe('180deg');
    await photograph(page, 'en-GB-setup-authenticator-cant-scan', ['light']);
  });

  test('the pairing page shows the waiting line right under the number (D76)', async ({ browser, photograph }) => {
    for (const locale of ['en-GB', 'ja-JP'] as const) {
      const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await passwordStep(page, SETUP.suggested(`d76-${locale}-${Date.now()}`));
      await page.locator('main button[name="method"][value="PUSH"]').click();
      await expect(page).toHaveURL(/\/setup-mfa\/push\?/);
      const number = await boxOf(page, 'main .push-number .number');
      const waiting = await boxOf(page, 'main .push-check .hint.waiting');
      // Within a line's height of it, nothing between.
      expect(waiting.y - number.bottom, locale).toBeLessThanOrEqual(24);
      await photograph(page, `${locale}-setup-push-pairing`);
      await context.close();
    }
  });
});
