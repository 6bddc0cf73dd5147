import { randomUUID } from 'node:crypto';
import { ACCOUNTS, expect, noJs, submit, test, toPasswordStep } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const BACK_AFTER_A_POST = noJs(
  'without JavaScript Back returns to the e-mail page through the history of full-page posts; with JavaScript through the client router',
);
const STALE_ACTION_IN_THE_FORM = noJs(
  'without JavaScript the stale action id travels in the form body and the server answers 303 back to the page (server/entry.mjs); with JavaScript in the Next-Action header, and the page reloads itself',
);

test.describe('Back, refresh and expiry never dead-end', () => {
  test('refreshing the password step keeps the person there', async ({ page }) => {
    await toPasswordStep(page, ACCOUNTS.password.email);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your password');
    await expect(page.getByLabel('E\u2011mail address')).toHaveValue(ACCOUNTS.password.email);
  });

  test('Back from the password step shows the e-mail step again, ready to continue', BACK_AFTER_A_POST, async ({ page }) => {
    await toPasswordStep(page, ACCOUNTS.password.email);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.password.email);
    await submit(page, 'Next');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your password');
  });

  test('a page whose sign-in cookie has gone, of a request the provider still knows, starts that sign-in again at the e-mail step', async ({
    page,
    context,
  }) => {
    const requestId = await toPasswordStep(page, ACCOUNTS.password.email);
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/\\?(.+&)?requestId=${requestId}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  });

  test('a bookmarked step of a sign-in the provider no longer knows: expired, and "Sign in again" starts a fresh one, also with another sign-in here', async ({
    page,
    expectAccessible,
  }) => {
    const stale = randomUUID();
    await page.goto(`/login?requestId=${stale}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in has expired');
    await expect(page.getByRole('link', { name: 'Start again' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    expect(new URL(page.url()).searchParams.get('requestId')).not.toBe(stale);

    // With another sign-in in the cookie the stale page is stale, not "replaced in another tab".
    await toPasswordStep(page, ACCOUNTS.password.email);
    await page.goto(`/login?requestId=${stale}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in has expired');
  });
});

test('the success page without a signed-in user starts a sign-in instead of failing', async ({ page }) => {
  await page.goto('/success');
  await expect(page).toHaveURL(/[?&]requestId=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});

test.describe('a rolling update mid-flow', () => {
  // A page from the previous build posts an action id this build does not know: simulated by
  // rewriting the id on its way out, which is what the new build receives in a real update.
  const STALE_ID = `7f${'0'.repeat(40)}`;

  test('the page says it has expired and reloads itself; never a 500', STALE_ACTION_IN_THE_FORM, async ({ page, javaScriptEnabled }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/[?&]requestId=/);
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST') statuses.push(response.status());
    });
    await page.route('**/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      if (javaScriptEnabled) return route.continue({ headers: { ...request.headers(), 'next-action': STALE_ID } });
      // Without JavaScript the id travels in the form: as a field name, or inside the bound state.
      const body = request
        .postDataBuffer()!
        .toString('latin1')
        .replace(/\$ACTION_ID_[0-9a-f]+/g, `$ACTION_ID_${STALE_ID}`)
        .replace(/"id":"[0-9a-f]{40,}"/g, `"id":"${STALE_ID}"`);
      expect(body).toContain(STALE_ID);
      return route.continue({ postData: Buffer.from(body, 'latin1') });
    });
    const before = page.url();
    await page.getByLabel('E\u2011mail address').fill('anna.schmidt@example.com');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    if (javaScriptEnabled) await expect(page.getByText('This page has expired. Reloading…')).toBeVisible();
    await expect(page).toHaveURL(before);
    await expect(page.getByLabel('E\u2011mail address')).toBeVisible();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s < 500)).toBe(true);
  });
});
