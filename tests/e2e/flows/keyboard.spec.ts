import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, MFA, noJs, openResetLink, startSignIn, test } from '../support/fixtures';
import { expectFieldError, retype, tabFromHeadingTo, tabTo } from '../support/keyboard';
import { mainSubmit } from '../support/matrix/steps';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const PAGE_LOADS = noJs(
  'without JavaScript every step is a page load: where the cursor starts, the Tab order through the controls only a browser without JavaScript gets (Continue, Send code, the native select), and the server’s error answers',
);

/**
 * Every flow completed with the keyboard alone: Tab, typing, Enter and the arrow keys, no
 * click() and no fill(). Addresses are only typed into the browser where a person would follow
 * a link from outside (the start, and the links that arrive by e-mail).
 *
 * Along the way: on a screen to type into, the cursor starts in its first field (a page load or,
 * with JavaScript, a client-side navigation), so typing right away works; on a screen to read,
 * focus starts on its heading and Tab reaches the content before anything outside it. Every Tab
 * stop shows a focus ring, is in view and follows the reading order. A failed submit with one
 * field in error puts the cursor back in that field (its message is its description); with two
 * or more, focus goes to the error summary, whose links lead into their fields (no flow here has
 * two: the new password's rules are said by its checklist, tests/unit/forms.test.tsx has the
 * summary). The new password refused by its rules puts the cursor back in it, described by the
 * checklist.
 */

const t = JSON.parse(readFileSync('messages/en-GB.json', 'utf8')) as Record<string, Record<string, string>>;
const fresh = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;

/** The e-mail step: the root path with a requestId among its parameters. */
const LOGIN_URL = /:\d+\/\?(.+&)?requestId=/;
const heading = (page: Page) => page.locator('main h1');

/**
 * A new screen: its address and heading, and where focus starts: the field `focus` names on a
 * screen to type into (the form is then named by the heading), else the heading. `ready` is the
 * screen's content where it is streamed (without JavaScript a loader page forwards to the whole
 * page).
 */
async function expectNewScreen(page: Page, url: RegExp, title: string, options: { ready?: string; focus?: string } = {}) {
  await expect(page).toHaveURL(url);
  if (options.ready) await expect(page.locator(options.ready)).toBeVisible();
  await expect(heading(page)).toHaveText(title);
  if (options.focus) {
    const field = page.locator(options.focus);
    await expect(field, `the cursor starts in ${options.focus} on "${title}"`).toBeFocused();
    await expect(field.locator('xpath=ancestor::form[1]')).toHaveAccessibleName(title);
  } else {
    await expect(heading(page), `focus starts on the heading of "${title}"`).toBeFocused();
  }
}

/** E-mail step by keyboard: typing right away goes into the field; ends in the password field. */
async function emailStep(page: Page, email: string) {
  await startSignIn(page);
  await expectNewScreen(page, LOGIN_URL, t.login.title, { focus: '#email' });
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expectNewScreen(page, /\/login\?requestId=/, t.credentials.title, { focus: '#password' });
}

/** Password step by keyboard, then (without JavaScript) Continue. */
async function passwordStep(page: Page, password: string, javaScriptEnabled: boolean) {
  await expect(page.locator('#password')).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await continueByKeyboard(page, javaScriptEnabled);
}

async function continueByKeyboard(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return;
  await expectNewScreen(page, /\/continue\?requestId=/, t.continue.title);
  await tabFromHeadingTo(page, page.locator('#continue-form button[type="submit"]'));
  await page.keyboard.press('Enter');
}

async function expectSignedIn(page: Page) {
  await expectNewScreen(page, /\/success$/, t.success.title);
}

