import type { Page } from '@playwright/test';
import { chooseLanguage, continueToProvider, expect, generations, noJs, startSignIn, submit, test, toPasswordStep } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const CHECKLIST_FROM_THE_SERVER = noJs(
  'without JavaScript each verdict of the checklist is the server’s answer page, the cursor in the field; with JavaScript the browser’s checks and the checklist that follows the typing',
);
const RESET_CALLS = generations(
  'the reset calls (docs/provider-contract.md §3.1): password-srv/resetpassword on current tenants, users-srv/resetpassword/initiate and /accept on legacy ones',
);
const USED_LINK = generations(
  'the reset calls (docs/provider-contract.md §3.1): password-srv/resetpassword on current tenants, users-srv/resetpassword/initiate and /accept on legacy ones; a used link is turned back by the current link itself, by the legacy accept on saving',
);

/** A fresh account per test, project (JavaScript, API generation) and repetition. */
const fresh = (kind: string, js: boolean) =>
  `lockout+reset-${kind}-${js ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${test.info().retry}@example.com`;
const OLD = 'KitchenDemo2026';
const NEW = 'NewKitchen2027';

/** From the password step to "Check your e-mail" via "Forgot your password?". */
async function requestReset(page: Page, email: string) {
  await toPasswordStep(page, email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await expect(page.getByLabel('E\u2011mail address')).toHaveValue(email);
  await submit(page, 'Send link');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e\u2011mail');
}

async function openLink(page: Page, standin: { outbox(to: string): Promise<Array<{ link?: string }>> }, email: string, which = -1) {
  const links = async () => (await standin.outbox(email)).filter((m) => m.link);
  await expect.poll(async () => (await links()).length, 'the link reached the outbox').toBeGreaterThan(0);
  const link = (await links()).at(which)!.link!;
  await page.goto(link);
  return link;
}

async function choose(page: Page, password: string, repeat = password) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat new password', { exact: true }).fill(repeat);
  await submit(page, 'Save password');
}

