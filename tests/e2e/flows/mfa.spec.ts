import type { Page } from '@playwright/test';
import { JSDOM } from 'jsdom';
import { Secret, TOTP } from 'otpauth';
import { CLIENT_NAME, continueToProvider, expect, generations, MFA, noJs, submit, test, toPasswordStep } from '../support/fixtures';
import { BACK_FROM_PROVIDER, signInByRequest } from '../support/forms';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const SEND_CODE_PRESSED = noJs(
  'without JavaScript the single method waits for its Send code button (shown only then, .only-without-js); with JavaScript the code goes out by itself',
);
const CONTINUE_PRESSED = noJs(
  'without JavaScript the single authenticator-app method waits for its Continue button (shown only then); with JavaScript the page goes on by itself',
);
const RESEND_COUNTDOWN = noJs(
  'without JavaScript the countdown is the server’s: a resend pressed early is answered with the wait, and the wait is real time; with JavaScript the page holds the button back',
);
const CHECKED_BY_THE_SERVER = noJs(
  'without JavaScript "required" and "wrong length" are the server’s answers (no browser-side checks), the cursor placed by the answer page',
);
const REDIRECT_AFTER_A_POST = noJs(
  'without JavaScript the method is started by its Send request button, and the provider’s set-up page is reached by the post’s redirect; with JavaScript by a script’s navigation',
);
const SETUP_REFUSED = generations(
  'the set-up a tenant refuses on the MFA requirement’s track (docs/provider-contract.md §2.19): verification-actions-srv/setup/{method}/initiation answers VER_0025 on current tenants; legacy ones do not serve it, and verification-srv/v2/setup/initiate/suggestmfa refuses in its own words',
);

/** A fresh account per test, project and repetition (each address is its own stand-in account). */
const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;

/**
 * Password step for an MFA account; ends on the MFA page the provider sends the browser to. The
 * sign-in before it goes by request (the same with and without JavaScript); the page opens in the browser.
 */
async function toMfa(page: Page, email: string) {
  await page.goto((await signInByRequest(page, email, MFA.password, { until: BACK_FROM_PROVIDER })).url.href);
  await expect(page).toHaveURL(/\/register-mfa/);
}

/** With JavaScript the only option starts by itself; without it the person presses the button. */
async function startSingle(page: Page, javaScriptEnabled: boolean, button: 'Send code' | 'Continue') {
  if (!javaScriptEnabled) await submit(page, button);
  await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Security code', { exact: true }).fill(code);
  await submit(page, 'Verify');
}

async function expectSignedIn(page: Page, email: string, javaScriptEnabled: boolean) {
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
}

const totpNow = () => new TOTP({ secret: Secret.fromBase32(MFA.totpSecret), digits: 6, period: 30 }).generate();

