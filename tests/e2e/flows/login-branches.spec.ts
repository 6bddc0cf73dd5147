import { ACCOUNTS, continueToProvider, expect, noJs, startSignIn, submit, test, toPasswordStep } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const LOCKED_POST = noJs(
  'without JavaScript the held-back Sign in still posts, and the server answers it as locked without asking the provider; with JavaScript the button does nothing and the time left counts down in the page',
);
const NO_TOGGLE = noJs('the Show password toggle needs a script: without JavaScript it is not offered');
const DOUBLE_POST = noJs('without JavaScript a double click sends the form twice as full-page posts, and the server folds the repeat into the first');

test.describe('e-mail step branches', () => {
  test('the e-mail used last time is remembered and prefilled', async ({ page }) => {
    await toPasswordStep(page, ACCOUNTS.password.email);
    await startSignIn(page);
    await expect(page.getByLabel('E\u2011mail address')).toHaveValue(ACCOUNTS.password.email);
  });

  test('"Register here" opens this product\'s registration for the same request (issue 34)', async ({ page }) => {
    const requestId = await startSignIn(page);
    const link = page.getByRole('link', { name: 'Register here' });
    await expect(link).toHaveAttribute('href', `/register?requestId=${requestId}`);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
    await expect(page).toHaveURL(new RegExp(`/register\\?requestId=${requestId}$`));
  });

  test('error=access_denied shows the access-denied message', async ({ page, expectAccessible }) => {
    const requestId = await startSignIn(page);
    await page.goto(`/?requestId=${requestId}&error=access_denied&error_description=ignored+upstream+text`);
    await expect(page.locator('.notice')).toHaveText('Your account does not have access to this application. Please contact your administrator.');
    await expect(page.locator('body')).not.toContainText('ignored upstream text');
    await expectAccessible(page);
  });

  test('a federated domain is sent to its identity provider with login_hint', async ({ page, standin }) => {
    const requestId = await startSignIn(page);
    await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.federated.email);
    await submit(page, 'Next');
    await expect(page).toHaveURL(`${standin.url}/login-srv/social/login/demo-sso/${requestId}?login_hint=${encodeURIComponent(ACCOUNTS.federated.email)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Federated sign-in (stand-in)');
  });
});

test('while the provider answers, a loading overlay says what is happening (JavaScript on)', async ({ page, javaScriptEnabled, standin }) => {
  const requestId = await startSignIn(page);
  await standin.fault({ pathIncludes: `userexistence/${requestId}`, mode: 'delay', delayMs: 1_500 });
  await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.password.email);
  await submit(page, 'Next');
  if (javaScriptEnabled) {
    await expect(page.getByRole('status').filter({ hasText: 'Checking your e\u2011mail address…' })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your password');
});

test.describe('password step', () => {
  test(
    'five wrong passwords lock the account: a warning before the last, then the time left, no Sign in, and reset as the way forward',
    LOCKED_POST,
    async ({ page, javaScriptEnabled, standin, expectAccessible }) => {
      const account = ACCOUNTS.lockout(`lock-${javaScriptEnabled ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`);
      const requestId = await toPasswordStep(page, account.email);
      const password = page.getByLabel('Password', { exact: true });
      for (let attempt = 1; attempt <= 3; attempt++) {
        await password.fill(`wrong-${attempt}`);
        await submit(page, 'Sign in');
        await expect(password).toHaveAccessibleDescription('Incorrect password. Please try again.');
      }
      // The provider says one attempt is left (docs/provider-contract.md §7): warned before it.
      await password.fill('wrong-4');
      await submit(page, 'Sign in');
      await expect(password).toHaveAccessibleDescription('Incorrect password. One more wrong attempt will lock your account for a while.');

      await password.fill('wrong-5');
      await submit(page, 'Sign in');
      const locked = 'Password entered incorrectly too many times. Your account is temporarily locked.';
      // The time in words, number and unit held together: "5 minutes" (U+00A0).
      await expect(password).toHaveAccessibleDescription(`${locked} You can try again in 5\u00a0minutes.`);
      // Resetting the password is the main action now; Sign in waits.
      const reset = page.locator('main .actions a.button', { hasText: 'Reset your password' });
      await expect(reset).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveAttribute('aria-disabled', 'true');
      await expectAccessible(page);
      const checks = (await standin.calls('authenticate/authenticate/password', requestId)).length;
      expect(checks).toBe(5);

      // The right password now is not even sent: with JavaScript the button does nothing, and a
      // post without it is answered here, as locked.
      await password.fill(account.password);
      // force: the button is held back (aria-disabled), which is what the press must find out.
      await page.getByRole('button', { name: 'Sign in', exact: true }).click({ force: true });
      await expect(password).toHaveAccessibleDescription(new RegExp(`^${locked.replace(/\./g, '\\.')}`));
      expect(await standin.calls('authenticate/authenticate/password', requestId)).toHaveLength(checks);
      if (javaScriptEnabled) {
        // The countdown runs (the page's clock sped up): a minute on, a minute less.
        await page.clock.install();
        await page.reload();
        await expect(page.locator('#password-locked')).toHaveText('You can try again in 5\u00a0minutes.');
        await page.clock.runFor(61_000);
        await expect(page.locator('#password-locked')).toHaveText('You can try again in 4\u00a0minutes.');
      }
      // A reload keeps the lock shown.
      await page.reload();
      await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(new RegExp(`^${locked.replace(/\./g, '\\.')}`));
      await reset.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
    },
  );

  test('"Change e-mail address" goes back to the e-mail step; Cancel, as on every screen, through the provider\'s login for the same request', async ({
    page,
    standin,
  }) => {
    const requestId = await toPasswordStep(page, ACCOUNTS.password.email);
    await page.getByRole('link', { name: 'Change e\u2011mail address' }).click();
    await expect(page).toHaveURL(`/?requestId=${requestId}`);
    await expect(page.getByLabel('E\u2011mail address')).toHaveValue(ACCOUNTS.password.email);
    await submit(page, 'Next');
    const cancel = page.getByRole('link', { name: 'Cancel' });
    await expect(cancel).toHaveAttribute('href', `${standin.url}/authz-srv/authz/resolve_redirect/${requestId}`);
    await cancel.click();
    await expect(page).toHaveURL(new RegExp(`/\\?(.+&)?requestId=${requestId}`));
    await expect(page.getByLabel('E\u2011mail address')).toBeVisible();
  });

  test('the password can be shown and hidden (JavaScript on); without JavaScript the toggle is not offered', NO_TOGGLE, async ({ page, javaScriptEnabled }) => {
    await toPasswordStep(page, ACCOUNTS.password.email);
    const password = page.getByLabel('Password', { exact: true });
    const toggle = page.getByRole('button', { name: 'Show password' });
    if (!javaScriptEnabled) {
      await expect(toggle).toBeHidden();
      return;
    }
    await password.fill('secret');
    await expect(password).toHaveAttribute('type', 'password');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('a Caps Lock hint appears while Caps Lock is on', async ({ page, javaScriptEnabled }) => {
    await toPasswordStep(page, ACCOUNTS.password.email);
    const password = page.getByLabel('Password', { exact: true });
    const hint = page.getByText('Caps Lock is on.');
    await expect(hint).toBeHidden();
    if (!javaScriptEnabled) return;
    await password.dispatchEvent('keydown', { key: 'A', modifierCapsLock: true });
    await expect(hint).toBeVisible();
    await expect(password).toHaveAccessibleDescription('Caps Lock is on.');
    await password.dispatchEvent('keydown', { key: 'a', modifierCapsLock: false });
    await expect(hint).toBeHidden();
  });

  test('a double click on Sign in still signs in (the repeat does not spoil the attempt)', DOUBLE_POST, async ({ page, javaScriptEnabled }) => {
    const account = ACCOUNTS.lockout(`double-${javaScriptEnabled ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`);
    await toPasswordStep(page, account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).dblclick();
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${account.email}.`)).toBeVisible();
  });
});
