import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, continueToProvider, expect, jsOffOnly, MFA, noJs, startSignIn, submit, test, toPasswordStep } from '../support/fixtures';
import { newRequestId, startOwnApp } from '../support/own-app';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const ANSWER_503 = noJs(
  'without JavaScript the 503 answer to the form post is itself the page shown (the alert, the reference, the address kept); the Copy reference button needs a script and is not offered',
);
const PAGE_IN_ONE_PIECE = noJs(
  'without JavaScript the MFA page is rendered in one piece (render=sync) instead of streamed, so the failure reaches the page by that path',
);
const CONTINUE_TEXT = jsOffOnly(
  'the continue page’s words for a browser without JavaScript ("Select Continue to go on"); with JavaScript the page posts itself',
);

/**
 * The front door's behaviour (docs/architecture.md "Decisions worth knowing"): a slow or silent provider
 * keeps the person on the step with what they typed and a reference; a code pasted anywhere lands in the code
 * field; the breached- and reused-password refusals in the person's language; pages that need a press without
 * JavaScript say so. Focus, single errors, lockout and the declined screen are in keyboard.spec.ts,
 * error-summary.spec.ts, login-branches.spec.ts and sign-in.spec.ts.
 */
const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;
const REFERENCE = /([A-F0-9]{10})/;

test(
  'a provider that does not answer the password check: the step says so, keeps the address, and Sign in tries again',
  ANSWER_503,
  async ({ page, javaScriptEnabled, standin, appLog, expectAccessible, expectOnlyMessages }) => {
    const email = ACCOUNTS.lockout(tag('outage', javaScriptEnabled)).email;
    const requestId = await toPasswordStep(page, email);
    await standin.fault({ requestId, mode: 'close', times: 1 });
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.password.password);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await submit(page, 'Sign in');
    expect((await answer).status()).toBe(503);

    const alert = page.locator('main [role="alert"]');
    await expect(alert).toContainText('The sign-in service isn’t responding. Please try again.');
    const reference = REFERENCE.exec(await alert.getByText(/^Reference: /).innerText())![1];
    await expect.poll(() => appLog()).toContain(`"ref":"${reference}"`);
    await expect(page.getByLabel('E\u2011mail address')).toHaveValue(email);
    // What was typed stays, except the password, which is never sent back.
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    if (javaScriptEnabled) await expect(alert.getByRole('button', { name: 'Copy reference' })).toBeVisible();
    else await expect(alert.getByRole('button', { name: 'Copy reference' })).toBeHidden();
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', [email, `Reference: ${reference}`, 'Kitchen Equipment Sales Portal (demo)']);

    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.password.password);
    await submit(page, 'Sign in');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);

test('a slow password check says it is taking longer than usual, then goes on', { tag: '@js-on-only' }, async ({ browser, standin }) => {
  // An app of its own whose provider deadline (8 s) outlasts the delay; the shared one gives up
  // after 2 s, which is its own test above.
  const app = await startOwnApp({ PROVIDER_TIMEOUT_MS: '8000' });
  const context = await browser.newContext({ baseURL: app.url });
  try {
    const page = await context.newPage();
    const requestId = await newRequestId();
    await page.goto(`/?requestId=${requestId}`);
    await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.lockout(tag('slow', true)).email);
    await submit(page, 'Next');
    await expect(page).toHaveURL(/\/login\?requestId=/);
    await standin.fault({ requestId, mode: 'delay', delayMs: 4_500, times: 1 });
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.password.password);
    await submit(page, 'Sign in');
    const button = page.locator('main form button[type="submit"]').first();
    await expect(button).toHaveText('Signing in…');
    await expect(button).toHaveText('Taking longer than usual…', { timeout: 4_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Taking longer than usual…' })).toBeAttached();
    await expect(page).toHaveURL(/\/continue\?requestId=|\/success|callback/, { timeout: 15_000 });
  } finally {
    await context.close();
    await app.stop();
  }
});

