import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Locale } from '../../../lib/i18n/locales';
import { ACCOUNTS, expect, MFA, startSignIn, test, type StandIn } from '../support/fixtures';
import { CONTINUE_BUTTON } from '../support/forms';
import { mainSubmit } from '../support/matrix/steps';

/**
 * The contact sheet (docs/testing.md "What `npm test` runs"): every screen and state, photographed on a
 * desktop (1280 × 800) and a phone (375 × 740), light and dark, in English, German and Japanese (the longest
 * words and the language without spaces), walked once per language with JavaScript; and in English without
 * JavaScript, the states that exist only there. The global teardown lays the photographs out in
 * test-results/contact-sheet.html.
 *
 * On every state it also checks what a phone shows first: the screen's heading, below no more
 * than two rows of the frame (the logos, and the application being signed in to).
 */
const LOCALES: readonly Locale[] = ['en-GB', 'de-DE', 'ja-JP'];
type Messages = Record<string, Record<string, string>>;
const messages = (locale: string): Messages => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8'));

const heading = (page: Page) => page.locator('main h1');

type Walk = { page: Page; t: Messages; standin: StandIn; js: boolean; shoot: (name: string) => Promise<void>; tag: string };

async function emailStep(w: Walk, email: string): Promise<string> {
  const requestId = await startSignIn(w.page);
  await w.page.locator('#email').fill(email);
  await mainSubmit(w.page).click();
  return requestId;
}

async function passwordStep(w: Walk, email: string, password: string) {
  await emailStep(w, email);
  await expect(w.page).toHaveURL(/\/login\?requestId=/);
  await w.page.locator('#password').fill(password);
  await mainSubmit(w.page).click();
  if (!w.js) {
    await expect(w.page).toHaveURL(/\/continue\?requestId=/);
    await w.page.locator(CONTINUE_BUTTON).click();
  }
}

async function latestLink(w: Walk, email: string): Promise<string> {
  const links = async () => (await w.standin.outbox(email)).filter((m) => m.link);
  await expect.poll(async () => (await links()).length).toBeGreaterThan(0);
  return (await links()).at(-1)!.link!;
}

