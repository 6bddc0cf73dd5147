import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, continueToProvider, expect, jsOffOnly, MFA, noJs, startSignIn, test, toNewPasswordStep, toPasswordStep } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const CODE_PAGE_LOADED = noJs(
  'without JavaScript the code page is a page load of its own: the cursor starts in the code field from the server’s HTML, not from a script after a client navigation',
);
const RESENT_ON_A_NEW_PAGE = noJs(
  'without JavaScript the resend is a full-page post: its notice is read because it describes the field the cursor starts in, not through a live region',
);
const EARLY_RESEND = jsOffOnly(
  'a resend pressed before its countdown ends reaches the server only without JavaScript (the script holds the button back); the server’s answer takes focus',
);

/**
 * Status changes reach screen readers: each is inside a live region (role=status or alert, or
 * aria-live) that was in the page before its text arrived, or it is read with the heading that
 * takes focus on arrival. The error summary is covered by keyboard.spec.ts.
 */

const t = JSON.parse(readFileSync('messages/en-GB.json', 'utf8')) as Record<string, Record<string, string>>;
const fresh = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;
const LIVE = '[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]';

/** The live region around the element showing `text`, or none. */
const liveRegionOf = (page: Page, text: string) =>
  page.evaluate(
    ({ text, live }) => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // The streamed page's own payload scripts carry the same words; they are not shown.
        if (node.parentElement?.closest('script, template')) continue;
        if (node.textContent?.includes(text)) {
          const region = node.parentElement?.closest(live);
          return region ? { role: region.getAttribute('role'), live: region.getAttribute('aria-live') } : 'not in a live region';
        }
      }
      return 'text not found';
    },
    { text, live: LIVE },
  );

/**
 * Records, from now on, every text that appears in a live region and whether that region was
 * already in the page (maybe empty) before: a region inserted with its text already in it is
 * not reliably announced.
 */
async function watchLiveRegions(page: Page) {
  await page.evaluate((live) => {
    const log: Array<{ text: string; regionExisted: boolean }> = [];
    const seen = new WeakSet<Element>();
    const mark = () => document.querySelectorAll(live).forEach((r) => seen.add(r));
    mark();
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const region = target?.closest(live);
        if (region && record.type !== 'attributes') {
          const text = region.textContent?.trim() ?? '';
          if (text) log.push({ text, regionExisted: seen.has(region) });
        }
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const region of [node, ...node.querySelectorAll(live)].filter((e) => e.matches(live))) {
            const text = region.textContent?.trim() ?? '';
            if (text) log.push({ text, regionExisted: false });
          }
        }
      }
      mark();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as unknown as { liveLog: typeof log }).liveLog = log;
  }, LIVE);
  return {
    announced: () => page.evaluate(() => (window as unknown as { liveLog: Array<{ text: string; regionExisted: boolean }> }).liveLog),
  };
}

async function toCodePage(page: Page, email: string, javaScriptEnabled: boolean) {
  await toPasswordStep(page, email);
  await page.getByLabel('Password', { exact: true }).fill(MFA.password);
  await page.locator('main form button[type="submit"]').click();
  await continueToProvider(page, javaScriptEnabled);
  if (!javaScriptEnabled) await page.locator('#mfa-start button[type="submit"]').click();
  await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
}

test('loading: the pending text of a submit appears in a polite live region that was there before', { tag: '@js-on-only' }, async ({ page, standin }) => {
  // Without JavaScript the browser's own loading indicator is all there is.
  const requestId = await startSignIn(page);
  const region = page.locator('main form [role="status"][aria-live="polite"]');
  await expect(region).toHaveCount(1);
  await expect(region).toHaveText('');
  await standin.fault({ pathIncludes: `userexistence/${requestId}`, mode: 'delay', delayMs: 1_500 });
  const watch = await watchLiveRegions(page);
  await page.locator('#email').fill(ACCOUNTS.password.email);
  await page.locator('main form button[type="submit"]').click();
  await expect(region).toHaveText(t.login.pending);
  await expect(page).toHaveURL(/\/login\?requestId=/);
  expect(await watch.announced()).toContainEqual({ text: t.login.pending, regionExisted: true });
});

test(
  'code sent: the code screen opens with the cursor in the code field, in a form named by the heading and described by where the code went',
  CODE_PAGE_LOADED,
  async ({ page, javaScriptEnabled }) => {
    await toCodePage(page, MFA.sms(fresh('announce', javaScriptEnabled)), javaScriptEnabled);
    const field = page.locator('#code');
    await expect(field).toBeFocused();
    const form = page.locator('main form').filter({ has: field });
    await expect(form).toHaveAccessibleName(t.mfa.codeTitle);
    await expect(form).toHaveAccessibleDescription(t.mfa.sentSms);
  },
);

test('resend countdown: not read every second, but describes the held-back button; its end is announced once', { tag: '@js-on-only' }, async ({ page }) => {
  await toCodePage(page, MFA.email(fresh('countdown', true)), true);
  const button = page.locator('main form.resend button');
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAccessibleDescription(/^You can request a new code in \d+\u00a0seconds?\.$/);
  expect(await liveRegionOf(page, 'You can request a new code in')).toBe('not in a live region');
  const watch = await watchLiveRegions(page);
  await expect(button).not.toHaveAttribute('aria-disabled', 'true', { timeout: 8_000 });
  await expect(page.locator('main form.resend [role="status"]')).toHaveText(t.mfa.resendAvailable);
  const announced = await watch.announced();
  expect(announced).toContainEqual({ text: t.mfa.resendAvailable, regionExisted: true });
  expect(
    announced.filter((a) => /\d/.test(a.text)),
    'no countdown number is announced',
  ).toEqual([]);
});