test.describe('keyboard alone', () => {
  test('sign-in with e-mail and password, errors on both steps, to /success and signed out', PAGE_LOADS, async ({ page, javaScriptEnabled }) => {
    const account = ACCOUNTS.lockout(fresh('keyboard', javaScriptEnabled));
    await startSignIn(page);
    // Typing right after the page loads goes into the e-mail field.
    await expectNewScreen(page, LOGIN_URL, t.login.title, { focus: '#email' });

    // The server's refusal: its message under the field, and the cursor back in it.
    await page.keyboard.type('nobody@example.com');
    await page.keyboard.press('Enter');
    await expectFieldError(page, 'email', t.errors.userNotFound);
    await retype(page, account.email);
    await page.keyboard.press('Enter');
    await expectNewScreen(page, /\/login\?requestId=/, t.credentials.title, { focus: '#password' });

    // The password step: Shift+Tab goes back to the e-mail address's change link (the address
    // itself is text; the show-password button sits inside the field, after it). A wrong
    // password (the server's answer) and an empty one (the browser's check with JavaScript, the
    // server's without) each come back under the field, with the cursor in it.
    const back = await tabTo(page, page.locator('main a', { hasText: t.credentials.changeEmail }), 5, 'Shift+Tab');
    expect(back.map((s) => s.name)).toEqual([`a "${t.credentials.changeEmail}"`]);
    await tabTo(page, page.locator('#password'));
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await expectFieldError(page, 'password', t.errors.passwordInvalid);
    await retype(page, '');
    await page.keyboard.press('Enter');
    await expectFieldError(page, 'password', t.errors.passwordRequired);
    await page.keyboard.type(account.password);
    // Space ticks and unticks "Stay signed in" on the way to the button.
    const stay = page.locator('input[name="rememberMe"]');
    await tabTo(page, stay);
    await page.keyboard.press('Space');
    await expect(stay).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(stay).toBeChecked();
    await tabTo(page, mainSubmit(page));
    await page.keyboard.press('Enter');
    await continueByKeyboard(page, javaScriptEnabled);
    await expectSignedIn(page);
    await expect(page.locator('main')).toContainText(account.email);

    await tabFromHeadingTo(page, page.locator('main form[action="/auth/sign-out"] button'));
    await page.keyboard.press('Enter');
    await expectNewScreen(page, /\/signed-out$/, t.signedOut.title);
  });

  test('a second factor by e-mail: wrong code, then the right one', PAGE_LOADS, async ({ page, javaScriptEnabled, standin }) => {
    const email = MFA.email(fresh('keyboard', javaScriptEnabled));
    await emailStep(page, email);
    await passwordStep(page, MFA.password, javaScriptEnabled);
    if (!javaScriptEnabled) {
      // With JavaScript the only method starts by itself; without, the person presses Send code.
      await expectNewScreen(page, /\/register-mfa\?/, t.mfa.title, { ready: '#mfa-start' });
      await tabFromHeadingTo(page, page.locator('#mfa-start button[type="submit"]'));
      await page.keyboard.press('Enter');
    }
    await expectNewScreen(page, /\/register-mfa\/code\?requestId=/, t.mfa.codeTitle, { focus: '#code' });
    // The form is described by where the code went, so arriving in the field reads both.
    await expect(page.locator('main form').filter({ has: page.locator('#code') })).toHaveAccessibleDescription(t.mfa.sentEmail);

    const [message] = await standin.outbox(email);
    await page.keyboard.type(message.code === '000000' ? '000001' : '000000');
    await page.keyboard.press('Enter');
    await expectFieldError(page, 'code', t.errors.mfaCodeInvalid);
    await retype(page, `${message.code!.slice(0, 3)} ${message.code!.slice(3)}`);
    await page.keyboard.press('Enter');
    await continueByKeyboard(page, javaScriptEnabled);
    await expectSignedIn(page);
  });

  test('registering a second factor: choose text message among several methods', PAGE_LOADS, async ({ page, javaScriptEnabled, standin }) => {
    const email = MFA.all(fresh('keyboard', javaScriptEnabled));
    await emailStep(page, email);
    await passwordStep(page, MFA.password, javaScriptEnabled);
    await expectNewScreen(page, /\/register-mfa\?/, t.mfa.title, { ready: '#mfa-start' });
    const stops = await tabFromHeadingTo(page, page.locator('main button[name="type"][value="SMS"]'));
    expect(stops.map((s) => s.name)).toEqual([`button[name=type] "${t.mfa.optionEmail}"`, `button[name=type] "${t.mfa.optionSms}"`]);
    await page.keyboard.press('Enter');
    await expectNewScreen(page, /\/register-mfa\/code\?requestId=/, t.mfa.codeTitle, { focus: '#code' });
    const [message] = await standin.outbox(`sms:${email}`);
    await page.keyboard.type(message.code!);
    await page.keyboard.press('Enter');
    await continueByKeyboard(page, javaScriptEnabled);
    await expectSignedIn(page);
  });

  test('group selection: the list by arrow keys (combobox with JavaScript, native select without)', PAGE_LOADS, async ({ page, javaScriptEnabled }) => {
    await emailStep(page, `groups.many+${fresh('keyboard', javaScriptEnabled)}@example.com`);
    await passwordStep(page, MFA.password, javaScriptEnabled);
    await expectNewScreen(page, /\/group-selection\?requestId=/, t.groups.title, { ready: '#group', focus: '#group' });
    const field = page.locator('#group');

    // Signing in without a group: the message under the list, and focus back in it.
    await tabTo(page, mainSubmit(page));
    await page.keyboard.press('Enter');
    await expectFieldError(page, 'group', t.errors.groupRequired);

    if (javaScriptEnabled) {
      await page.keyboard.press('ArrowDown');
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      const options = page.locator('main [role="listbox"] [role="option"]');
      await expect(options).toHaveCount(4);
      await page.keyboard.press('ArrowDown');
      await expect(field).toHaveAttribute('aria-activedescendant', /option-1$/);
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      const name = await options.nth(1).locator('span').first().textContent();
      await page.keyboard.press('Enter');
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expect(field).toHaveValue(name!);
    } else {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(field).not.toHaveValue('');
    }
    const chosen = await page.locator('[name="groupId"]').first().inputValue();
    expect(chosen).not.toBe('');
    await tabTo(page, mainSubmit(page));
    await page.keyboard.press('Enter');
    await continueByKeyboard(page, javaScriptEnabled);
    await expectSignedIn(page);
    await expect(page.locator('main p')).toHaveCount(2);
  });

  test('password reset: forgot, send the link, a mismatch, then the new password', PAGE_LOADS, async ({ page, javaScriptEnabled, standin }) => {
    const email = ACCOUNTS.lockout(`reset-${fresh('keyboard', javaScriptEnabled)}`).email;
    await emailStep(page, email);
    // "Forgot your password?" comes after the form's buttons, still before the footer.
    await tabTo(page, page.locator('main a[href^="/reset-password-init"]'));
    await page.keyboard.press('Enter');
    await expectNewScreen(page, /\/reset-password-init\?requestId=/, t.resetInit.title);
    await tabFromHeadingTo(page, mainSubmit(page));
    await page.keyboard.press('Enter');
    await expectNewScreen(page, /\/reset-password-confirmation\?requestId=/, t.resetSent.title);
    await expect(heading(page)).toHaveAccessibleDescription(t.resetSent.description.replace('{email}', email));

    await expect.poll(async () => (await standin.outbox(email)).filter((m) => m.link).length).toBeGreaterThan(0);
    const [{ link }] = (await standin.outbox(email)).filter((m) => m.link);
    await page.goto(link!);
    await expectNewScreen(page, /\/reset-password\?requestId=/, t.resetForm.title, { focus: '#password' });
    await page.keyboard.type('NewKitchen2027');
    await tabTo(page, page.locator('#confirmPassword'));
    await page.keyboard.type('NewKitchen2027x');
    await page.keyboard.press('Enter');
    await expectFieldError(page, 'confirmPassword', t.errors.passwordsDontMatch);
    await retype(page, 'NewKitchen2027');
    if (!javaScriptEnabled) {
      // The page the server answered with holds neither password; back up to the first one.
      await tabTo(page, page.locator('#password'), 5, 'Shift+Tab');
      await page.keyboard.type('NewKitchen2027');
    }
    await page.keyboard.press('Enter');
    await expectNewScreen(page, /\/reset-password-success/, t.resetSuccess.title);
  });

  test('e-mail confirmation: the link is sent, opened, and signs in', PAGE_LOADS, async ({ page, javaScriptEnabled, standin }) => {
    const email = `unverified+${fresh('keyboard', javaScriptEnabled)}@example.com`;
    await emailStep(page, email);
    await passwordStep(page, ACCOUNTS.password.password, javaScriptEnabled);
    if (!javaScriptEnabled) {
      await expectNewScreen(page, /\/verify-email\?/, t.verifyEmail.title);
      await tabFromHeadingTo(page, page.locator('#verify-start button[type="submit"]'));
      await page.keyboard.press('Enter');
    }
    await expectNewScreen(page, /\/verify-email\?/, t.verifyEmail.title);
    await expect(heading(page)).toHaveAccessibleDescription(t.verifyEmail.sentDescription);

    await expect.poll(async () => (await standin.outbox(email)).filter((m) => m.link).length).toBe(1);
    const [{ link }] = (await standin.outbox(email)).filter((m) => m.link);
    await page.goto(link!);
    if (!javaScriptEnabled) {
      await expectNewScreen(page, /\/verify-email-complete\?/, t.verifyComplete.title);
      await tabFromHeadingTo(page, page.locator('#after-register button[type="submit"]'));
      await page.keyboard.press('Enter');
    }
    await expectSignedIn(page);
    await expect(page.locator('main')).toContainText(email);
  });
});

