import type { Page } from '@playwright/test';
import { expect, jsOffOnly, noJs, startSignIn, test } from '../support/fixtures';
import {
  expectErrorsInText,
  expectLayout,
  expectNoDanglingReferences,
  expectReflow,
  expectTargetSizes,
  expectTextSpacing,
  REFLOW_WIDTH,
} from '../support/layout';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const CHECKED_WITHOUT_SCRIPTS = noJs(
  'each check also judges pages without JavaScript (axe through a static copy of the page, the layout checks in a page with scripting off) and must fail on the planted defect there too',
);

/**
 * The checks check: each accessibility check of the matrix is shown a defect planted in a real
 * screen and must fail on it, with JavaScript on and off (the no-JS page is judged through its
 * static copy). A check that cannot fail would pass every screen.
 */

/** Plants `html` at the end of main; styles go through the CSSOM, which the page's CSP allows. */
async function plant(page: Page, html: string, styles: Record<string, Partial<CSSStyleDeclaration>> = {}) {
  await page.evaluate(
    ({ html, styles }) => {
      const holder = document.createElement('div');
      holder.id = 'planted';
      holder.innerHTML = html;
      document.querySelector('main')!.append(holder);
      for (const [selector, style] of Object.entries(styles)) {
        for (const element of holder.querySelectorAll<HTMLElement>(selector)) Object.assign(element.style, style);
      }
    },
    { html, styles: styles as Record<string, Record<string, string>> },
  );
}

test.beforeEach(async ({ page }) => {
  await startSignIn(page);
  await expect(page.locator('#email')).toBeVisible();
});

test('the screen as it is passes every check', CHECKED_WITHOUT_SCRIPTS, async ({ page, expectAccessible }) => {
  await expectAccessible(page);
  await expectAccessible(page, { colorScheme: 'dark' });
  await expectErrorsInText(page);
  await expectTargetSizes(page);
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  await expectReflow(page);
  await expectTextSpacing(page);
});

test('axe finds low contrast, in the scheme where it is low', CHECKED_WITHOUT_SCRIPTS, async ({ page, expectAccessible }) => {
  // The muted text colour on a fixed white ground: fine in light, too faint in dark.
  await plant(page, '<p class="planted">Planted text</p>', { '.planted': { color: 'var(--muted)', background: '#ffffff' } });
  await expectAccessible(page);
  await expect(expectAccessible(page, { colorScheme: 'dark' })).rejects.toThrow(/color-contrast \(dark\)/);
  await expect(expectAccessible(page, { colorScheme: 'dark', rules: ['color-contrast'] })).rejects.toThrow(/color-contrast/);
});

test('axe runs target-size, and the own check agrees: small targets close together fail', CHECKED_WITHOUT_SCRIPTS, async ({ page, expectAccessible }) => {
  await plant(page, '<p><button type="button" class="tiny">a</button><button type="button" class="tiny">b</button></p>', {
    '.tiny': { minHeight: '0', height: '12px', width: '12px', padding: '0', margin: '0', fontSize: '8px' },
  });
  await expect(expectAccessible(page)).rejects.toThrow(/target-size/);
  await expect(expectTargetSizes(page)).rejects.toThrow(/12×12 px/);
});

test('reflow: something wider than 320 px is found', CHECKED_WITHOUT_SCRIPTS, async ({ page }) => {
  await plant(page, '<p class="wide">Wide</p>', { '.wide': { width: '480px' } });
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  await expect(expectReflow(page)).rejects.toThrow(/horizontal overflow/);
});

test('text spacing: text cut off by a fixed box is found, and the overrides are taken away again', CHECKED_WITHOUT_SCRIPTS, async ({ page }) => {
  // One line fits at normal spacing; with the WCAG 1.4.12 spacing it wraps and is cut off.
  await plant(page, '<p class="fixed">Seventeen letters</p>', {
    '.fixed': { width: '11em', height: '1.6em', lineHeight: '1.2', overflow: 'hidden', margin: '0', whiteSpace: 'normal' },
  });
  await expect(expectTextSpacing(page)).rejects.toThrow(/cuts off its text/);
  await expect(page.locator('#wcag-text-spacing')).toHaveCount(0);
});

test('text spacing: overlapping text is found', CHECKED_WITHOUT_SCRIPTS, async ({ page }) => {
  await plant(page, '<p class="over">Lying over</p>', {
    '.over': { position: 'absolute', top: '0', insetInlineStart: '0', margin: '0' },
  });
  await page.evaluate(() => {
    // Put it over the heading's text, inside the heading so it stays there when the spacing
    // overrides move the heading down.
    const heading = document.querySelector<HTMLElement>('main h1')!;
    heading.style.position = 'relative';
    heading.append(document.querySelector('.over')!);
  });
  await expect(expectTextSpacing(page)).rejects.toThrow(/overlaps/);
});

test(
  'without JavaScript, axe judges what a browser without scripts shows: <noscript> and .only-without-js, not .needs-js',
  jsOffOnly('what a browser without scripts shows is judged only where scripts are off: <noscript> content and .only-without-js controls'),
  async ({ page, expectAccessible }) => {
    const replant = async (html: string) => {
      await page.evaluate(() => document.getElementById('planted')?.remove());
      await plant(page, html);
    };
    // A button without a name, as the language form's Change button sits in <noscript>
    // (app/_components/card-footer.tsx): shown to this visitor, so judged.
    await replant('<noscript><button type="submit" class="secondary small"></button></noscript>');
    await expect(expectAccessible(page)).rejects.toThrow(/button-name/);
    // The same under .only-without-js, as the single method's Send code (app/register-mfa/mfa-start-form.tsx).
    await replant('<div class="actions only-without-js"><button type="submit"></button></div>');
    await expect(expectAccessible(page)).rejects.toThrow(/button-name/);
    // Under .needs-js it is not shown without scripts, so there is nothing to judge.
    await replant('<div class="needs-js"><button type="button"></button></div>');
    await expectAccessible(page);
  },
);

test('an invalid field without an error text is found', CHECKED_WITHOUT_SCRIPTS, async ({ page }) => {
  await page.evaluate(() => document.getElementById('email')!.setAttribute('aria-invalid', 'true'));
  await expect(expectErrorsInText(page)).rejects.toThrow(/#email is marked invalid/);
});

test('a name or description pointing at nothing is found', async ({ page }) => {
  await expectNoDanglingReferences(page);
  // As a re-render with a language's own description id would leave it (the check runs on every re-render).
  await page.evaluate(() => document.getElementById('email')!.setAttribute('aria-describedby', 'email-hint-sv'));
  await expect(expectNoDanglingReferences(page)).rejects.toThrow(/input→#email-hint-sv/);
});

test('the layout checks at the reflow width measure there without a resize, and still find overflow', async ({ page }) => {
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  await expectLayout(page);
  await plant(page, '<p class="wide">Wide</p>', { '.wide': { width: '480px' } });
  await expect(expectLayout(page)).rejects.toThrow(/horizontal overflow at 320 px/);
  expect(page.viewportSize()).toEqual({ width: REFLOW_WIDTH, height: 640 });
});