test('code resent: "a new code has been sent" is announced', RESENT_ON_A_NEW_PAGE, async ({ page, javaScriptEnabled }) => {
  await toCodePage(page, MFA.email(fresh('resent', javaScriptEnabled)), javaScriptEnabled);
  const button = page.locator('main form.resend button');
  if (javaScriptEnabled) await expect(button).not.toHaveAttribute('aria-disabled', 'true', { timeout: 8_000 });
  else await page.waitForTimeout(3_300);
  if (javaScriptEnabled) {
    // A client-side navigation: the region is put in the page empty and filled a moment later.
    const watch = await watchLiveRegions(page);
    await button.click();
    await expect(page.locator('main .notice[role="status"]')).toHaveText(t.mfa.resent);
    expect(await watch.announced()).toContainEqual({ text: t.mfa.resent, regionExisted: true });
  } else {
    // A page load: the notice is a status in the page, and it describes the code field, where
    // the cursor starts, so it is read on arrival.
    await button.click();
    await expect(page.locator('main .notice[role="status"]')).toHaveText(t.mfa.resent);
    await expect(page.locator('#code')).toBeFocused();
    await expect(page.locator('#code')).toHaveAccessibleDescription(t.mfa.resent);
  }
});

test('resend in progress: "sending…" is announced', { tag: '@js-on-only' }, async ({ page }) => {
  await toCodePage(page, MFA.email(fresh('sending', true)), true);
  const button = page.locator('main form.resend button');
  await expect(button).not.toHaveAttribute('aria-disabled', 'true', { timeout: 8_000 });
  // Hold the resend's server action in the browser, so the pending state lasts.
  await page.route('**/register-mfa/code?**', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fallback();
  });
  const watch = await watchLiveRegions(page);
  await button.click();
  await expect(page.locator(LIVE).filter({ hasText: t.mfa.sending })).toHaveCount(1);
  expect(await watch.announced()).toContainEqual({ text: t.mfa.sending, regionExisted: true });
  await expect(page.locator('main .notice[role="status"]')).toHaveText(t.mfa.resent);
});

test('a resend pressed too early without JavaScript: the answer takes focus and is read', EARLY_RESEND, async ({ page }) => {
  // Nothing else takes focus on that answer (no error summary, and the heading gives way on
  // form answers), so the "wait N seconds" text does.
  await toCodePage(page, MFA.email(fresh('early', false)), false);
  await page.locator('main form.resend button').click();
  const answer = page.locator('#resend-countdown');
  await expect(answer).toHaveText(/^You can request a new code in \d+\u00a0seconds?\.$/);
  await expect(answer).toBeFocused();
  await expect(answer).not.toHaveAttribute('aria-hidden', 'true');
});

test('group search: the number of matches is announced; the skeleton says it is loading', { tag: '@js-on-only' }, async ({ page, standin }) => {
  await toPasswordStep(page, `groups.many+${fresh('announce', true)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(MFA.password);
  const entry = page.waitForRequest((r) => new URL(r.url()).searchParams.has('track_id'));
  await page.locator('main form button[type="submit"]').click();
  const trackId = new URL((await entry).url()).searchParams.get('track_id')!;
  await expect(page).toHaveURL(/\/group-selection\?requestId=/);
  const url = page.url();
  // The enhanced search field, not the no-script select it replaces once the scripts run.
  const field = page.locator('input#group');
  await expect(field).toBeVisible();
  const watch = await watchLiveRegions(page);
  await field.fill('kitchenpro');
  await expect(page.locator('main [role="listbox"] [role="option"]')).toHaveCount(2);
  await expect.poll(async () => (await watch.announced()).map((a) => a.text)).toContain(t.groups.found.replace('{count}', '2'));
  await field.fill('nothing like this');
  await expect.poll(async () => (await watch.announced()).map((a) => a.text)).toContain(t.groups.none);

  await standin.fault({ pathIncludes: `prelogin/metadata/${trackId}`, mode: 'delay', delayMs: 1_500 });
  await page.goto(url, { waitUntil: 'commit' });
  // One look that finds the words inside their status region (the skeleton is gone once the groups
  // arrive; the delay stays under the test servers' 2 s provider timeout).
  await expect(page.locator('main [role="status"]:not([aria-live])', { hasText: t.groups.loading })).toBeAttached();
  await expect(field).toBeVisible({ timeout: 15_000 });
});

test('the password checklist follows the typing in a polite live region', { tag: '@js-on-only' }, async ({ page, standin }) => {
  const email = ACCOUNTS.lockout(`checklist-${fresh('announce', true)}`).email;
  await toNewPasswordStep(page, standin, email);
  const list = page.locator('#password-rules ul');
  await expect(list).toHaveAttribute('aria-live', 'polite');
  await page.locator('#password').pressSequentially('abc');
  await expect(list.locator('li').first()).toContainText(t.resetForm.ruleNotMet);
  await expect(list.locator('li').nth(1)).toContainText(t.resetForm.ruleMet);
});