test('by keyboard, a browser-side error gives way to the server answer once the field is edited', PAGE_LOADS, async ({ page }) => {
  await startSignIn(page);
  await expect(page.locator('#email')).toBeFocused();
  await page.keyboard.press('Enter');
  await expectFieldError(page, 'email', t.errors.emailRequired);
  await page.keyboard.type('nobody@example.com');
  await page.keyboard.press('Enter');
  await expect(page.locator('#email-error')).toHaveText(t.errors.userNotFound);
  await expectFieldError(page, 'email', t.errors.userNotFound);
});

/** From the e-mail step to a reset link's new-password form (two fields: the summary's case). */
async function toNewPasswordForm(page: Page, email: string, standin: Parameters<typeof openResetLink>[1]) {
  await emailStep(page, email);
  await tabTo(page, page.locator('main a[href^="/reset-password-init"]'));
  await page.keyboard.press('Enter');
  await tabFromHeadingTo(page, mainSubmit(page));
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText(t.resetSent.title);
  await openResetLink(page, standin, email);
  await expectNewScreen(page, /\/reset-password\?requestId=/, t.resetForm.title, { focus: '#password' });
}

test.describe('after a failed submit of the new password', () => {
  // With JavaScript only: the browser's checks answer at once and put the cursor back in the
  // page that is still there (without it, the re-rendered page starts in that field, as the
  // reset test above shows for the repeat).
  test(
    'the cursor goes to the first field in error, the password whose checklist says why, on every failed submit',
    { tag: '@js-on-only' },
    async ({ page, standin }) => {
      await toNewPasswordForm(page, ACCOUNTS.lockout(`refused-again-${fresh('keyboard', true)}`).email, standin);
      // Both fields empty: the checklist carries the password's rules, so no summary lists them again.
      await tabTo(page, page.locator('#confirmPassword'));
      await page.keyboard.press('Enter');
      await expect(page.locator('#password')).toBeFocused({ timeout: 5_000 });
      await expect(page.locator('#password')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('.error-summary')).toHaveCount(0);
      await expect(page.locator('#confirmPassword-error')).toHaveText(t.errors.repeatRequired);
      await tabTo(page, page.locator('#confirmPassword'));
      await page.keyboard.press('Enter');
      await expect(page.locator('#password')).toBeFocused({ timeout: 5_000 });
    },
  );

  test('the next screen still starts where it should', { tag: '@js-on-only' }, async ({ page, standin }) => {
    await toNewPasswordForm(page, ACCOUNTS.lockout(`refused-next-${fresh('keyboard', true)}`).email, standin);
    await page.keyboard.press('Enter');
    await expect(page.locator('#password')).toBeFocused({ timeout: 5_000 });
    await page.keyboard.type('NewKitchen2027');
    await tabTo(page, page.locator('#confirmPassword'));
    await page.keyboard.type('NewKitchen2027');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/reset-password-success/);
    await expect(heading(page)).toBeFocused({ timeout: 5_000 });
  });
});
