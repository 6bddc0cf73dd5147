import type { APIRequestContext, Page } from '@playwright/test';
import { continueToProvider, expect, generations, noJs, runModes, startSignIn, submit, test, toPasswordStep } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const LINK_SENT_AND_CONTINUE = noJs(
  'without JavaScript the link goes out on "Send confirmation link" and the confirmed page waits for Continue; with JavaScript both go on by themselves',
);
const CONFIRMATION_CALLS = generations(
  'the account confirmation (docs/provider-contract.md §3.2): verification-actions-srv/account/initiation (a form, answered 302) on current tenants, verification-srv/account/initiate/sdk (JSON) on legacy ones',
);
const CODE_CHECK = generations(
  'the confirmation code’s check (docs/provider-contract.md §3.2): verification-actions-srv/account on current tenants, verification-srv/account/verify on legacy ones',
);

/**
 * As the tenant's own page would: starts a confirmation by code with the browser-facing form post
 * (docs/provider-contract.md §3.2) and follows its 302 to this deployment's verification_complete,
 * which leads to the code field. Answers the sign-in's request id.
 */
async function toConfirmationCode(page: Page, request: APIRequestContext, standinUrl: string, generation: string, email: string): Promise<string> {
  // The person has named the account on the e-mail step of this sign-in.
  const requestId = await toPasswordStep(page, email);
  const initiation = generation === 'current' ? '/verification-actions-srv/account/initiation' : '/verification-srv/account/initiate';
  const started = await request.post(`${standinUrl}${initiation}`, {
    form: { requestId, processingType: 'CODE', verificationMedium: 'email', email },
    maxRedirects: 0,
  });
  expect(started.status()).toBe(302);
  const completion = new URL(started.headers().location);
  expect(completion.pathname).toBe('/verify-email-complete');
  expect(completion.searchParams.get('accvid')).toBeTruthy();
  await page.goto(completion.toString());
  await expect(page).toHaveURL(new RegExp(`/verify-email/code\\?requestId=${requestId}$`));
  return requestId;
}

const fresh = (kind: string, js: boolean) =>
  `unverified+${kind}-${js ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${test.info().retry}@example.com`;