/** The states a person meets, in the order they meet them, photographed one by one. */
async function walkWithScript(w: Walk) {
  const { page, t } = w;
  // E-mail step: empty, in error, the provider not answering.
  const requestId = await startSignIn(page);
  await w.shoot('login');
  await mainSubmit(page).click();
  await expect(page.locator('#email-error')).toHaveText(t.errors.emailRequired);
  await w.shoot('login-email-required');
  await page.locator('#email').fill('nobody@example.com');
  await mainSubmit(page).click();
  await expect(page.locator('#email-error')).toHaveText(t.errors.userNotFound);
  await w.shoot('login-user-not-found');
  await w.standin.fault({ pathIncludes: `userexistence/${requestId}`, mode: 'error', times: 1 });
  await page.locator('#email').fill(ACCOUNTS.password.email);
  await mainSubmit(page).click();
  await expect(page.locator('main [role="alert"]')).toContainText(t.errors.serviceUnavailable);
  await w.shoot('login-service-unavailable');

  // Password step: a long address, a wrong password, the password shown, the lockout.
  const long = `lockout+a-rather-long-address-to-see-it-wrap-on-a-phone-${w.tag}@example.com`;
  await emailStep(w, long);
  await expect(page).toHaveURL(/\/login\?requestId=/);
  await w.shoot('credentials-long-address');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.locator('#password').fill(`wrong-${attempt}`);
    await mainSubmit(page).click();
    await expect(page.locator('#password-error')).toHaveText(
      attempt < 4 ? t.errors.passwordInvalid : attempt === 4 ? t.errors.passwordInvalidLastAttempt : t.errors.accountLocked,
    );
    if (attempt === 1) {
      await w.shoot('credentials-wrong-password');
      await page.locator('#password').fill('Kitchen-Demo-2026');
      await page.locator('button.reveal').click();
      await w.shoot('credentials-password-shown');
      await page.locator('button.reveal').click();
    }
    if (attempt === 4) await w.shoot('credentials-last-attempt');
  }
  await w.shoot('credentials-locked');

  // Reset: request, sent, the new password with its checklist, errors, done.
  await page.locator('main a.button[href^="/reset-password-init"]').click();
  await expect(heading(page)).toHaveText(t.resetInit.title);
  await w.shoot('reset-init');
  await mainSubmit(page).click();
  await expect(heading(page)).toHaveText(t.resetSent.title);
  await w.shoot('reset-sent');
  await page.goto(await latestLink(w, long));
  await expect(heading(page)).toHaveText(t.resetForm.title);
  await w.shoot('new-password');
  await page.locator('#password').pressSequentially('kitchen#1');
  await w.shoot('new-password-checklist');
  await page.locator('#password').fill('Short1');
  await page.locator('#confirmPassword').fill('Other1');
  await mainSubmit(page).click();
  // The password's rules in its checklist, the repeat's own message (no summary saying them again).
  await expect(page.locator('#confirmPassword-error')).toBeVisible();
  await expect(page.locator('#password-rules li.failed')).toHaveCount(1);
  await w.shoot('new-password-two-errors');
  await page.locator('#password').fill('NewKitchen2027');
  await page.locator('#confirmPassword').fill('NewKitchen2027');
  await mainSubmit(page).click();
  await expect(heading(page)).toHaveText(t.resetSuccess.title);
  await w.shoot('reset-success');

  // A first password: "Set a password", and it is set, not changed.
  const first = `nopassword+sheet-${w.tag}@example.com`;
  await emailStep(w, first);
  await expect(heading(page)).toHaveText(t.requirePassword.title);
  await w.shoot('require-password');
  await mainSubmit(page).click();
  await expect(heading(page)).toHaveText(t.resetSent.title);
  await page.goto(await latestLink(w, first));
  await expect(heading(page)).toHaveText(t.resetForm.titleSet);
  await w.shoot('new-password-first');
  await page.locator('#password').fill('NewKitchen2027');
  await page.locator('#confirmPassword').fill('NewKitchen2027');
  await mainSubmit(page).click();
  await expect(heading(page)).toHaveText(t.resetSuccess.titleSet);
  await w.shoot('reset-success-first-password');

  // An account that cannot sign in.
  await passwordStep(w, ACCOUNTS.declined.email, ACCOUNTS.declined.password);
  await expect(heading(page)).toHaveText(t.accountUnavailable.title);
  await w.shoot('account-unavailable');

  // Second factor: the choice, the code, a wrong code.
  const mfa = MFA.all(`sheet-${w.tag}`);
  await passwordStep(w, mfa, MFA.password);
  await expect(page.locator('main button[name="type"][value="EMAIL"]')).toBeVisible();
  await w.shoot('mfa-methods');
  await page.locator('main button[name="type"][value="EMAIL"]').click();
  await expect(heading(page)).toHaveText(t.mfa.codeTitle);
  await w.shoot('mfa-code');
  await page.locator('#code').fill('000000');
  await mainSubmit(page).click();
  await expect(page.locator('#code')).toHaveAttribute('aria-invalid', 'true');
  await w.shoot('mfa-code-wrong');

  // Sales organisations: the list, open, nothing chosen; then signed in for one, and out.
  await passwordStep(w, `groups.many+sheet-${w.tag}@example.com`, MFA.password);
  await expect(page.locator('#group')).toBeVisible();
  await w.shoot('groups');
  await page.locator('#group').click();
  await expect(page.locator('main [role="option"]').first()).toBeVisible();
  await w.shoot('groups-open');
  await page.keyboard.press('Escape');
  await mainSubmit(page).click();
  await expect(page.locator('#group')).toHaveAttribute('aria-invalid', 'true');
  await w.shoot('groups-required');
  await page.locator('#group').click();
  await page.locator('main [role="option"]').first().click();
  await mainSubmit(page).click();
  await expect(page).toHaveURL(/\/success$/);
  await w.shoot('success');
  await page.locator('main form[action="/auth/sign-out"] button').click();
  await expect(page).toHaveURL(/\/signed-out$/);
  await w.shoot('signed-out');

  // E-mail confirmation.
  await passwordStep(w, `unverified+sheet-${w.tag}@example.com`, ACCOUNTS.password.password);
  await expect(page.locator('main .description')).toHaveText(t.verifyEmail.sentDescription);
  await w.shoot('verify-email-sent');

  // Pages reached by address.
  await page.goto('/error?ref=ABCDEF1234');
  await w.shoot('error');
  await page.goto('/error?reason=expired');
  await w.shoot('error-expired');
  await page.goto('/register-success');
  await w.shoot('register-success');
  await page.goto('/no-such-page');
  await expect(heading(page)).toHaveText(t.notFound.title);
  await w.shoot('not-found');
}

