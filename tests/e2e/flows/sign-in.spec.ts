import { ACCOUNTS, continueToProvider, expect, generations, noJs, startSignIn, submit, test, toPasswordStep } from '../support/fixtures';
import { newRequestId, startOwnApp } from '../support/own-app';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const ADDRESS_CHECKED_BY_THE_SERVER = noJs(
  'without JavaScript an empty or malformed address is refused by the server action (no browser-side check); the provider is not asked either way',
);
const PASSWORD_REQUIRED_BY_THE_SERVER = noJs('without JavaScript the empty password is refused by the server action (no browser-side check)');
const PASSWORD_INITIATION = generations(
  'the password step’s first-factor initiation (docs/provider-contract.md §2.4): usage_type INITIAL_AUTHENTICATION, on legacy tenants PASSWORDLESS_AUTHENTICATION',
);

test.describe('sign-in with e-mail and password', () => {
  test(
    'a direct visitor signs in and lands on /success through a real code exchange',
    PASSWORD_INITIATION,
    async ({ page, javaScriptEnabled, standin, expectAccessible }) => {
      const requestId = await startSignIn(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await expectAccessible(page);

      await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.password.email);
      await submit(page, 'Next');
      await expect(page).toHaveURL(/\/login\?requestId=/);
      await expect(page.getByLabel('E\u2011mail address')).toHaveValue(ACCOUNTS.password.email);
      await expectAccessible(page);

      await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.password.password);
      await submit(page, 'Sign in');
      await continueToProvider(page, javaScriptEnabled);

      await expect(page).toHaveURL(/\/success$/);
      await expect(page.getByText(`Signed in as ${ACCOUNTS.password.email}`)).toBeVisible();
      await expectAccessible(page);

      // The code was issued by the provider's verification login and exchanged at its token endpoint.
      const calls = (await standin.calls('')).map((c) => `${c.method} ${c.path.split('?')[0]}`);
      expect(calls).toContain('POST /login-srv/verification/login');
      expect(calls).toContain('POST /token-srv/token');
      expect((await standin.calls(requestId)).length).toBeGreaterThan(0);
    },
  );

  // How a tenant answers the e-mail step for an address without an account is not published
  // (docs/provider-contract.md §2.2): the stand-in gives each plausible answer by domain.
  for (const [shape, address] of [
    ['action register', 'nobody@example.com'],
    ['a 200 naming no action', 'nobody@no-action.example'],
    ['204 (the legacy check)', 'nobody@legacy-check.example'],
    ['400 with code 10301', 'nobody@code-10301.example'],
  ]) {
    test(`an unknown e-mail (${shape}) is told to register, on the e-mail field, never a password form`, async ({ page, expectAccessible }) => {
      await startSignIn(page);
      await page.getByLabel('E\u2011mail address').fill(address);
      await submit(page, 'Next');
      const field = page.getByLabel('E\u2011mail address');
      await expect(field).toHaveAccessibleDescription('There is no account for this e\u2011mail address. Please check the address, or register.');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveValue(address);
      await expect(page.getByRole('link', { name: 'Register here' })).toBeVisible();
      await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
      await expectAccessible(page);
    });
  }

  test('a tenant that lets an unknown e-mail through to the password step: its "user not found" says the same there', async ({ page, expectAccessible }) => {
    await toPasswordStep(page, 'nobody@masked.example');
    await page.getByLabel('Password', { exact: true }).fill('anything-at-all');
    await submit(page, 'Sign in');
    await expect(page.getByText('There is no account for this e\u2011mail address. Please check the address, or register.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?requestId=/);
    await expect(page.getByRole('link', { name: 'Change e\u2011mail address' })).toBeVisible();
    await expectAccessible(page);
  });

  test(
    'a wrong password is shown under the password field and the person can retry',
    PASSWORD_INITIATION,
    async ({ page, javaScriptEnabled, expectAccessible }) => {
      await startSignIn(page);
      await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.password.email);
      await submit(page, 'Next');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await submit(page, 'Sign in');

      const password = page.getByLabel('Password', { exact: true });
      await expect(password).toHaveAccessibleDescription(/^Incorrect password\. /);
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      // One field in error: the message under it, and the cursor back in it; no summary box.
      await expect(password, 'focus returns to the password').toBeFocused();
      await expect(page.locator('.error-summary')).toHaveCount(0);
      await expectAccessible(page);

      await password.fill(ACCOUNTS.password.password);
      await submit(page, 'Sign in');
      await continueToProvider(page, javaScriptEnabled);
      await expect(page.getByText(`Signed in as ${ACCOUNTS.password.email}`)).toBeVisible();
    },
  );

  test('signing in with "Stay signed in" unticked works too', async ({ page, javaScriptEnabled, expectAccessible }) => {
    await startSignIn(page);
    await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.password.email);
    await submit(page, 'Next');
    const stay = page.getByLabel('Stay signed in');
    await expect(stay).toBeChecked();
    await stay.uncheck();
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.password.password);
    await submit(page, 'Sign in');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${ACCOUNTS.password.email}`)).toBeVisible();
    await expectAccessible(page);
  });

  test('a declined account ends on a screen that says so and whom to contact, with no password form', async ({
    page,
    expectAccessible,
    expectOnlyMessages,
  }) => {
    const requestId = await startSignIn(page);
    await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.declined.email);
    await submit(page, 'Next');
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.declined.password);
    await submit(page, 'Sign in');
    await expect(page).toHaveURL(new RegExp(`/account-unavailable\\?requestId=${requestId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This account can’t be used to sign in');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleDescription('This account is not active.');
    await expect(page.getByText('If you think this is a mistake, please contact your administrator, your sales contact or support:')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'https://www.example.com/support');
    await expect(page.getByRole('link', { name: 'Write to support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', ['support@example.com']);
    await page.getByRole('link', { name: 'Use another account' }).click();
    await expect(page.getByLabel('E\u2011mail address')).toBeVisible();
  });

  test('without SUPPORT_URL or SUPPORT_EMAIL the declined screen still names whom to ask', { tag: '@js-on-only' }, async ({ browser, expectAccessible }) => {
    // An app of its own: the shared one has both support settings.
    const app = await startOwnApp();
    const context = await browser.newContext({ baseURL: app.url });
    try {
      const page = await context.newPage();
      await page.goto(`/?requestId=${await newRequestId()}`);
      await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.declined.email);
      await submit(page, 'Next');
      await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.declined.password);
      await submit(page, 'Sign in');
      await expect(page).toHaveURL(/\/account-unavailable\?requestId=/);
      await expect(page.getByText('If you think this is a mistake, please contact your administrator or your sales contact.')).toBeVisible();
      await expect(page.getByRole('link', { name: /support/i })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Use another account' })).toBeVisible();
      await expectAccessible(page);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test(
    'an empty or malformed e-mail gets a translated message and never reaches the provider',
    ADDRESS_CHECKED_BY_THE_SERVER,
    async ({ page, standin, expectAccessible }) => {
      const requestId = await startSignIn(page);
      const field = page.getByLabel('E\u2011mail address');
      await submit(page, 'Next');
      await expect(field).toHaveAccessibleDescription('E\u2011mail address is required.');
      await field.fill('not-an-address');
      await submit(page, 'Next');
      await expect(field).toHaveAccessibleDescription('Enter an e\u2011mail address in the correct format, like name@example.com.');
      const existenceCalls = (await standin.calls(requestId)).filter((c) => c.path.includes('userexistence'));
      expect(existenceCalls).toEqual([]);
      await expectAccessible(page);
    },
  );

  test('an empty password is refused without a provider call', PASSWORD_REQUIRED_BY_THE_SERVER, async ({ page, expectAccessible }) => {
    await startSignIn(page);
    await page.getByLabel('E\u2011mail address').fill(ACCOUNTS.password.email);
    await submit(page, 'Next');
    await submit(page, 'Sign in');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password is required.');
    await expectAccessible(page);
  });
});