test(
  'the full round trip: link from the outbox, no token left in the address bar, sign in with the new password',
  RESET_CALLS,
  async ({ page, javaScriptEnabled, standin, expectAccessible, expectOnlyMessages }) => {
    const email = fresh('trip', javaScriptEnabled);
    await requestReset(page, email);
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', [email]);

    await openLink(page, standin, email);
    await expect(page).toHaveURL(/\/reset-password\?requestId=[^&]+$/);
    expect(page.url()).not.toMatch(/rprq|exchangeid/i);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', [email]);
    await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');

    await choose(page, NEW);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your password has been changed');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('E\u2011mail address').fill(email);
    await submit(page, 'Next');
    await page.getByLabel('Password', { exact: true }).fill(NEW);
    await submit(page, 'Sign in');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);

test(
  'the checklist alone says the rules: which ones a refused password breaks, forbidden characters only once in it',
  CHECKLIST_FROM_THE_SERVER,
  async ({ page, javaScriptEnabled, standin, expectAccessible }) => {
    const email = fresh('rules', javaScriptEnabled);
    await requestReset(page, email);
    await openLink(page, standin, email);
    const field = page.getByLabel('New password', { exact: true });
    const repeat = page.getByLabel('Repeat new password', { exact: true });
    const rules = page.locator('#password-rules');
    const NEEDS = ['10 to 30\u00a0characters', 'a lowercase letter', 'an uppercase letter', 'a digit'];
    // What a password needs, and nothing of what it must not contain until it does.
    await expect(rules.locator('li')).toHaveText(NEEDS.map((rule) => new RegExp(`^${rule}`)));
    await expect(rules).not.toContainText('/*');

    const cases: Array<[string, string[], string | undefined]> = [
      ['', NEEDS, undefined],
      ['Short1a', ['10 to 30\u00a0characters'], undefined],
      ['alllowercase1', ['an uppercase letter'], undefined],
      ['Abcdefgh1#x', [], 'Not allowed: #'],
      ['Abcdefgh1--x', [], 'Not allowed: --'],
    ];
    for (const [password, failed, forbidden] of cases) {
      await choose(page, password);
      // Said once: by the checklist the field is described by, not under the field nor in a summary.
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toBeFocused();
      await expect(field).toHaveAccessibleDescription(/^Your password needs/);
      await expect(rules.locator('li.failed:not(.forbidden)')).toHaveText(failed.map((rule) => `${rule} not met`));
      if (forbidden) await expect(rules.locator('li.forbidden')).toHaveText(forbidden);
      else await expect(rules.locator('li.forbidden')).toHaveCount(0);
      await expect(page.locator('#password-error')).toHaveCount(0);
      await expect(page.locator('.error-summary')).toHaveCount(0);
    }
    await expectAccessible(page);
    await choose(page, NEW, '');
    await expect(repeat).toHaveAccessibleDescription('Please repeat the password.');
    await choose(page, NEW, `${NEW}x`);
    await expect(repeat).toHaveAccessibleDescription('The passwords do not match.');
    await expectAccessible(page);

    if (javaScriptEnabled) {
      await field.fill('abc');
      await expect(rules.locator('li.met')).toHaveText(['a lowercase letter met']);
      await field.fill(NEW);
      await expect(rules.locator('li.met')).toHaveCount(4);
      await field.fill('Kitchen#2027');
      await expect(rules.locator('li.forbidden')).toHaveText('Not allowed: #');
      await expectAccessible(page);
    }
  },
);

test('a refused password and a wrong repeat: the card grows by the repeat’s one line, not by the rules said again', async ({
  page,
  javaScriptEnabled,
  standin,
}) => {
  const email = fresh('height', javaScriptEnabled);
  await requestReset(page, email);
  await openLink(page, standin, email);
  const height = async () => (await page.locator('.card').boundingBox())!.height;
  const before = await height();
  await choose(page, 'Short1', 'Other1');
  await expect(page.getByLabel('Repeat new password', { exact: true })).toHaveAccessibleDescription('The passwords do not match.');
  await expect(page.locator('#password-rules li.failed')).toHaveCount(1);
  expect(await height()).toBeLessThan(before + 48);
});

test("breached and reused passwords are refused in the page's language", RESET_CALLS, async ({ page, javaScriptEnabled, standin }) => {
  const email = fresh('policy', javaScriptEnabled);
  await requestReset(page, email);
  await openLink(page, standin, email);
  const field = page.getByLabel('New password', { exact: true });
  await choose(page, 'Welcome12345');
  await expect(field).toHaveAccessibleDescription(/^This password has appeared in a data breach and is not safe to use\./);
  await choose(page, OLD);
  await expect(field).toHaveAccessibleDescription(/^The password has been used\. Please choose a different password\./);

  await chooseLanguage(page, 'de-DE', javaScriptEnabled);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(OLD);
  await page.getByLabel('Neues Passwort wiederholen', { exact: true }).fill(OLD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.locator('.field-error').getByText('Dieses Passwort haben Sie bereits verwendet. Bitte wählen Sie ein anderes Passwort.')).toBeVisible();
});

test('a used or expired link says so and offers a new one', USED_LINK, async ({ page, javaScriptEnabled, standin, expectAccessible, generation }) => {
  const email = fresh(`links-${generation}`, javaScriptEnabled);
  await requestReset(page, email);
  const link = await openLink(page, standin, email);
  await choose(page, NEW);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your password has been changed');

  // The current generation's link passes the provider, which turns a used or expired one back
  // at once; the legacy link reaches the form, and the provider refuses the new password.
  const refusedOnSave = generation === 'legacy';
  await page.goto(link);
  if (refusedOnSave) await choose(page, 'AnotherOne2028');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired or was already used');
  expect(page.url()).not.toMatch(/rprq|exchangeid|error_code/i);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Request a new link' }).click();
  await submit(page, 'Send link');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e\u2011mail');
  await standin.expireResets(email);
  await openLink(page, standin, email);
  if (refusedOnSave) await choose(page, 'AnotherOne2028');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired or was already used');
});

test('the resend on "Check your e-mail" waits out its countdown', RESET_CALLS, async ({ page, javaScriptEnabled, standin }) => {
  const email = fresh('resend', javaScriptEnabled);
  await requestReset(page, email);
  await expect(page.getByText(/You can request another link in \d+\u00a0seconds\./)).toBeVisible();
  await page.waitForTimeout(3_200);
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('The link has been sent again.')).toBeVisible();
  expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(2);
});

test(
  'an account without a password is asked to set one, and then signs in with it',
  RESET_CALLS,
  async ({ page, javaScriptEnabled, standin, expectAccessible }) => {
    const email = `nopassword+${javaScriptEnabled ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${test.info().retry}@example.com`;
    await startSignIn(page);
    await page.getByLabel('E\u2011mail address').fill(email);
    await submit(page, 'Next');
    await expect(page).toHaveURL(/\/require-password-init\?requestId=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set a password');
    // The changeover note says only what the description does not (D20), and keeps the description's
    // distance from the form rather than sitting on its first label.
    const note = page.locator('main #page-description + p');
    await expect(note).toHaveText('You only need to do this once, after our system changeover.');
    const gap = await note.evaluate(
      (el) => document.querySelector('main form .identity-label')!.getBoundingClientRect().top - el.getBoundingClientRect().bottom,
    );
    expect(gap).toBeGreaterThanOrEqual(16);
    await expectAccessible(page);
    await submit(page, 'Send link');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e\u2011mail');
    await expect(page.locator('#page-description')).toContainText('to set a password');
    await openLink(page, standin, email);
    // A first password is set, not changed: the form and the end say so.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a password');
    await choose(page, NEW);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your password has been set');
    await expect(page).toHaveTitle(/^Your password has been set · /);
    await expect(page.getByRole('link', { name: 'Set up multi-factor authentication in your profile' })).toBeVisible();
  },
);
