import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { continueToProvider, expect, generations, noJs, SETUP, submit, test } from '../support/fixtures';
import { BACK_FROM_PROVIDER, signInByRequest } from '../support/forms';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const ADDRESS_CHECKED_BY_THE_SERVER = noJs(
  'without JavaScript a malformed address is refused by the server (no browser-side check), and "Use another address" brings the last one back without selecting it',
);
const SETUP_CALLS = generations(
  'the set-up calls (docs/provider-contract.md §2.19): verification-actions-srv/setup/{method}/… on current tenants, verification-srv/v2/setup/… on legacy ones',
);

/**
 * A second factor set up on the tenant's suggestion (issue 35; docs/features.md "Second factors set up here";
 * docs/provider-contract.md §2.19): the suggestion page offers the authenticator app, its page
 * shows the tenant's secret as a QR code and as text, and the app's first code finishes the set-up
 * and the sign-in. The stand-in checks codes for real against the secret it issued; the legacy
 * generation answers on verification-srv/v2 only.
 */
const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${test.info().retry}`;

/** The tenant's suggestion after the password; the sign-in before it goes by request (the same with and without JavaScript). */
async function toSuggestion(page: Page, email: string) {
  await page.goto((await signInByRequest(page, email, SETUP.password, { until: BACK_FROM_PROVIDER })).url.href);
  await expect(page).toHaveURL(/\/setup-passkey\?requestId=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Secure your sign-in');
}

/** The otpauth:// address the page offers, and its parts. */
async function offered(page: Page) {
  // Shown on phones only (a coarse pointer, D61): read from the markup.
  const href = await page.locator('main .open-app-primary a').getAttribute('href');
  const uri = new URL(href!);
  return { uri, secret: uri.searchParams.get('secret')! };
}

const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset });

test(
  'an authenticator app: the QR code and key from the tenant, a wrong code on the field, the same key after a reload, the app’s code sets it up and signs in',
  SETUP_CALLS,
  async ({ page, javaScriptEnabled, expectAccessible }) => {
    const email = SETUP.suggested(tag('app', javaScriptEnabled));
    await toSuggestion(page, email);
    await expect(page.getByText('Set up a second way to confirm it’s you when you sign in.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Not now' })).toBeVisible();
    await expectAccessible(page);
    await submit(page, 'Set up an authenticator app');

    await expect(page).toHaveURL(/\/setup-mfa\/authenticator\?requestId=[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up an authenticator app');
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg')).toBeVisible();
    const { uri, secret } = await offered(page);
    // The app lists the brand as the issuer and the portal with the account (D74), with the defaults spelt out.
    expect(`${uri.protocol}//${uri.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Kitchen Works:Sales Portal (${email})`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret, issuer: 'Kitchen Works', algorithm: 'SHA1', digits: '6', period: '30' });
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // The same key to type in, in groups of four, for those who cannot scan.
    await page.getByText('Can’t scan the code?').click();
    await expect(page.locator('code.secret')).toHaveText(secret.match(/.{1,4}/g)!.join(' '));
    await expect(page.locator('.cant-scan dd').nth(1)).toHaveText(`Sales Portal (${email})`);
    await expect(page.locator('.cant-scan dd').nth(2)).toHaveText('Kitchen Works');
    await expect(page.getByRole('button', { name: 'Copy key' })).toHaveCount(javaScriptEnabled ? 1 : 0);
    await expectAccessible(page);

    // A wrong code: on the field, and the set-up stays.
    await page.getByLabel('Code from the app').fill(codeOf(secret, 5 * 60_000));
    await submit(page, 'Finish set-up');
    await expect(page.locator('#code-error')).toHaveText('Incorrect code. Please try again.');
    await expect(page.locator('#code')).toHaveAttribute('aria-invalid', 'true');

    // A reload shows the same key (an app already scanned keeps matching).
    await page.reload();
    expect((await offered(page)).secret).toBe(secret);

    await page.getByLabel('Code from the app').fill(codeOf(secret));
    await submit(page, 'Finish set-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authenticator app set up');
    await expectAccessible(page);
    // Back to the suggestion: the method is set up, so its confirmation again, not the methods.
    await page.goto(page.url().replace('/setup-mfa/authenticator', '/setup-passkey'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authenticator app set up');
    await page.getByRole('link', { name: 'Continue' }).click();
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);

test('required now: only the app is offered and no "Not now"; "Choose another method" gives the set-up up and comes back', async ({
  page,
  javaScriptEnabled,
}) => {
  const email = SETUP.required(tag('required', javaScriptEnabled));
  await toSuggestion(page, email);
  await expect(page.getByText('Your organisation requires a second sign-in method. Please set one up now to continue.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Not now' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cancel sign-in' })).toBeVisible();
  await submit(page, 'Set up an authenticator app');
  const first = (await offered(page)).secret;

  await submit(page, 'Choose another method');
  await expect(page).toHaveURL(/\/setup-passkey\?requestId=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Secure your sign-in');
  // Set up again: a new set-up at the tenant, so a new key.
  await submit(page, 'Set up an authenticator app');
  const { secret } = await offered(page);
  expect(secret).not.toBe(first);
  await page.getByLabel('Code from the app').fill(codeOf(secret));
  await submit(page, 'Finish set-up');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authenticator app set up');
  await page.getByRole('link', { name: 'Continue' }).click();
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
});

test(
  'text messages: the number with its country, a landline refused on the field, the code from the text message sets it up and signs in',
  SETUP_CALLS,
  async ({ page, javaScriptEnabled, standin, expectAccessible }) => {
    const email = SETUP.suggested(tag('sms', javaScriptEnabled));
    await toSuggestion(page, email);
    await submit(page, 'Set up text messages');
    await expect(page).toHaveURL(/\/setup-mfa\/sms\?requestId=[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up text messages');
    // The English page's country is chosen; a London landline cannot take a text message.
    await expect(page.getByLabel('Country or region')).toHaveValue('GB');
    await page.getByLabel('Mobile number').fill('020 7946 0018');
    await submit(page, 'Send code');
    await expect(page.locator('#mobile_number-error')).toHaveText('This looks like a landline number. Enter a mobile number that can receive text messages.');
    await expectAccessible(page);

    // A German number as dialled in Germany: the tenant is sent +49… and texts the code there.
    await page.getByLabel('Country or region').selectOption('DE');
    const national = `0151 ${20_000_000 + Math.floor(Math.random() * 79_999_999)}`;
    await page.getByLabel('Mobile number').fill(national);
    await submit(page, 'Send code');
    const e164 = `+49${national.replace(/\D/g, '').slice(1)}`;
    // The number as people read it, in international form (its spaces may be no-break ones).
    await expect(page.getByText(/^We sent a 6‑digit code to \+49\s\d{4}\s\d+ by text message\.$/)).toBeVisible();
    const [first] = await standin.outbox(`sms:${e164}`);
    expect(first?.code).toMatch(/^\d{6}$/);

    // A new code (after the same wait as the sign-in's codes, 3 s in the e2e app): a new set-up at the
    // tenant, so the first code no longer counts.
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
    await page.waitForTimeout(3_500);
    await submit(page, 'Send a new code');
    await expect(page.getByText('A new code has been sent.')).toBeVisible();
    await expect.poll(async () => (await standin.outbox(`sms:${e164}`)).length).toBe(2);
    const message = (await standin.outbox(`sms:${e164}`))[1];

    await page.getByLabel('Code from the text message').fill(message!.code === '000000' ? '111111' : '000000');
    await submit(page, 'Finish set-up');
    await expect(page.locator('#code-error')).toHaveText('Incorrect code. Please try again.');
    await page.getByLabel('Code from the text message').fill(message!.code!);
    await submit(page, 'Finish set-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Text messages set up');
    await page.getByRole('link', { name: 'Continue' }).click();
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);

test(
  'codes by e-mail: the account’s address filled in, another one possible; "Use another address" asks again with the last one to correct; the e-mailed code sets it up',
  ADDRESS_CHECKED_BY_THE_SERVER,
  async ({ page, javaScriptEnabled, standin }) => {
    const email = SETUP.suggested(tag('email', javaScriptEnabled));
    await toSuggestion(page, email);
    await submit(page, 'Set up codes by e‑mail');
    await expect(page).toHaveURL(/\/setup-mfa\/email\?requestId=[\w-]+$/);
    await expect(page.getByLabel('E‑mail address')).toHaveValue(email);
    await page.getByLabel('E‑mail address').fill('not-an-address');
    await submit(page, 'Send code');
    await expect(page.locator('#email-error')).toHaveText('Enter an e‑mail address in the correct format, like name@example.com.');

    const other = `office+${tag('other', javaScriptEnabled)}@example.com`;
    await page.getByLabel('E‑mail address').fill(other);
    await submit(page, 'Send code');
    await expect(page.getByText(`We sent a 6‑digit code to ${other}.`)).toBeVisible();
    await submit(page, 'Use another address');
    // The address given last comes back to correct, selected with JavaScript (D63), not an empty field.
    await expect(page.getByLabel('E‑mail address')).toHaveValue(other);
    if (javaScriptEnabled) {
      await expect(page.getByLabel('E‑mail address')).toBeFocused();
      // Selected whole (an e-mail field has no selection range to read): the next key types over it.
      await page.keyboard.type('x');
      await expect(page.getByLabel('E‑mail address')).toHaveValue('x');
    }
    await page.getByLabel('E‑mail address').fill(email);
    await submit(page, 'Send code');
    await expect(page.getByText(`We sent a 6‑digit code to ${email}.`)).toBeVisible();
    const [message] = await standin.outbox(email);
    await page.getByLabel('Code from the e‑mail').fill(message!.code!);
    await submit(page, 'Finish set-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Codes by e‑mail set up');
  },
);
