import { continueToProvider, expect, jsOffOnly, submit, test, toNewPasswordStep, toPasswordStep } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const PAGE_IN_ONE_PIECE = jsOffOnly(
  'without JavaScript the streamed MFA page sends the browser on to its one-piece version (a meta refresh in <noscript>, render=sync); with JavaScript the loader is replaced in place',
);

/**
 * Two parts of the steps no other test drove: the new-password form's Cancel (app/reset-password),
 * and the MFA page's loading state (app/register-mfa: the loader streamed at once, the methods
 * after it; without JavaScript the page in one piece instead).
 */
const PASSWORD = 'KitchenDemo2026';
const fresh = (kind: string, js: boolean) =>
  `lockout+${kind}-${js ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${Date.now()}@example.com`;

test("the new-password form's Cancel leaves the reset: back to the e-mail step of the same sign-in, the password unchanged", async ({
  page,
  standin,
  javaScriptEnabled,
}) => {
  const email = fresh('reset-cancel', javaScriptEnabled);
  await toNewPasswordStep(page, standin, email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  const requestId = new URL(page.url()).searchParams.get('requestId')!;

  await page.getByRole('link', { name: 'Cancel', exact: true }).click();
  // Through the tenant (resolve_redirect), to its login page, which is this deployment's e-mail step.
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('requestId') === requestId);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');

  // The password is the one it was.
  await page.getByLabel('E\u2011mail address').fill(email);
  await submit(page, 'Next');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await submit(page, 'Sign in');
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
});

test('the MFA page shows its loader at once while the methods load, then the method in its place', { tag: '@js-on-only' }, async ({ page, standin }) => {
  const email = `mfa.totp+loader-${test.info().project.name}-${Date.now()}@example.com`;
  const requestId = await toPasswordStep(page, email);
  // The MFA page's list of the account's methods: the tenant answers it 1.5 s late (under the tests' 2 s deadline).
  await standin.fault({ requestId, pathIncludes: 'configured/list', mode: 'delay', delayMs: 1_500, times: 1 });
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await submit(page, 'Sign in');

  // The page's own loader, shown before any form: the methods are not known yet. (The one
  // method's start form, once there, shows a loader of its own while it starts by itself.)
  const loader = page.getByRole('status').filter({ hasText: 'Preparing the verification…' });
  await expect(page.locator('main:not(:has(form))').filter({ has: loader })).toBeVisible();
  await expect(page).toHaveURL(/\/register-mfa\?requestId=/);
  // The one method (an authenticator app) starts by itself once it is known.
  await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/, { timeout: 10_000 });
  await expect(page.getByLabel('Security code', { exact: true })).toBeVisible();
  await expect(loader).toHaveCount(0);
});

test(
  'without JavaScript the MFA page is not left on its loader: it is sent to the page in one piece, the methods on it',
  PAGE_IN_ONE_PIECE,
  async ({ page, standin }) => {
    const email = `mfa.totp+loader-${test.info().project.name}-${Date.now()}@example.com`;
    const requestId = await toPasswordStep(page, email);
    await standin.fault({ requestId, pathIncludes: 'configured/list', mode: 'delay', delayMs: 1_500, times: 1 });
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await submit(page, 'Sign in');
    await continueToProvider(page, false);

    await expect(page).toHaveURL(/\/register-mfa\?requestId=[\w-]+&render=sync/, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Preparing the verification…' })).toHaveCount(0);
  },
);
