import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { CLIENT_NAME, continueToProvider, expect, MFA, noJs, submit, test, toPasswordStep, type StandIn } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const APPROVED_BY_A_PRESS = noJs(
  'without JavaScript the page does not ask by itself: "I have approved it" (shown only then) asks the server, first "not yet" (read and focused), then on to the provider',
);
const SINGLE_METHOD_CANCEL = noJs(
  'without JavaScript the single method waits for a press, so its Cancel link is what the person uses; with JavaScript the method starts by itself',
);

/**
 * Push approval and the method buttons (docs/features.md "Multi-factor step"). `mfa.push+…` has one push
 * device (Pixel 8); `mfa.choice+…` has e-mail, SMS, an authenticator app and push, each medium
 * named by the stand-in's configured list; `mfa.all+…` the same methods without names.
 */
const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;
const PUSH = (t: string) => `mfa.push+${t}@example.com`;
const CHOICE = (t: string) => `mfa.choice+${t}@example.com`;
const DEVICE = 'Pixel 8';
const SMS_TO = '+49 ••• ••12';
const EMAIL_TO = 'm•••@example.com';
const mfa = JSON.parse(readFileSync('messages/en-GB.json', 'utf8')).mfa as Record<string, string>;

/** The device's answer, and a request's lifetime, through the stand-in's controls. */
const device = (request: APIRequestContext, standin: StandIn) => ({
  async answer(email: string, answer: 'approve' | 'reject') {
    expect((await request.post(`${standin.url}/__standin/push/${answer}`, { data: { email } })).ok()).toBe(true);
  },
  async lifetime(email: string, seconds: number) {
    expect((await request.post(`${standin.url}/__standin/push/lifetime`, { data: { email, seconds } })).ok()).toBe(true);
  },
});

async function toMfa(page: Page, email: string, javaScriptEnabled: boolean) {
  await toPasswordStep(page, email);
  await page.getByLabel('Password', { exact: true }).fill(MFA.password);
  await submit(page, 'Sign in');
  await continueToProvider(page, javaScriptEnabled);
  await expect(page).toHaveURL(/\/register-mfa/);
}