test(
  'a page that cannot load its content: "isn\'t responding", a reference, and Try again',
  PAGE_IN_ONE_PIECE,
  async ({ page, javaScriptEnabled, standin }) => {
    const email = MFA.all(tag('list-outage', javaScriptEnabled));
    const requestId = await toPasswordStep(page, email);
    // The method list the MFA page reads.
    const fault = await standin.fault({ pathIncludes: 'configured/list', requestId, mode: 'close' });
    await page.getByLabel('Password', { exact: true }).fill(MFA.password);
    await submit(page, 'Sign in');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The sign-in service isn’t responding', { timeout: 15_000 });
    await expect(page.getByText(/^Reference: [A-F0-9]{10}$/)).toBeVisible();
    await standin.clearFault(fault);
    await page.getByRole('link', { name: 'Try again' }).click();
    // The method list again (this tenant names no medium, so each button names the method).
    await expect(page.getByRole('button', { name: 'E\u2011mail', exact: true })).toBeVisible();
  },
);

test('a code pasted while focus is elsewhere on the code screen lands in the code field', { tag: '@js-on-only' }, async ({ page, standin }) => {
  const email = MFA.email(tag('paste', true));
  await toPasswordStep(page, email);
  await page.getByLabel('Password', { exact: true }).fill(MFA.password);
  await submit(page, 'Sign in');
  await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
  const [message] = await standin.outbox(email);
  await page.locator('main h1').focus();
  await paste(page, `${message.code!.slice(0, 3)} ${message.code!.slice(3)}`);
  const field = page.getByLabel('Security code', { exact: true });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(message.code!);
  await submit(page, 'Verify');
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
});

/** A paste on the focused element, as the browser fires it for Ctrl+V with text on the clipboard. */
async function paste(page: Page, text: string) {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('without JavaScript the continue page asks for Continue instead of promising "one moment"', CONTINUE_TEXT, async ({ page }) => {
  await toPasswordStep(page, ACCOUNTS.password.email);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.password.password);
  await submit(page, 'Sign in');
  await expect(page).toHaveURL(/\/continue\?requestId=/);
  // What the page shows (both texts are sent; CSS shows the one that holds).
  await expect(page.locator('#page-description')).toHaveText('Select Continue to go on.', { useInnerText: true });
  await expect(page.locator('main h1')).toHaveAccessibleDescription('Select Continue to go on.');
  await expect(page.getByText(/One moment/)).toBeHidden();
  await expect(page.getByText('If nothing happens, select Continue.')).toBeHidden();
});

for (const [locale, breached] of [
  ['de-DE', 'Dieses Passwort ist bei einem Datenleck bekannt geworden und ist nicht sicher. Bitte wählen Sie ein anderes Passwort.'],
  ['ja-JP', 'このパスワードはデータ漏洩で見つかっているため、安全ではありません。別のパスワードを選んでください。'],
] as const) {
  test(`a breached new password is refused in the page's language (${locale})`, async ({ browser, javaScriptEnabled, standin, baseURL }) => {
    const messages = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, Record<string, string>>;
    expect(messages.errors.passwordPwned).toBe(breached);
    const context = await browser.newContext({ baseURL, locale, javaScriptEnabled });
    const page = await context.newPage();
    const email = ACCOUNTS.lockout(tag(`breach-${locale.toLowerCase()}`, javaScriptEnabled)).email;
    const requestId = await startSignIn(page);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('form:has(input[name="email"]) button[type="submit"]').click();
    await expect(page).toHaveURL(/\/login\?requestId=/);
    await page.goto(`/reset-password-init?requestId=${requestId}`);
    await page.locator('main form button[type="submit"]').click();
    // The link is in the outbox before the answer that saves the flow reaches the browser: opening
    // it earlier let that answer's cookie land after the link's and drop the link's tokens.
    await expect(page).toHaveURL(/\/reset-password-confirmation\?requestId=/);
    await expect.poll(async () => (await standin.outbox(email)).filter((m) => m.link).length).toBe(1);
    await page.goto((await standin.outbox(email)).find((m) => m.link)!.link!);
    await page.locator('#password').fill('Welcome12345');
    await page.locator('#confirmPassword').fill('Welcome12345');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('#password-error')).toHaveText(breached);
    await context.close();
  });
}
