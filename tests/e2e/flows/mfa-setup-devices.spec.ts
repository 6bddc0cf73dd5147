import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { continueToProvider, expect, generations, noJs, runModes, SETUP, submit, test, type StandIn } from '../support/fixtures';
import { BACK_FROM_PROVIDER, signInByRequest } from '../support/forms';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const PAIRING_BY_A_PRESS = noJs(
  'without JavaScript the page does not ask by itself: "I have chosen the number" asks, first "not paired yet", and a reload keeps the pairing',
);
const SETUP_CALLS = generations(
  'the set-up calls (docs/provider-contract.md §2.19): verification-actions-srv/setup/{method}/… on current tenants, verification-srv/v2/setup/… on legacy ones',
);

/**
 * A phone paired for push approval and backup codes, set up on the tenant's suggestion (issue 35;
 * docs/features.md "Second factors set up here"; docs/provider-contract.md §2.19). The stand-in plays the
 * tenant's authenticator app through its control (`/__standin/push/pair`: the app's scan, then
 * the number chosen), and issues backup codes it then knows.
 */
const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${test.info().retry}`;

/**
 * The e-mail and password steps of a set-up account, up to where the tenant sends the browser next:
 * by request (the same with and without JavaScript), that page opened in the browser.
 */
async function signIn(page: Page, email: string) {
  await page.goto((await signInByRequest(page, email, SETUP.password, { until: BACK_FROM_PROVIDER })).url.href);
}

async function toSuggestion(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/setup-passkey\?requestId=[\w-]+$/);
}

/** The app choosing a number for the account's open pairing. */
async function chooseOnPhone(request: APIRequestContext, standin: StandIn, email: string, number: string) {
  const answer = await request.post(`${standin.url}/__standin/push/pair`, { data: { email, number } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { outcome: string }).outcome;
}

/** On the pairing page: the phone chooses the number shown, the page says so, and the sign-in goes on. */
async function pairThenSignedIn(page: Page, request: APIRequestContext, standin: StandIn, email: string, javaScriptEnabled: boolean) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pair your phone');
  expect(await chooseOnPhone(request, standin, email, await shownNumber(page))).toBe('ok');
  await awaitPairing(page, javaScriptEnabled);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Phone paired');
  await page.getByRole('link', { name: 'Continue' }).click();
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
}

const shownNumber = async (page: Page) => (await page.locator('.push-number .number').textContent())!.trim();

/** Without JavaScript the person asks; with it the page asks by itself. */
async function awaitPairing(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) await submit(page, 'I have chosen the number');
}

test(
  'a phone: the QR code and the number to choose, not paired yet, a wrong number ends it, "Start again" pairs and signs in',
  runModes(SETUP_CALLS, PAIRING_BY_A_PRESS),
  async ({ page, request, javaScriptEnabled, standin, expectAccessible }) => {
    const email = SETUP.suggested(tag('push', javaScriptEnabled));
    await toSuggestion(page, email);
    await submit(page, 'Set up sign-in approval on your phone');
    await expect(page).toHaveURL(/\/setup-mfa\/push\?requestId=[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pair your phone');
    await expect(page.getByRole('img', { name: 'QR code to pair the authenticator app' }).locator('svg')).toBeVisible();
    const first = await shownNumber(page);
    expect(first).toMatch(/^\d{2}$/);
    await expectAccessible(page);

    if (!javaScriptEnabled) {
      await submit(page, 'I have chosen the number');
      await expect(page.getByText('Your phone is not paired yet. Choose the number in the app, then try again.')).toBeVisible();
      // A reload keeps the same pairing.
      await page.reload();
      expect(await shownNumber(page)).toBe(first);
    } else {
      await expect(page.getByText('This page moves on by itself once your phone is paired.')).toBeVisible();
    }

    // The person picks another number in the app: the pairing ends, refused.
    expect(await chooseOnPhone(request, standin, email, first === '99' ? '10' : String(Number(first) + 1))).toBe('wrong');
    await awaitPairing(page, javaScriptEnabled);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pairing not completed');
    await expectAccessible(page);

    await submit(page, 'Start again');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pair your phone');
    const second = await shownNumber(page);
    expect(await chooseOnPhone(request, standin, email, second)).toBe('ok');
    await awaitPairing(page, javaScriptEnabled);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Phone paired');
    await page.getByRole('link', { name: 'Continue' }).click();
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);

test('a pairing given up with "Choose another method" is cancelled at the tenant: the phone can no longer pair it', async ({
  page,
  request,
  javaScriptEnabled,
  standin,
}) => {
  const email = SETUP.suggested(tag('push-cancel', javaScriptEnabled));
  await toSuggestion(page, email);
  await submit(page, 'Set up sign-in approval on your phone');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pair your phone');
  await submit(page, 'Choose another method');
  await expect(page).toHaveURL(/\/setup-passkey\?requestId=[\w-]+$/);
  expect((await request.post(`${standin.url}/__standin/push/pair`, { data: { email, number: '10' } })).status()).toBe(404);
});

test(
  'backup codes: shown with a download, the same after a reload, not finished unless saved, then set up and signed in',
  SETUP_CALLS,
  async ({ page, javaScriptEnabled, expectAccessible }) => {
    // Backup codes are offered beside another method only (D45): this account has codes by e-mail.
    const email = SETUP.codes(tag('codes', javaScriptEnabled));
    await toSuggestion(page, email);
    await submit(page, 'Create backup codes');
    await expect(page).toHaveURL(/\/setup-mfa\/backup-codes\?requestId=[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Save your backup codes');
    // Nine of the ten the tenant issued: the tenth confirms the set-up, and may be used up by it.
    const codes = await page.locator('ol.codes code').allTextContents();
    expect(codes).toHaveLength(9);
    for (const code of codes) expect(code).toMatch(/^\d{4} \d{4}$/);
    await expect(page.getByRole('button', { name: 'Copy codes' })).toHaveCount(javaScriptEnabled ? 1 : 0);
    await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(javaScriptEnabled ? 1 : 0);
    await expectAccessible(page);

    // The download: a text file with every code, for this browser's flow only, never cached.
    const href = await page.getByRole('link', { name: 'Download as a text file' }).getAttribute('href');
    const file = await page.request.get(href!);
    expect(file.headers()['content-disposition']).toBe('attachment; filename="backup-codes.txt"');
    expect(file.headers()['cache-control']).toContain('no-store');
    // Whose, for what, since when (D62): the file and the printed page say it.
    const text = await file.text();
    expect(text).toMatch(new RegExp(`^Kitchen Works Sales Portal: backup codes for ${email.replace(/[.+]/g, '\\$&')}, created on \\d{1,2} \\w+ \\d{4}\\.`));
    for (const code of codes) expect(text).toContain(code);
    await expect(page.locator('.print-only')).toContainText(`Kitchen Works Sales Portal: backup codes for ${email}`);

    await page.reload();
    expect(await page.locator('ol.codes code').allTextContents()).toEqual(codes);

    await submit(page, 'Finish set-up');
    await expect(page.locator('#saved-error')).toHaveText('Confirm that you have saved your backup codes.');
    await expect(page.getByLabel('I have saved these codes in a safe place')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('I have saved these codes in a safe place')).toBeFocused();
    await page.getByLabel('I have saved these codes in a safe place').check();
    await submit(page, 'Finish set-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Backup codes set up');
    await expect(page.locator('ol.codes')).toHaveCount(0);
    // Shown once: the download has nothing to give any more.
    const after = await page.request.get(href!);
    expect(await after.text()).not.toContain(codes[0]!);
    expect(after.headers()['content-disposition']).toBeUndefined();
    await page.getByRole('link', { name: 'Continue' }).click();
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);

test(
  'an MFA requirement with nothing set up: the methods to set up on the MFA page; the app set up there is the second factor, and the sign-in goes on',
  SETUP_CALLS,
  async ({ page, javaScriptEnabled, expectAccessible }) => {
    const email = SETUP.mfa(tag('mfa', javaScriptEnabled));
    await signIn(page, email);
    await expect(page).toHaveURL(/\/register-mfa\?requestId=[\w-]+/);
    await expect(
      page.getByText('You haven’t set up a second sign-in method yet. Choose one to set up now: you will use it each time you sign in.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Set up a second sign-in method' })).toBeVisible();
    // The recommended method leads, each says what it is (D51); backup codes are no first method (D45).
    await expect(page.locator('main .other-methods button').first()).toHaveAccessibleName('Set up an authenticator app');
    await expect(page.locator('main .other-methods button').first()).toHaveAccessibleDescription(
      'Recommended A new code every 30 seconds in an app on your phone. Works without a connection.',
    );
    for (const name of ['Set up an authenticator app', 'Set up sign-in approval on your phone', 'Set up text messages', 'Set up codes by e‑mail'])
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create backup codes' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Get a code by e‑mail this time' })).toBeVisible();
    await expectAccessible(page);

    await submit(page, 'Set up an authenticator app');
    await expect(page).toHaveURL(/\/setup-mfa\/authenticator\?requestId=[\w-]+$/);
    // "Choose another method" leads back to the MFA page, not to a suggestion.
    await submit(page, 'Choose another method');
    await expect(page).toHaveURL(/\/register-mfa\?requestId=[\w-]+/);
    await submit(page, 'Set up an authenticator app');
    const href = await page.locator('main .open-app-primary a').getAttribute('href');
    const secret = new URL(href!).searchParams.get('secret')!;
    await page.getByLabel('Code from the app').fill(new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate());
    await submit(page, 'Finish set-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authenticator app set up');
    // Back to the MFA page: the method is set up, so its confirmation, not the methods again.
    await page.goto(page.url().replace('/setup-mfa/authenticator', '/register-mfa'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authenticator app set up');
    await page.getByRole('link', { name: 'Continue' }).click();
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);

test('"Set up another method" on the code page: first the current method confirms the person, then the methods to add (not the one they have), and the sign-in goes on', async ({
  page,
  javaScriptEnabled,
  standin,
  expectAccessible,
}) => {
  const email = SETUP.another(tag('another', javaScriptEnabled));
  await signIn(page, email);
  if (!javaScriptEnabled) await submit(page, 'Send code');
  await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);

  await submit(page, 'Set up another method');
  await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
  await expect(page.getByText('Noted: once you’ve confirmed it’s you, we’ll show you the methods you can add.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up another method' })).toHaveCount(0);
  const [message] = await standin.outbox(email);
  await page.getByLabel('Security code', { exact: true }).fill(message!.code!);
  await submit(page, 'Verify');

  await expect(page).toHaveURL(/\/register-mfa\/another\?requestId=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up another method');
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  // The account has codes by e-mail already: not offered again.
  await expect(page.getByRole('button', { name: 'Set up codes by e‑mail' })).toHaveCount(0);
  await expectAccessible(page);

  await submit(page, 'Create backup codes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Save your backup codes');
  await page.getByLabel('I have saved these codes in a safe place').check();
  await submit(page, 'Finish set-up');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Backup codes set up');
  await page.getByRole('link', { name: 'Continue' }).click();
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
});

test('push without a paired phone: the tenant says "set it up first", and the pairing page here does it instead of the tenant’s; the sign-in goes on', async ({
  page,
  request,
  javaScriptEnabled,
  standin,
}) => {
  const email = SETUP.phone(tag('phone', javaScriptEnabled));
  await signIn(page, email);
  if (!javaScriptEnabled) await submit(page, 'Send request');
  await expect(page).toHaveURL(/\/setup-mfa\/push\?requestId=[\w-]+$/);
  await pairThenSignedIn(page, request, standin, email, javaScriptEnabled);
});

test('push without a paired phone beside a working e-mail code: the password alone pairs nothing; the code first, then the phone is offered and paired @js-on-only', async ({
  page,
  request,
  javaScriptEnabled,
  standin,
  expectAccessible,
}) => {
  const email = SETUP.unpaired(tag('unpaired', javaScriptEnabled));
  await signIn(page, email);
  // The attack: with only the password, choose the method the tenant says must be set up first.
  await submit(page, 'Approve on your device');
  await expect(page).toHaveURL(/\/register-mfa\?requestId=[\w-]+&view=options&unset=PUSH$/);
  await expect(
    page.getByText('Sign-in approval isn’t set up on your phone yet. Confirm it’s you with another method first; then you can pair your phone.'),
  ).toBeVisible();
  // No pairing was opened at the tenant that a phone could answer.
  expect((await request.post(`${standin.url}/__standin/push/pair`, { data: { email } })).status()).toBe(404);
  await expectAccessible(page);

  await submit(page, 'E‑mail to u•••@example.com');
  await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
  const [message] = await standin.outbox(email);
  await page.getByLabel('Security code', { exact: true }).fill(message!.code!);
  await submit(page, 'Verify');
  // Confirmed: the phone the tenant wanted comes first among the methods to add.
  await expect(page).toHaveURL(/\/register-mfa\/another\?requestId=/);
  await expect(page.locator('main form.other-methods button').first()).toHaveAccessibleName('Set up sign-in approval on your phone');
  await submit(page, 'Set up sign-in approval on your phone');
  await pairThenSignedIn(page, request, standin, email, javaScriptEnabled);
});

test('backup codes added after an e-mail code are a second factor at the next sign-in: named there, and the first code shown works @js-on-only', async ({
  page,
  browser,
  javaScriptEnabled,
  standin,
}) => {
  const email = SETUP.another(tag('codes-next', javaScriptEnabled));
  await signIn(page, email);
  await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
  await submit(page, 'Set up another method');
  await expect(page.getByText('Noted: once you’ve confirmed it’s you, we’ll show you the methods you can add.')).toBeVisible();
  const [message] = await standin.outbox(email);
  await page.getByLabel('Security code', { exact: true }).fill(message!.code!);
  await submit(page, 'Verify');
  await submit(page, 'Create backup codes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Save your backup codes');
  const codes = await page.locator('ol.codes code').allTextContents();
  await page.getByLabel('I have saved these codes in a safe place').check();
  await submit(page, 'Finish set-up');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();

  const next = await browser.newPage();
  await signIn(next, email);
  await submit(next, 'Use a backup code');
  await next.getByLabel('Backup code', { exact: true }).fill(codes[0]!);
  await submit(next, 'Verify');
  await expect(next.getByText('You have 8 backup codes left. Each code works once.')).toBeVisible();
  await submit(next, 'Continue');
  await expect(next.getByText(`Signed in as ${email}.`)).toBeVisible();
  await next.close();
});
