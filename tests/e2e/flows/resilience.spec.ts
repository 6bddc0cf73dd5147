import { ACCOUNTS, expect, submit, test, toPasswordStep } from '../support/fixtures';

test.describe('Back, refresh and expiry never dead-end', () => {
  test('refreshing the password step keeps the person there', async ({ page }) => {
    await toPasswordStep(page, ACCOUNTS.password.email);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your password');
    await expect(page.getByLabel('E-mail address')).toHaveValue(ACCOUNTS.password.email);
  });

  test('Back from the password step shows the e-mail step again, ready to continue', async ({ page }) => {
    await toPasswordStep(page, ACCOUNTS.password.email);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await page.getByLabel('E-mail address').fill(ACCOUNTS.password.email);
    await submit(page, 'Next');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your password');
  });

  test('an expired flow explains itself and "Start again" returns to the provider for the same request', async ({ page, context, expectAccessible }) => {
    const requestId = await toPasswordStep(page, ACCOUNTS.password.email);
    await context.clearCookies();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in has expired');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Start again' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]requestId=${requestId}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  });

  test('a second tab with another sign-in does not let the first tab post into the wrong flow', async ({ page, context }) => {
    const first = await toPasswordStep(page, ACCOUNTS.password.email);
    const second = await context.newPage();
    await toPasswordStep(second, ACCOUNTS.declined.email);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in has expired');
    await expect(page.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', new RegExp(`resolve_redirect/${first}$`));
  });
});

test('the success page without a signed-in user starts a sign-in instead of failing', async ({ page }) => {
  await page.goto('/success');
  await expect(page).toHaveURL(/[?&]requestId=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});
