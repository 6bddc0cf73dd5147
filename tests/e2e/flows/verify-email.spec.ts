import { continueToProvider, expect, submit, test, toPasswordStep } from '../support/fixtures';

const fresh = (kind: string, js: boolean) =>
  `unverified+${kind}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}@example.com`;

test('an unconfirmed address: link from the outbox, then signed in automatically', async ({ page, javaScriptEnabled, standin, expectAccessible, expectOnlyMessages }) => {
  const email = fresh('trip', javaScriptEnabled);
  const requestId = await toPasswordStep(page, email);
  await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
  await submit(page, 'Sign in');
  await continueToProvider(page, javaScriptEnabled);

  await expect(page).toHaveURL(/\/verify-email\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e-mail address');
  if (!javaScriptEnabled) {
    await expectAccessible(page);
    await submit(page, 'Send confirmation link');
  }
  await expect(page.getByText(/We have sent a confirmation link to your e-mail address\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `${standin.url}/authz-srv/authz/resolve_redirect/${requestId}`);
  await expectAccessible(page);
  await expectOnlyMessages(page, 'en-GB');

  await expect.poll(async () => (await standin.outbox(email)).filter((m) => m.link).length).toBe(1);
  const [message] = (await standin.outbox(email)).filter((m) => m.link);
  await page.goto(message.link!);
  await expect(page).toHaveURL(/\/verify-email-complete\?|\/success$/);
  if (!javaScriptEnabled) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail address is confirmed');
    await expectAccessible(page);
    await submit(page, 'Continue');
  }
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
});

test('the confirmation link can be sent again after the countdown', async ({ page, javaScriptEnabled, standin }) => {
  const email = fresh('resend', javaScriptEnabled);
  await toPasswordStep(page, email);
  await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
  await submit(page, 'Sign in');
  await continueToProvider(page, javaScriptEnabled);
  if (!javaScriptEnabled) await submit(page, 'Send confirmation link');
  await expect(page.getByText(/You can request another link in \d+ seconds\./)).toBeVisible();
  await page.reload();
  expect((await standin.outbox(email)).filter((m) => m.link), 'a reload sends nothing').toHaveLength(1);
  await page.waitForTimeout(3_200);
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('The link has been sent again.')).toBeVisible();
  expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(2);
});

test('the completion page without a login suggestion offers to sign in', async ({ page, expectAccessible }) => {
  await page.goto('/verify-email-complete?requestId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Thank you. You can now sign in.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
});