test(
  'an unconfirmed address: link from the outbox, then signed in automatically',
  runModes(CONFIRMATION_CALLS, LINK_SENT_AND_CONTINUE),
  async ({ page, javaScriptEnabled, standin, expectAccessible, expectOnlyMessages }) => {
    const email = fresh('trip', javaScriptEnabled);
    const requestId = await toPasswordStep(page, email);
    await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
    await submit(page, 'Sign in');
    await continueToProvider(page, javaScriptEnabled);

    await expect(page).toHaveURL(/\/verify-email\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e\u2011mail address');
    if (!javaScriptEnabled) {
      await expectAccessible(page);
      await submit(page, 'Send confirmation link');
    }
    await expect(page.getByText(/We have sent a confirmation link to your e\u2011mail address\./)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `${standin.url}/authz-srv/authz/resolve_redirect/${requestId}`);
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB');

    await expect.poll(async () => (await standin.outbox(email)).filter((m) => m.link).length).toBe(1);
    const [message] = (await standin.outbox(email)).filter((m) => m.link);
    // The tenant's offer to sign in at once is a track that stands for the password: it must never
    // be an address the browser shows or keeps in its history.
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    await page.goto(message.link!);
    await expect(page).toHaveURL(/\/verify-email-complete\?|\/success$/);
    if (!javaScriptEnabled) {
      await expect(page).toHaveURL(new RegExp(`/verify-email-complete\\?requestId=${requestId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e\u2011mail address is confirmed');
      await expectAccessible(page);
      await submit(page, 'Continue');
    }
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    expect(
      addresses.some((address) => address.includes('/verify-email-complete')),
      'the completion page was shown',
    ).toBe(true);
    expect(addresses.filter((address) => /track/i.test(address))).toEqual([]);
  },
);

test('the confirmation link can be sent again after the countdown', CONFIRMATION_CALLS, async ({ page, javaScriptEnabled, standin }) => {
  const email = fresh('resend', javaScriptEnabled);
  await toPasswordStep(page, email);
  await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
  await submit(page, 'Sign in');
  await continueToProvider(page, javaScriptEnabled);
  if (!javaScriptEnabled) await submit(page, 'Send confirmation link');
  await expect(page.getByText(/You can request another link in \d+\u00a0seconds\./)).toBeVisible();
  await page.reload();
  expect(
    (await standin.outbox(email)).filter((m) => m.link),
    'a reload sends nothing',
  ).toHaveLength(1);
  await page.waitForTimeout(3_200);
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('The link has been sent again.')).toBeVisible();
  expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(2);
});

test('the completion page without a login suggestion offers to sign in', async ({ page, expectAccessible }) => {
  await page.goto('/verify-email-complete?requestId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Thank you. You can now sign in.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
});

test(
  'the tenant asks for a code (verification_complete, processingType CODE): wrong code, then the right one signs in',
  CODE_CHECK,
  async ({ page, request, javaScriptEnabled, standin, generation, expectAccessible, expectOnlyMessages }) => {
    const email = fresh('code', javaScriptEnabled);
    await toConfirmationCode(page, request, standin.url, generation, email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e\u2011mail address');
    const masked = `u***@example.com`;
    await expect(page.getByText(`Enter the confirmation code we have sent to ${masked}.`)).toBeVisible();
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', [masked]);

    await page.getByLabel('Security code', { exact: true }).fill('000000');
    await submit(page, 'Confirm');
    await expect(page.getByLabel('Security code', { exact: true })).toHaveAccessibleDescription(/^Incorrect code\./);

    const [message] = (await standin.outbox(email)).filter((m) => m.code);
    await page.getByLabel('Security code', { exact: true }).fill(message.code!);
    await submit(page, 'Confirm');
    if (!javaScriptEnabled) await submit(page, 'Continue');
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);

test(
  'a confirmation code that has expired says so on the field, with the way on, never the error page',
  CODE_CHECK,
  async ({ page, request, javaScriptEnabled, standin, generation, expectAccessible }) => {
    const email = fresh('code-expired', javaScriptEnabled);
    const requestId = await toConfirmationCode(page, request, standin.url, generation, email);
    const [message] = (await standin.outbox(email)).filter((m) => m.code);
    await standin.expireCodes(email);

    await page.getByLabel('Security code', { exact: true }).fill(message.code!);
    await submit(page, 'Confirm');
    const field = page.getByLabel('Security code', { exact: true });
    await expect(field).toHaveAccessibleDescription(/^This code has expired or has already been used\. Please sign in again to get a new one\./);
    await expect(page).toHaveURL(new RegExp(`/verify-email/code\\?requestId=${requestId}$`));
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `${standin.url}/authz-srv/authz/resolve_redirect/${requestId}`);
    await expectAccessible(page);
  },
);

test('a masked address a link carries is shown only where it names the account of this sign-in; any other text never', async ({ page, request, standin }) => {
  const requestId = await startSignIn(page);
  const started = await request.post(`${standin.url}/verification-actions-srv/account/initiation`, {
    form: { requestId, processingType: 'CODE', verificationMedium: 'email', email: fresh('injected', true) },
    maxRedirects: 0,
  });
  const completion = new URL(started.headers().location);
  completion.searchParams.set('email', 'has been suspended. Call +1 555 0100 now');
  await page.goto(completion.toString());
  await expect(page).toHaveURL(new RegExp(`/verify-email/code\\?requestId=${requestId}$`));
  await expect(page.getByText('Enter the confirmation code we have sent to your e\u2011mail address.')).toBeVisible();
  await expect(page.getByText(/suspended|555/)).toHaveCount(0);
});
