import type { CDPSession, Page } from '@playwright/test';
import { PASSKEY } from './accounts';
import { test as base, continueToProvider, expect, submit, toPasswordStep } from './fixtures';
import { messages, type Messages } from './matrix/steps';
import { startOwnTenant, type OwnTenant } from './own-app';

/**
 * What the passkey specs share (passkeys.spec.ts, passkeys-languages.spec.ts): an app with
 * PASSKEYS=on and a stand-in tenant of its own, both on `localhost` (a relying-party id must be a
 * domain), once per worker; Chromium's virtual authenticator through the DevTools WebAuthn
 * domain; and the steps around a ceremony, found by the texts of a language's messages
 * (messages/<locale>.json; en-GB unless a test gives another).
 */
export const test = base.extend<object, { tenant: OwnTenant }>({
  tenant: [
    async ({}, use) => {
      const tenant = await startOwnTenant(
        {
          PASSKEYS: 'on',
          // A second e-mail code soon after the first, as the shared app allows (global-setup.ts).
          MFA_RESEND_SECONDS: '3',
          // Every test comes from one address: its budgets of e-mail steps, passwords, codes and
          // passkeys (a passkey counts as a code or a password) and sends would be spent by the
          // specs themselves (12 languages, three checks each). Per account and per code they stay.
          RATE_LIMITS: JSON.stringify({
            'email.address': '1000/60',
            'password.address': '1000/60',
            'code.address': '1000/60',
            'send.address': '1000/60',
            'entry.address': '1000/60',
          }),
        },
        { host: 'localhost' },
      );
      await use(tenant);
      await tenant.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ tenant }, use) => use(tenant.url),
});

/** A tag for a fresh `+tag` account of this test (and mode, repetition and retry). */
export const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;

export type Authenticator = { cdp: CDPSession; id: string };

/** A platform authenticator with user verification that answers at once (Chromium's virtual one). */
export async function addAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

export async function credentialCount(auth: Authenticator): Promise<number> {
  return (await auth.cdp.send('WebAuthn.getCredentials', { authenticatorId: auth.id })).credentials.length;
}

/**
 * Runs `step` with no passkey on the authenticator, then puts its passkeys back: the browser then
 * answers NotAllowedError at once, as it does for a prompt the person cancelled.
 */
export async function withoutCredentials(auth: Authenticator, step: () => Promise<void>) {
  const { credentials } = await auth.cdp.send('WebAuthn.getCredentials', { authenticatorId: auth.id });
  await auth.cdp.send('WebAuthn.clearCredentials', { authenticatorId: auth.id });
  try {
    await step();
  } finally {
    for (const credential of credentials) await auth.cdp.send('WebAuthn.addCredential', { authenticatorId: auth.id, credential });
  }
}

/** The browser's prompt dismissed: every `get` (or `create`) of this page answers NotAllowedError at once. */
export async function refuseCeremonies(page: Page, ceremony: 'get' | 'create') {
  await page.evaluate((name) => {
    navigator.credentials[name] = () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
  }, ceremony);
}

/** What the passkey part of a screen says (the route announcer is an alert too). */
export const passkeyAlert = (page: Page) => page.locator('.passkey').getByRole('alert');

/** Signs out on the success screen (its form found by its action, in any language). */
export async function signOut(page: Page) {
  await page.locator('main form[action="/auth/sign-out"] button').click();
  await expect(page).not.toHaveURL(/\/success/);
}

const EN_GB = messages('en-GB');

/** The e-mail step's label and button in the language of `t`, for toPasswordStep. */
export const emailStep = (t: Messages) => ({ email: t.login.email, next: t.login.submit });

/** The password of the passkey accounts, then on to the provider. */
export async function enterPassword(page: Page, javaScriptEnabled: boolean, t = EN_GB) {
  await page.getByLabel(t.credentials.password, { exact: true }).fill(PASSKEY.password);
  await submit(page, t.credentials.submit);
  await continueToProvider(page, javaScriptEnabled);
}

export async function expectSignedIn(page: Page, email: string, javaScriptEnabled = true, t = EN_GB) {
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByText(t.success.signedInAs.replace('{email}', email), { exact: true })).toBeVisible();
}

/** After "Create a passkey": the page says it was created (its heading), and Continue goes on with the sign-in. */
export async function continueAfterCreated(page: Page, t = EN_GB) {
  await expect(page.locator('main h1')).toHaveText(t.passkeySetup.createdTitle);
  await page.getByRole('link', { name: t.continue.button, exact: true }).click();
}

/** From the e-mail step to a passkey created on the tenant's suggestion, signed in. */
export async function enrol(page: Page, auth: Authenticator, email: string, t = EN_GB) {
  await toPasswordStep(page, email, emailStep(t));
  await enterPassword(page, true, t);
  await expect(page).toHaveURL(/\/setup-passkey\?requestId=/);
  await page.getByRole('button', { name: t.passkeySetup.create, exact: true }).click();
  await continueAfterCreated(page, t);
  await expectSignedIn(page, email, true, t);
  expect(await credentialCount(auth)).toBe(1);
}

/** To the password screen of an account with a passkey, the passkey offered once the page runs. */
export async function toPasskeyOffer(page: Page, email: string, t = EN_GB) {
  await toPasswordStep(page, email, emailStep(t));
  await expect(page.getByRole('button', { name: t.credentials.passkeySignIn, exact: true })).toBeVisible();
}

/** "Use your password instead" on the password screen of an account with a passkey: the password form shows, the cursor in it. */
export async function usePasswordInstead(page: Page, t = EN_GB) {
  await page.getByRole('button', { name: t.credentials.usePassword, exact: true }).click();
  await expect(page.getByLabel(t.credentials.password, { exact: true })).toBeFocused();
}
