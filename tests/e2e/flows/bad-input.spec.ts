import { ACCOUNTS, expect, startSignIn, submit, test } from '../support/fixtures';

const REFERENCE = /Reference: ([A-F0-9]{10})/;

test.describe('bad input and provider faults end on a clear page', () => {
  test('a malformed requestId shows the invalid-link page', async ({ page, expectAccessible }) => {
    await page.goto('/?requestId=not%20valid!');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This sign-in link is not valid');
    await expectAccessible(page);
  });

  test('a requestId the provider does not know shows the invalid-link page', async ({ page, expectAccessible }) => {
    await page.goto('/?requestId=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This sign-in link is not valid');
    await expectAccessible(page);
  });

  test('the password step without a sign-in in progress explains that it expired', async ({ page, expectAccessible }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in has expired');
    await expect(page.getByRole('link', { name: 'Start again' })).toBeVisible();
    await expectAccessible(page);
  });

  for (const mode of ['delay', 'close', 'garbage', 'error'] as const) {
    test(`a provider that is ${mode === 'delay' ? 'too slow' : mode === 'close' ? 'unreachable' : mode === 'garbage' ? 'answering garbage' : 'failing'} ends on the error page with a logged reference`, async ({ page, standin, appLog, expectAccessible }) => {
      const requestId = await startSignIn(page);
      // Scoped to this requestId so no other test's flow is affected.
      await standin.fault({ pathIncludes: `userexistence/${requestId}`, mode, delayMs: mode === 'delay' ? 5_000 : 0 });
      await page.getByLabel('E-mail address').fill(ACCOUNTS.password.email);
      await submit(page, 'Next');

      await expect(page).toHaveURL(/\/error\?ref=/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('An error has occurred.');
      const reference = REFERENCE.exec(await page.locator('main').innerText())?.[1];
      expect(reference).toBeTruthy();
      await expect.poll(() => appLog()).toContain(`"ref":"${reference}"`);
      // Upstream text never reaches the person.
      await expect(page.locator('body')).not.toContainText('NullPointerException');
      await expectAccessible(page);
    });
  }

  test('an unknown route shows the fallback page', async ({ page, expectAccessible }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expectAccessible(page);
  });
});