/** The push-only account: with JavaScript the request goes out by itself; without, on a press. */
async function toPushPage(page: Page, email: string, javaScriptEnabled: boolean) {
  await toMfa(page, email, javaScriptEnabled);
  if (!javaScriptEnabled) {
    await expect(page.getByText(`We will send a sign-in request to your device (${DEVICE}).`)).toBeVisible();
    await submit(page, 'Send request');
  }
  await expect(page).toHaveURL(/\/register-mfa\/push\?requestId=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Approve the sign-in request on your device');
}

/** The number the device may ask for, as the page shows it. */
const shownNumber = async (page: Page) => (await page.locator('.push-number .number').textContent())!.trim();

async function expectSignedIn(page: Page, email: string, javaScriptEnabled: boolean) {
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
}

test(
  'push approved: the page moves on by itself with JavaScript; without, "I have approved it"',
  APPROVED_BY_A_PRESS,
  async ({ page, request, javaScriptEnabled, standin, expectAccessible, expectOnlyMessages }) => {
    const email = PUSH(tag('approved', javaScriptEnabled));
    await toPushPage(page, email, javaScriptEnabled);
    await expect(page.getByText(`We have sent a sign-in request to your device (${DEVICE}). Open the notification and approve it.`)).toBeVisible();
    const number = await shownNumber(page);
    expect(number).toMatch(/^\d{2}$/);
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', [CLIENT_NAME, number]);

    if (javaScriptEnabled) {
      // The page asks by itself: nothing to press, it says it is waiting (ux-review D25).
      await expect(page.getByRole('button', { name: 'I have approved it' })).toBeHidden();
      await expect(page.locator('main .push-check .hint.waiting')).toHaveText(mfa.pushAuto);
      await expect(page.locator('main .push-check .hint.waiting .spinner')).toBeVisible();
    } else {
      // Asked before approving: not yet (read out, and focused).
      await expect(page.getByText(mfa.pushAuto)).toBeHidden();
      await submit(page, 'I have approved it');
      const notYet = page.getByText(mfa.pushNotYet);
      await expect(notYet).toBeVisible();
      await expect(notYet).toBeFocused();
      await expect(page.locator('main [role="status"]').filter({ hasText: mfa.pushNotYet })).toHaveCount(1);
      await expectAccessible(page);
    }

    await device(request, standin).answer(email, 'approve');
    if (javaScriptEnabled) {
      // Nobody touches the page: it asks by itself and continues to the provider.
      await expect(page).toHaveURL(/\/success|\/continue/, { timeout: 10_000 });
    } else {
      await submit(page, 'I have approved it');
      await expect(page).toHaveURL(/\/continue\?requestId=/);
    }
    await expectSignedIn(page, email, javaScriptEnabled);
  },
);

test('push declined: the page says so and offers another method and a new request', async ({
  page,
  request,
  javaScriptEnabled,
  standin,
  expectAccessible,
  expectOnlyMessages,
}) => {
  const email = CHOICE(tag('declined', javaScriptEnabled));
  await toMfa(page, email, javaScriptEnabled);
  await page.getByRole('button', { name: `Approve on your device (${DEVICE})` }).click();
  await expect(page).toHaveURL(/\/register-mfa\/push\?requestId=/);

  await device(request, standin).answer(email, 'reject');
  if (!javaScriptEnabled) await submit(page, 'I have approved it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in request declined');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleDescription(
    'If you declined it on your device by mistake, you can send a new request.',
  );
  await expect(page.getByRole('button', { name: 'I have approved it' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send a new request' })).toBeVisible();
  await expectAccessible(page);
  await expectOnlyMessages(page, 'en-GB', [CLIENT_NAME]);

  // Another method: the e-mail code, sent to the address the configured list named.
  await page.getByRole('link', { name: 'Choose another method' }).click();
  await page.getByRole('button', { name: `E\u2011mail to ${EMAIL_TO}` }).click();
  await expect(page.getByText(`We have sent a 6\u2011digit code to ${EMAIL_TO}.`)).toBeVisible();
  const [message] = await standin.outbox(email);
  await page.getByLabel('Security code', { exact: true }).fill(message.code!);
  await submit(page, 'Verify');
  await expectSignedIn(page, email, javaScriptEnabled);
});

test('push expired: the page says so; a new request can be sent and approved', async ({
  page,
  request,
  javaScriptEnabled,
  standin,
  expectAccessible,
  expectOnlyMessages,
}) => {
  const email = PUSH(tag('expired', javaScriptEnabled));
  const phone = device(request, standin);
  await phone.lifetime(email, 3);
  await toPushPage(page, email, javaScriptEnabled);
  if (!javaScriptEnabled) {
    await page.waitForTimeout(3_200);
    await submit(page, 'I have approved it');
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in request expired', { timeout: 10_000 });
  await expect(page.getByText('The sign-in request was not approved in time.')).toBeVisible();
  // One method only: no other to choose, but another account and help are offered.
  await expect(page.getByRole('link', { name: 'Choose another method' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Use another account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
  await expectAccessible(page);
  await expectOnlyMessages(page, 'en-GB', [CLIENT_NAME]);
  // An expired request can no longer be approved on the device.
  expect((await request.post(`${standin.url}/__standin/push/approve`, { data: { email } })).status()).toBe(404);

  await phone.lifetime(email, 300);
  await page.getByRole('button', { name: 'Send a new request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Approve the sign-in request on your device');
  await expect(page.locator('main .notice[role="status"]')).toHaveText('A new sign-in request has been sent.');
  await phone.answer(email, 'approve');
  if (!javaScriptEnabled) await submit(page, 'I have approved it');
  await expectSignedIn(page, email, javaScriptEnabled);
});

test.describe('method buttons', () => {
  test('name where each method goes, with an icon, and keep a masked number on one line', async ({
    page,
    javaScriptEnabled,
    expectAccessible,
    expectOnlyMessages,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await toMfa(page, CHOICE(tag('buttons', javaScriptEnabled)), javaScriptEnabled);
    const names = [`E\u2011mail to ${EMAIL_TO}`, `Text message to ${SMS_TO}`, 'Authenticator app', `Approve on your device (${DEVICE})`];
    for (const name of names) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      await expect(button.locator('svg[aria-hidden="true"]')).toHaveCount(1);
    }
    const destination = page.locator('button[value="SMS"] .destination');
    await expect(destination).toHaveText(SMS_TO);
    await expect(destination).toHaveCSS('white-space', 'nowrap');
    expect(await destination.evaluate((el) => el.getClientRects().length)).toBe(1);
    await expectAccessible(page);
    // The messages around a destination are split at it, so each part is a text of its own.
    const parts = ['optionEmailTo', 'optionSmsTo', 'optionPushOn'].flatMap((key) =>
      mfa[key]
        .split('{destination}')
        .map((p) => p.trim())
        .filter(Boolean),
    );
    await expectOnlyMessages(page, 'en-GB', [EMAIL_TO, SMS_TO, DEVICE, ...parts]);
  });

  test('without names from the tenant, the methods alone', async ({ page, javaScriptEnabled }) => {
    await toMfa(page, MFA.all(tag('plain', javaScriptEnabled)), javaScriptEnabled);
    for (const name of ['E\u2011mail', 'Text message (SMS)', 'Authenticator app']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(page.locator('main .destination')).toHaveCount(0);
  });
});

test(
  'a single method offers Cancel, back to the provider login for the same request',
  SINGLE_METHOD_CANCEL,
  async ({ page, javaScriptEnabled, standin, expectAccessible }) => {
    // With JavaScript the one method starts by itself (its "Sending…" overlay covers the screen);
    // that post is held here, so the screen stays and nothing is sent.
    if (javaScriptEnabled) {
      await page.route('**/register-mfa?**', (route) => (route.request().method() === 'POST' ? new Promise<void>(() => {}) : route.fallback()));
    }
    const email = MFA.email(tag('cancel', javaScriptEnabled));
    const requestId = await toPasswordStep(page, email);
    await page.getByLabel('Password', { exact: true }).fill(MFA.password);
    await submit(page, 'Sign in');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText('We will send a security code to your e\u2011mail address.')).toBeVisible();
    const cancel = page.getByRole('link', { name: 'Cancel' });
    const target = `${standin.url}/authz-srv/authz/resolve_redirect/${requestId}`;
    await expect(cancel).toHaveAttribute('href', target);
    if (javaScriptEnabled) {
      await page.goto(target);
    } else {
      await expectAccessible(page);
      await cancel.click();
    }
    await expect(page).toHaveURL(new RegExp(`requestId=${requestId}`));
    await expect(page.getByLabel('E\u2011mail address')).toBeVisible();
    expect(await standin.outbox(email)).toHaveLength(0);
  },
);
