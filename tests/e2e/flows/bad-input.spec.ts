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

  // No answer (too slow, unreachable, failing with a 5xx): the step itself says the service is
  // not responding, keeps what was typed, and its button tries again (docs/operations.md "Provider trouble").
  for (const mode of ['delay', 'close', 'error'] as const) {
    test(`a provider that is ${mode === 'delay' ? 'too slow' : mode === 'close' ? 'unreachable' : 'failing'} keeps the person on the step with a logged reference and a way to try again`, async ({
      page,
      standin,
      appLog,
      expectAccessible,
    }) => {
      const requestId = await startSignIn(page);
      // Scoped to this requestId and to one call, so no other test's flow is affected and the
      // second try reaches the provider.
      await standin.fault({ pathIncludes: `userexistence/${requestId}`, mode, delayMs: mode === 'delay' ? 5_000 : 0, times: 1 });
      await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.password.email);
      await submit(page, 'Next');

      const alert = page.locator('main [role="alert"]');
      await expect(alert).toContainText('The sign-in service isn’t responding. Please try again.');
      const reference = REFERENCE.exec(await alert.innerText())?.[1];
      expect(reference).toBeTruthy();
      await expect.poll(() => appLog()).toContain(`"ref":"${reference}"`);
      await expect(page.getByLabel('E\u2011mail address')).toHaveValue(ACCOUNTS.password.email);
      // Upstream text never reaches the person.
      await expect(page.locator('body')).not.toContainText('NullPointerException');
      await expectAccessible(page);

      await submit(page, 'Next');
      await expect(page).toHaveURL(/\/login\?requestId=/);
    });
  }

  test('a provider answering garbage ends on the error page with a logged reference', async ({ page, standin, appLog, expectAccessible }) => {
    const requestId = await startSignIn(page);
    await standin.fault({ pathIncludes: `userexistence/${requestId}`, mode: 'garbage', times: 1 });
    await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.password.email);
    await submit(page, 'Next');

    await expect(page).toHaveURL(/\/error\?ref=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    const reference = REFERENCE.exec(await page.locator('main').innerText())?.[1];
    expect(reference).toBeTruthy();
    await expect.poll(() => appLog()).toContain(`"ref":"${reference}"`);
    await expectAccessible(page);
    // The answer may read next time: "Try again" loads the step again (ux-review D26), and the
    // way back to the sign-in stays.
    await expect(page.getByRole('link', { name: 'Back to sign-in' })).toBeVisible();
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?(.+&)?requestId=${requestId}`));
    await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.password.email);
    await submit(page, 'Next');
    await expect(page).toHaveURL(/\/login\?requestId=/);
  });

  test('the error page asks to quote its reference only when it shows one', async ({ page, expectAccessible }) => {
    await page.goto('/error?ref=ABCDEF1234');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleDescription('Please try again. If it keeps happening, quote the reference below.');
    await expect(page.locator('main')).toContainText('Reference: ABCDEF1234');
    await expectAccessible(page);
    await page.goto('/error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleDescription('Please go back to sign-in and try again.');
    await expect(page.locator('main')).not.toContainText('Reference');
  });

  test('an unknown route shows the fallback page', async ({ page, expectAccessible }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expectAccessible(page);
  });
});