test.describe('each second factor to /success', () => {
  // No source names where a sent code went (docs/provider-contract.md §7): the texts say e-mail or
  // text message without the address; a destination a tenant sends is shown (unit-tested).
  test('e-mail: code by e-mail, pasted with a space', SEND_CODE_PRESSED, async ({ page, javaScriptEnabled, standin, expectAccessible, expectOnlyMessages }) => {
    const email = MFA.email(tag('only', javaScriptEnabled));
    const served = javaScriptEnabled
      ? page.waitForResponse((r) => new URL(r.url()).pathname === '/register-mfa' && r.request().resourceType() === 'document' && r.status() === 200)
      : undefined;
    await toMfa(page, email);
    if (served) {
      // Starting by itself, the page says so from its first paint, with no button to press half a
      // second before the script does (ux-review D15); the button is there for no-JS browsers.
      const html = new JSDOM(await (await served).text()).window.document;
      expect(html.querySelector('#mfa-start .actions.only-without-js button')?.textContent).toBe('Send code');
      expect(html.querySelector('#mfa-start .needs-js [role="status"]')?.textContent).toBe('Sending the code…');
    }
    if (!javaScriptEnabled) {
      await expect(page.getByText('We will send a security code to your e\u2011mail address.')).toBeVisible();
      await expectAccessible(page);
    }
    await startSingle(page, javaScriptEnabled, 'Send code');
    await expect(page.getByText('We have sent a 6\u2011digit code to your e\u2011mail address.')).toBeVisible();
    const field = page.getByLabel('Security code', { exact: true });
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', [CLIENT_NAME]);
    const [message] = await standin.outbox(email);
    await enterCode(page, `${message.code!.slice(0, 3)} ${message.code!.slice(3)}`);
    await expectSignedIn(page, email, javaScriptEnabled);
  });

  test('SMS: code by text message', async ({ page, javaScriptEnabled, standin }) => {
    const email = MFA.sms(tag('only', javaScriptEnabled));
    await toMfa(page, email);
    await startSingle(page, javaScriptEnabled, 'Send code');
    await expect(page.getByText('We have sent a 6\u2011digit code to your mobile phone by text message.')).toBeVisible();
    const [message] = await standin.outbox(`sms:${email}`);
    await enterCode(page, message.code!);
    await expectSignedIn(page, email, javaScriptEnabled);
  });

  test('authenticator app: no resend offered, the app code signs in', CONTINUE_PRESSED, async ({ page, javaScriptEnabled, expectAccessible }) => {
    const email = MFA.totp(tag('only', javaScriptEnabled));
    await toMfa(page, email);
    await startSingle(page, javaScriptEnabled, 'Continue');
    await expect(page.getByText('Enter the 6\u2011digit code shown in your authenticator app.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new code' })).toHaveCount(0);
    // One method only, yet a way out: another account (the tenant's login for this sign-in), and help.
    await expect(page.getByRole('link', { name: 'Choose another method' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Use another account' })).toHaveAttribute('href', /\/authz-srv\/authz\/resolve_redirect\//);
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'https://www.example.com/support');
    await expectAccessible(page);
    await enterCode(page, totpNow());
    await expectSignedIn(page, email, javaScriptEnabled);
  });

  test(
    'nothing configured: the methods to set up are offered first; the tenant refusing a set-up on its track hands back its e-mail code',
    SETUP_REFUSED,
    async ({ page, javaScriptEnabled, standin }) => {
      const email = MFA.fallback(tag('none', javaScriptEnabled));
      await toMfa(page, email);
      await expect(page.getByText('You haven’t set up a second sign-in method yet.', { exact: false })).toBeVisible();
      // This tenant does not set methods up on its MFA requirement's track (VER_0025): its own rules apply.
      await submit(page, 'Set up an authenticator app');
      await expect(page).toHaveURL(/\/register-mfa\?requestId=/);
      await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toHaveCount(0);
      await startSingle(page, javaScriptEnabled, 'Send code');
      await expect(page.getByText('We have sent a 6\u2011digit code to your e\u2011mail address.')).toBeVisible();
      const [message] = await standin.outbox(email);
      await enterCode(page, message.code!);
      await expectSignedIn(page, email, javaScriptEnabled);
    },
  );
});

test('several options: choose one, switch to another, sign in', async ({ page, javaScriptEnabled, standin, expectAccessible, expectOnlyMessages }) => {
  const email = MFA.all(tag('switch', javaScriptEnabled));
  await toMfa(page, email);
  await expect(page.getByText('Choose how you would like to confirm your sign-in.')).toBeVisible();
  await expectAccessible(page);
  await expectOnlyMessages(page, 'en-GB');
  await page.getByRole('button', { name: 'Text message (SMS)', exact: true }).click();
  await expect(page).toHaveURL(/\/register-mfa\/code/);
  // No source names a masked destination in the initiation's answer (docs/provider-contract.md §7),
  // so the stand-in sends none and the page says where the code went in general terms.
  await expect(page.getByText('We have sent a 6\u2011digit code to your mobile phone by text message.')).toBeVisible();
  expect(await standin.outbox(`sms:${email}`)).toHaveLength(1);

  await page.getByRole('link', { name: 'Choose another method' }).click();
  await expect(page.getByRole('button', { name: 'Authenticator app', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Authenticator app', exact: true }).click();
  await expect(page.getByText('Enter the 6\u2011digit code shown in your authenticator app.')).toBeVisible();
  await enterCode(page, totpNow());
  await expectSignedIn(page, email, javaScriptEnabled);
});

test(
  'resend: a countdown first, then a new code that replaces the old one',
  RESEND_COUNTDOWN,
  async ({ page, javaScriptEnabled, standin, expectAccessible }) => {
    const email = MFA.email(tag('resend', javaScriptEnabled));
    await toMfa(page, email);
    await startSingle(page, javaScriptEnabled, 'Send code');
    await expect(page.getByText(/You can request a new code in \d+\u00a0seconds\./)).toBeVisible();
    const resend = page.getByRole('button', { name: 'Send a new code' });
    if (javaScriptEnabled) {
      await expect(resend).toHaveAttribute('aria-disabled', 'true');
      // force: Playwright would otherwise wait for the button to become usable.
      await resend.click({ force: true });
      await page.waitForTimeout(300);
      expect(await standin.outbox(email)).toHaveLength(1);
      await expect(page.getByText('You can request a new code in 1\u00a0second.')).toBeVisible();
      await expect(resend).not.toHaveAttribute('aria-disabled', 'true', { timeout: 6_000 });
      await expect(page.getByRole('status').filter({ hasText: 'You can now request a new code.' })).toBeAttached();
    } else {
      await resend.click();
      await expect(page.getByText(/You can request a new code in \d+\u00a0seconds\./)).toBeVisible();
      expect(await standin.outbox(email)).toHaveLength(1);
      await page.waitForTimeout(3_200);
    }
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByText('A new code has been sent.')).toBeVisible();
    const messages = await standin.outbox(email);
    expect(messages).toHaveLength(2);
    await expectAccessible(page);
    // A code that has expired is dead: the "sent" notice goes, and a new one can be asked for at
    // once (ux-review D13), not after the wait that was running for the dead code.
    await standin.expireCodes(email);
    await enterCode(page, messages[1].code!);
    await expect(page.getByLabel('Security code', { exact: true })).toHaveAccessibleDescription('This code has expired. Please request a new code.');
    await expect(page.getByText('A new code has been sent.')).toHaveCount(0);
    await expect(page.getByText(/You can request a new code in/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send a new code' })).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByText('A new code has been sent.')).toBeVisible();
    const third = await standin.outbox(email);
    expect(third).toHaveLength(3);
    await enterCode(page, third[2].code!);
    await expectSignedIn(page, email, javaScriptEnabled);
  },
);

test.describe('code errors appear on the code field', () => {
  test('required, wrong length, incorrect, then expired', CHECKED_BY_THE_SERVER, async ({ page, javaScriptEnabled, standin, expectAccessible }) => {
    const email = MFA.email(tag('errors', javaScriptEnabled));
    await toMfa(page, email);
    await startSingle(page, javaScriptEnabled, 'Send code');
    const field = page.getByLabel('Security code', { exact: true });
    await submit(page, 'Verify');
    await expect(field).toHaveAccessibleDescription('Security code is required.');
    await enterCode(page, '12345');
    await expect(field).toHaveAccessibleDescription('The code must be exactly 6\u00a0digits long.');
    const [message] = await standin.outbox(email);
    const wrong = message.code === '000000' ? '000001' : '000000';
    await enterCode(page, wrong);
    await expect(field).toHaveAccessibleDescription('Incorrect code. Please try again.');
    await expect(field).toBeFocused();
    await expect(page.locator('.error-summary')).toHaveCount(0);
    await expectAccessible(page);
    await standin.expireCodes(email);
    await enterCode(page, message.code!);
    await expect(field).toHaveAccessibleDescription('This code has expired. Please request a new code.');
  });

  test('a code that was already used is refused', async ({ page, javaScriptEnabled, standin }) => {
    test.setTimeout(45_000);
    const email = MFA.email(tag('reuse', javaScriptEnabled));
    // Keep the browser here instead of following the continuation to the provider.
    await page.route('**/login-srv/precheck/continue/**', (route) => route.abort());
    await toMfa(page, email);
    await startSingle(page, javaScriptEnabled, 'Send code');
    const codePage = page.url();
    const [message] = await standin.outbox(email);
    const continued = javaScriptEnabled ? page.waitForRequest('**/login-srv/precheck/continue/**') : undefined;
    await enterCode(page, message.code!);
    if (continued) await continued;
    else await expect(page).toHaveURL(/\/continue\?requestId=/);
    await page.goto(codePage);
    // An identical submit within 10 s is folded into the first (a double click); wait that out.
    await page.waitForTimeout(10_500);
    await enterCode(page, message.code!);
    await expect(page.getByLabel('Security code', { exact: true })).toHaveAccessibleDescription('Incorrect code. Please try again.');
  });
});

test('a method that needs setting up first sends the browser where the provider says', REDIRECT_AFTER_A_POST, async ({ page, javaScriptEnabled, standin }) => {
  await toPasswordStep(page, MFA.redirect(tag('push', javaScriptEnabled)));
  await page.getByLabel('Password', { exact: true }).fill(MFA.password);
  await submit(page, 'Sign in');
  await continueToProvider(page, javaScriptEnabled);
  // With JavaScript the only option starts by itself and the MFA page may be gone before a
  // check of its address gets to see it; without, the person is on it and presses the button.
  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(/\/register-mfa/);
    await submit(page, 'Send request');
  }
  await expect(page).toHaveURL(`${standin.url}/verification-srv/setup/push`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Device setup (stand-in)');
});

test('refresh, Back and a second tab never send a second code', async ({ page, context, javaScriptEnabled, standin }) => {
  const email = MFA.email(tag('once', javaScriptEnabled));
  await toMfa(page, email);
  const entry = page.url();
  await startSingle(page, javaScriptEnabled, 'Send code');
  await page.reload();
  await expect(page.getByLabel('Security code', { exact: true })).toBeVisible();
  await page.goto(entry);
  await expect(page).toHaveURL(/\/register-mfa\/code/);
  const second = await context.newPage();
  await second.goto(entry);
  await expect(second).toHaveURL(/\/register-mfa\/code/);
  expect(await standin.outbox(email)).toHaveLength(1);
  const [message] = await standin.outbox(email);
  await enterCode(page, message.code!);
  await expectSignedIn(page, email, javaScriptEnabled);
});

test('backup codes: named among the methods, typed as printed (in groups), nothing to resend, how many are left; a used one is refused', async ({
  page,
  browser,
  javaScriptEnabled,
  expectAccessible,
  expectOnlyMessages,
}) => {
  const email = MFA.backup(tag('backup', javaScriptEnabled));
  await toMfa(page, email);
  await submit(page, 'Use a backup code');
  await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter a backup code');
  await expect(page.getByText('Enter one of the backup codes you saved, with or without spaces. Each code works once.')).toBeVisible();
  await expect(page.getByRole('button', { name: /new code/ })).toHaveCount(0);
  await expectAccessible(page);
  await expectOnlyMessages(page, 'en-GB', [CLIENT_NAME]);

  // As printed: in two groups of four.
  const [first, second] = MFA.backupCodes;
  await page.getByLabel('Backup code', { exact: true }).fill(`${first.slice(0, 4)} ${first.slice(4)}`);
  await submit(page, 'Verify');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Backup code accepted');
  await expect(page.getByText('You have 9 backup codes left. Each code works once.')).toBeVisible();
  await submit(page, 'Continue');
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();

  // The same code in a new sign-in is used up; another one works.
  const again = await browser.newPage({ javaScriptEnabled });
  await toMfa(again, email);
  await submit(again, 'Use a backup code');
  await again.getByLabel('Backup code', { exact: true }).fill(first);
  await submit(again, 'Verify');
  await expect(again.getByText('Incorrect code. Please try again.')).toBeVisible();
  await again.getByLabel('Backup code', { exact: true }).fill(`${second.slice(0, 4)}-${second.slice(4)}`);
  await submit(again, 'Verify');
  await expect(again.getByText('You have 8 backup codes left. Each code works once.')).toBeVisible();
  await again.close();
});
