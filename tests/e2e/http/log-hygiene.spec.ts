import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { expect, httpTest as test, toPasswordStep } from '../support/fixtures';
import { openEmailForm, postForm } from '../support/forms';

/**
 * Canary values through every flow, then a search of the app's log (no secret is ever logged):
 * passwords, codes, reset tokens and cookie values must never appear in it.
 */
const canary = () => `Canary${randomBytes(6).toString('hex')}Aa9`;

test('no password, code, reset token or cookie value reaches the log', async ({ browser, standin, appLog }) => {
  test.setTimeout(90_000);
  const secrets: string[] = [];
  const cookieValues = async (context: BrowserContext) => (await context.cookies()).map((c) => c.value).filter((v) => v.length >= 16);
  const context = await browser.newContext({ baseURL: process.env.E2E_APP_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  const tag = randomBytes(4).toString('hex');

  // Password sign-in with a wrong (canary) password first, then the right one.
  const email = `lockout+canary-${tag}@example.com`;
  await toPasswordStep(page, email);
  const wrong = canary();
  secrets.push(wrong, 'KitchenDemo2026');
  await page.getByLabel('Password', { exact: true }).fill(wrong);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('#password-error')).toHaveText('Incorrect password. Please try again.');
  secrets.push(...(await cookieValues(context)));
  await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  secrets.push(...(await cookieValues(context)));

  // Group selection and an e-mail code.
  const mfaEmail = `groupfirst.mfa+canary-${tag}@example.com`;
  await toPasswordStep(page, mfaEmail);
  await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  // The track id and subject in the group page's path are logged as the path's pattern only.
  secrets.push(...new URL(page.url()).pathname.split('/').slice(2, 4));
  await page.getByRole('combobox', { name: 'Sales organisation', exact: true }).selectOption('kitchenpro-north');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  const [message] = await standin.outbox(mfaEmail);
  secrets.push(...(await cookieValues(context)));
  await page.getByLabel('Security code', { exact: true }).fill(message.code!);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Acting for KitchenPro North Ltd.')).toBeVisible();
  secrets.push(...(await cookieValues(context)));

  // A password reset: the link's tokens and the new password.
  const resetEmail = `lockout+canary-reset-${tag}@example.com`;
  await toPasswordStep(page, resetEmail);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('button', { name: 'Send link', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e\u2011mail');
  const [reset] = (await standin.outbox(resetEmail)).filter((m) => m.link);
  // The link's tokens and those of the hosted page the provider forwards it to (current API:
  // handlereset → password_set with the exchange id).
  const visited: string[] = [];
  page.on('request', (r) => visited.push(r.url()));
  await page.goto(reset.link!);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  for (const url of [reset.link!, ...visited]) {
    secrets.push(...[...new URL(url).searchParams.entries()].filter(([key]) => /rprq|exchangeid|^code$/i.test(key)).map(([, value]) => value));
  }
  const fresh = canary();
  secrets.push(fresh);
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Repeat new password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Save password', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your password has been changed');
  secrets.push(...(await cookieValues(context)));
  await context.close();

  expect(secrets.length).toBeGreaterThan(8);
  const log = appLog();
  expect(log).toContain('"event":"request"'); // the log is there and being written
  for (const secret of new Set(secrets)) expect(log.includes(secret), `log contains ${secret.slice(0, 12)}…`).toBe(false);
  // The six digits of the code, not merely as part of some id or number.
  expect(log).not.toMatch(new RegExp(`(?<![0-9a-fA-F])${message.code}(?![0-9a-fA-F])`));
});

test('a CR/LF in a submitted value cannot forge a log line', async ({ request, appLog }) => {
  const form = await openEmailForm(request);
  const forged = 'x@example.com\r\n{"level":60,"msg":"forged"}';
  await postForm(request, form.url, { ...form.fields, email: forged });
  expect(
    appLog()
      .split('\n')
      .some((line) => line.startsWith('{"level":60,"msg":"forged"')),
  ).toBe(false);
  for (const line of appLog()
    .split('\n')
    .filter((l) => l.startsWith('{')))
    expect(() => JSON.parse(line), line.slice(0, 80)).not.toThrow();
});