/** Without JavaScript: the screens that exist only there, and the frame's own Change language. */
async function walkWithoutScript(w: Walk) {
  const { page, t } = w;
  await startSignIn(page);
  await w.shoot('login');
  await passwordStep({ ...w, js: true }, ACCOUNTS.password.email, ACCOUNTS.password.password);
  await expect(heading(page)).toHaveText(t.continue.title);
  await w.shoot('continue');
  await passwordStep({ ...w, js: true }, MFA.email(`sheet-${w.tag}`), MFA.password);
  await expect(page.locator('#continue-form')).toBeVisible();
  await page.locator(CONTINUE_BUTTON).click();
  await expect(page.locator('main p.description')).toHaveText(t.mfa.startEmail);
  await w.shoot('mfa-start-single');
  await passwordStep({ ...w, js: true }, `unverified+sheet-${w.tag}@example.com`, ACCOUNTS.password.password);
  await page.locator(CONTINUE_BUTTON).click();
  await expect(page.locator('main .description')).toHaveText(t.verifyEmail.description);
  await w.shoot('verify-email-start');
}

/**
 * At 375 × 740: the heading is on the first screen, under at most two rows of the frame. Run by
 * `photograph` while the viewport is at that phone size (PHOTO_SIZES), so it needs no resize.
 */
async function expectHeadingOnFirstPhoneScreen(page: Page, what: string) {
  expect(page.viewportSize(), `${what}: checked at the phone size`).toEqual({ width: 375, height: 740 });
  const found = await page.evaluate(() => {
    window.scrollTo(0, 0);
    const h1 = document.querySelector('main h1')!.getBoundingClientRect();
    const header = document.querySelector('.card-header');
    return { bottom: h1.bottom, height: window.innerHeight, rows: header ? header.children.length : 0 };
  });
  expect(found.bottom, `${what}: the heading is on a phone's first screen`).toBeLessThanOrEqual(found.height);
  expect(found.rows, `${what}: rows of the frame above the heading`).toBeLessThanOrEqual(2);
}

for (const locale of LOCALES) {
  test.describe(`contact sheet, ${locale}`, () => {
    test.use({ locale });
    test.describe.configure({ timeout: 300_000 });

    test(
      'every screen and state, desktop and phone, light and dark',
      { tag: locale === 'en-GB' ? [] : ['@js-on-only'] },
      async ({ page, javaScriptEnabled, standin, photograph }) => {
        const js = javaScriptEnabled;
        const tag = `${locale.toLowerCase()}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;
        const shoot = async (name: string) => {
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          // The picture moves no focus: the field or heading a page load focuses stays focused.
          let checked = false;
          await photograph(page, `${locale}-${name}`, undefined, async () => {
            await expectHeadingOnFirstPhoneScreen(page, name);
            checked = true;
          });
          expect(checked, `${name}: the phone's first screen was checked`).toBe(true);
        };
        const walk: Walk = { page, t: messages(locale), standin, js, shoot, tag };
        if (js) await walkWithScript(walk);
        else await walkWithoutScript(walk);
      },
    );
  });
}
