import { readFileSync } from 'node:fs';
import { ACCOUNTS, expect, noJs, startSignIn, test, toNewPasswordStep, toPasswordStep } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const RULES_FROM_THE_SERVER = noJs(
  'without JavaScript the rules and the missing repeat are the server’s answer on a new page (no browser-side checks), the cursor placed by that page',
);
const ONE_FIELD_NEW_PAGE = noJs(
  'without JavaScript the malformed address is refused by the server on a new page: the cursor and the form’s place come from that page',
);
const SUMMARY_FROM_THE_SERVER = noJs(
  'without JavaScript a weak password alone comes back in the summary and under its field, both password fields empty; with JavaScript the checklist in the browser answers it',
);

/**
 * When the error summary shows, with the mouse (keyboard.spec.ts walks the forms by keyboard): two
 * or more fields with messages of their own; one field in error has its message under it only, and
 * takes focus. The new password's rules are said by its checklist alone (never again under the
 * field or in a summary), so its form, the only one with two fields, shows none. The registration
 * form lists its password as well, in words, and without JavaScript even one problem. The latest
 * answer always shows. (The summary's own listing and links: tests/unit/forms.test.tsx.)
 */

const t = JSON.parse(readFileSync('messages/en-GB.json', 'utf8')) as Record<string, Record<string, string>>;
const fresh = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;

test(
  'the new password refused by its rules and the repeat missing: the checklist says the rules, the repeat its own message, no summary',
  RULES_FROM_THE_SERVER,
  async ({ page, javaScriptEnabled, standin }) => {
    const email = ACCOUNTS.lockout(`summary-${fresh('two', javaScriptEnabled)}`).email;
    await toNewPasswordStep(page, standin, email);

    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('#password')).toBeFocused();
    await expect(page.locator('#password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#password-rules li.failed')).toHaveCount(4);
    await expect(page.locator('#confirmPassword-error')).toHaveText(t.errors.repeatRequired);
    await expect(page.locator('#password-error')).toHaveCount(0);
    await expect(page.locator('.error-summary')).toHaveCount(0);
  },
);

test('a field left by pressing Save is checked by the submit, not on leaving: its error cannot move the button from under the pointer @js-on-only', async ({
  page,
  standin,
}) => {
  const email = ACCOUNTS.lockout(`summary-${fresh('press', true)}`).email;
  await toNewPasswordStep(page, standin, email);

  // Typed straight after arrival (the browser-side checks may still be loading), then the
  // button pressed with the mouse while the cursor is in the repeat field.
  await page.locator('#password').fill('Short1');
  await page.locator('#confirmPassword').fill('Other1');
  await page.locator('main form button[type="submit"]').click();
  // The submit ran: both fields answered, and the cursor went to the first of them.
  await expect(page.locator('#password')).toBeFocused();
  await expect(page.locator('#password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#password-rules li.failed')).toHaveText([`${t.resetForm.ruleLength} ${t.resetForm.ruleNotMet}`]);
  await expect(page.locator('#confirmPassword-error')).toHaveText(t.errors.passwordsDontMatch);
  await expect(page.locator('.error-summary')).toHaveCount(0);
});

test('after a browser-side error, the server answer to the corrected field is shown', async ({ page, javaScriptEnabled }) => {
  // With JavaScript the browser's check at submit set "Password is required."; it must give
  // way once the field is filled and sent, even when the field was never left before (a person
  // who clicks Sign in first), so the server's "Incorrect password." shows.
  await toPasswordStep(page, ACCOUNTS.lockout(`summary-${fresh('stale', javaScriptEnabled)}`).email);
  const submit = page.locator('main form button[type="submit"]');
  await submit.click();
  await expect(page.locator('#password-error')).toHaveText(t.errors.passwordRequired);
  await page.locator('#password').click();
  await page.keyboard.type('not-the-password');
  await submit.click();
  await expect(page.locator('#password-error')).toHaveText(t.errors.passwordInvalid, { timeout: 5_000 });
  // One field in error: no summary box above the form, and the cursor is back in the field.
  await expect(page.locator('.error-summary')).toHaveCount(0);
  await expect(page.locator('#password')).toBeFocused();
});

test('one field in error: the message under it only, the field focused, nothing moves above the form', ONE_FIELD_NEW_PAGE, async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/[?&]requestId=/);
  const field = page.locator('#email');
  // Typing right after the page loads goes into the field.
  await expect(field).toBeFocused();
  // The form's place in the card (a centred card as a whole moves by half of what it grows).
  const offset = async () => (await page.locator('main form').boundingBox())!.y - (await page.locator('.card').boundingBox())!.y;
  const before = await offset();
  await page.keyboard.type('not-an-address');
  await page.keyboard.press('Enter');
  await expect(page.locator('#email-error')).toHaveText(t.errors.emailInvalid);
  await expect(page.locator('.error-summary')).toHaveCount(0);
  await expect(field).toBeFocused();
  expect(await offset()).toBe(before);
});

test(
  'the registration form: each entry names its field, the password among them; without JavaScript a weak password alone comes back with the summary and its message',
  SUMMARY_FROM_THE_SERVER,
  async ({ page, javaScriptEnabled }) => {
    await startSignIn(page);
    await page.getByRole('link', { name: 'Register here' }).click();
    await page.locator('main form button[type="submit"]').click();
    const summary = page.locator('.error-summary');
    // Two pairs of the same anonymous words and no password before (D52).
    await expect(summary.locator('li')).toHaveText([
      'Enter your email.',
      'Enter your given name.',
      'Enter your family name.',
      'Enter your password.',
      'Please repeat the password.',
      'Choose your type of business.',
      'Choose your preferred contact.',
    ]);
    await expect(summary).toBeFocused();
    // (Without JavaScript a followed link leaves its fragment in the form's address: docs/testing.md.)
    if (javaScriptEnabled) {
      await summary.getByRole('link', { name: 'Enter your password.' }).click();
      await expect(page.locator('#password')).toBeFocused();
    }

    // Everything right but the password: lower case and a digit, no capital.
    await page.locator('#email').fill(`new+summary-${javaScriptEnabled ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}@example.com`);
    await page.locator('#given_name').fill('Nina');
    await page.locator('#family_name').fill('Neumann');
    await page.locator('#password').fill('newkitchen2027');
    await page.locator('#password_echo').fill('newkitchen2027');
    await page.locator('#business_type').selectOption('hotel');
    await page.getByRole('radio', { name: 'By e-mail' }).check();
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('#password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#password-rules li.failed')).toHaveCount(1);
    if (javaScriptEnabled) {
      // The checklist beside the typed password says it; one field in error takes the cursor.
      await expect(summary).toHaveCount(0);
      await expect(page.locator('#password')).toBeFocused();
    } else {
      // A new page with both passwords empty: the summary and the field say what it needs.
      await expect(summary.locator('li')).toHaveText(['Your password needs an uppercase letter.']);
      await expect(page.locator('#password-error')).toHaveText('Your password needs an uppercase letter.');
      await expect(page.locator('#password')).toHaveValue('');
    }
  },
);
