import { ACCOUNTS, CLIENT_NAME, expect, jsOffOnly, startSignIn, submit, test, toPasswordStep } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const GERMAN_WITHOUT_SCRIPTS = jsOffOnly(
  'the spot check that a page read in another language (de-DE) without scripting is the same page; the matrix walks every state in 12 languages with JavaScript and in English without',
);

/**
 * The sign-in path in German without JavaScript, found by its German labels, each screen checked
 * with axe and for text that is not from the messages. The accessibility matrix walks every
 * screen and state in the 12 languages with JavaScript and in English without; this tour is the
 * spot check that a page read in another language without scripting is the same page. (It ran
 * in English and with JavaScript too, which the matrix covers state by state.)
 */
const LOCALES = [{ locale: 'de-DE', next: 'Weiter', signIn: 'Anmelden', email: 'E\u2011Mail-Adresse', password: 'Passwort', cont: 'Weiter' }] as const;

for (const l of LOCALES) {
  test.describe(`screens in ${l.locale}`, () => {
    test.use({ locale: l.locale });
    // A long tour: a dozen screens, each checked twice.
    test.describe.configure({ timeout: 120_000 });

    test('every sign-in screen and state', GERMAN_WITHOUT_SCRIPTS, async ({ page, javaScriptEnabled, expectAccessible, expectOnlyMessages }) => {
      const check = async (name: string, data: string[] = []) => {
        await expect(page.locator('main h1'), name).toBeVisible();
        await expectAccessible(page);
        await expectOnlyMessages(page, l.locale, [CLIENT_NAME, ...data]);
      };

      const requestId = await startSignIn(page);
      await check('login');
      await submit(page, l.next);
      await expect(page.getByLabel(l.email)).toHaveAttribute('aria-invalid', 'true');
      await check('login-email-required');
      await page.getByLabel(l.email).fill('nobody@example.com');
      await submit(page, l.next);
      await expect(page.getByLabel(l.email)).toHaveAttribute('aria-invalid', 'true');
      await check('login-user-not-found', ['nobody@example.com']);

      await page.goto(`/?requestId=${requestId}&error=access_denied`);
      await check('login-access-denied', [ACCOUNTS.password.email]);

      await page.getByLabel(l.email).fill(ACCOUNTS.password.email);
      await submit(page, l.next);
      await expect(page).toHaveURL(/\/login\?requestId=/);
      await check('credentials', [ACCOUNTS.password.email]);
      await page.getByLabel(l.password, { exact: true }).fill('wrong');
      await submit(page, l.signIn);
      await expect(page.getByLabel(l.password, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await check('credentials-wrong-password', [ACCOUNTS.password.email]);

      await page.getByLabel(l.password, { exact: true }).fill(ACCOUNTS.password.password);
      await submit(page, l.signIn);
      if (!javaScriptEnabled) {
        await check('continue');
        await submit(page, l.cont);
      }
      await expect(page).toHaveURL(/\/success$/);
      await check('success', [ACCOUNTS.password.email]);

      await page.goto('/error?ref=ABCDEF1234');
      await check('error', ['ABCDEF1234']);
      await page.goto('/error?reason=expired');
      await check('error-expired');
      await page.goto('/error?reason=invalid-request');
      await check('error-invalid-request');
      await page.goto('/register-success');
      await check('register-success');
      await page.goto('/no-such-page');
      await check('not-found');
    });

    test('the declined account ends on a screen of its own', GERMAN_WITHOUT_SCRIPTS, async ({ page, expectAccessible, expectOnlyMessages }) => {
      await toPasswordStep(page, ACCOUNTS.declined.email, l);
      await page.getByLabel(l.password, { exact: true }).fill(ACCOUNTS.declined.password);
      await submit(page, l.signIn);
      await expect(page).toHaveURL(/\/account-unavailable\?requestId=/);
      await expect(page.getByRole('link', { name: /support/i })).toHaveCount(2);
      await expectAccessible(page);
      await expectOnlyMessages(page, l.locale, [CLIENT_NAME, 'support@example.com']);
    });
  });
}
