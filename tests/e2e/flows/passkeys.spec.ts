import { randomSecret, runTenantScript } from '../../../scripts/processes.mjs';
import { PASSKEY } from '../support/accounts';
import { CLIENT_NAME, expect, jsOffOnly, noJs, standinClient, submit, toPasswordStep } from '../support/fixtures';
import {
  addAuthenticator,
  continueAfterCreated,
  credentialCount,
  enrol,
  enterPassword,
  expectSignedIn,
  passkeyAlert,
  refuseCeremonies,
  signOut,
  tag,
  test,
  toPasskeyOffer,
  usePasswordInstead,
  withoutCredentials,
} from '../support/passkeys';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const NO_PASSKEY_WITHOUT_SCRIPTS = noJs('without JavaScript no passkey can be made: the page says so and offers only Cancel');
const PASSED_OVER_BY_A_PRESS = noJs(
  'without JavaScript the passed-over suggestion is one press of Continue on a page that names no passkey; with JavaScript it is skipped at once',
);
const NOTHING_OF_PASSKEYS = jsOffOnly('without JavaScript nothing of passkeys is offered, and the password, the e-mail code and "Not now" must work as ever');

/**
 * Passkeys (docs/features.md "Passkeys"; docs/provider-contract.md §2.13) on an app with PASSKEYS=on and a
 * stand-in tenant of its own, both on `localhost` (a relying-party id must be a domain), with
 * Chromium's virtual authenticator through the DevTools WebAuthn domain: enrolment when the tenant
 * suggests it, sign-in with the passkey, the passkey as a second factor, and every fallback. The
 * last tests check that JavaScript off, and PASSKEYS off, change nothing for these accounts. The
 * tenant and the authenticator are in tests/e2e/support/passkeys.ts; passkeys-languages.spec.ts
 * walks the same states in every language.
 */

test.describe('with JavaScript @js-on-only', () => {
  test('a passkey created when the tenant suggests it, then sign-in with it', async ({ page, expectAccessible, expectOnlyMessages }) => {
    const auth = await addAuthenticator(page);
    const email = PASSKEY.enrol(tag('enrol', true));

    // No FIDO2 yet: the password screen offers no passkey.
    await toPasswordStep(page, email);
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
    await enterPassword(page, true);

    // The tenant's suggestion: create one, or not now.
    await expect(page).toHaveURL(/\/setup-passkey\?requestId=/);
    await expect(page.getByRole('heading', { name: 'Create a passkey' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create a passkey' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Not now' })).toBeVisible();
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', [CLIENT_NAME]);
    await page.getByRole('button', { name: 'Create a passkey' }).click();
    // Said before the sign-in goes on: the screen's heading, read on arrival.
    await expect(page.getByRole('heading', { name: 'Passkey created' })).toBeFocused();
    await expect(page.getByText('From now on, you can sign in with your fingerprint, face or screen lock.')).toBeVisible();
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', [CLIENT_NAME]);
    await continueAfterCreated(page);
    await expectSignedIn(page, email);
    expect(await credentialCount(auth)).toBe(1);

    // Signed out, back in with the passkey: it leads (the main button, where the cursor is), the
    // password form waits behind "Use your password instead"; no suggestion any more.
    await signOut(page);
    await toPasskeyOffer(page, email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await expect(passkeyButton).toBeFocused();
    await expect(passkeyButton).not.toHaveClass(/secondary/);
    await expect(page.getByRole('button', { name: 'Use your password instead' })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeHidden();
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', [CLIENT_NAME, email]);
    await passkeyButton.click();
    await expectSignedIn(page, email);
  });

  test('a tenant that double-encodes credential ids: the passkey is still found', async ({ page }) => {
    const auth = await addAuthenticator(page);
    const email = PASSKEY.double(tag('double', true));
    await enrol(page, auth, email);
    await signOut(page);
    await toPasskeyOffer(page, email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectSignedIn(page, email);
  });

  test('the passkey as a second factor, beside the e-mail code', async ({ page, request, tenant, expectAccessible }) => {
    const auth = await addAuthenticator(page);
    const email = PASSKEY.mfa(tag('mfa', true));
    const standin = standinClient(request, tenant.standinUrl);

    // First sign-in: password, the e-mail code (the only second factor, started at once), then the suggestion.
    await toPasswordStep(page, email);
    await enterPassword(page, true);
    await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
    const [message] = await standin.outbox(email);
    await page.getByLabel('Security code', { exact: true }).fill(message.code!);
    await submit(page, 'Verify');
    await expect(page).toHaveURL(/\/setup-passkey\?requestId=/);
    await page.getByRole('button', { name: 'Create a passkey' }).click();
    await continueAfterCreated(page);
    await expectSignedIn(page, email);
    expect(await credentialCount(auth)).toBe(1);
    await signOut(page);

    // Next time: the password instead of the passkey, then the passkey as the second factor. With
    // the password form shown, "Use your password instead" has gone and the passkey is the other way.
    await toPasskeyOffer(page, email);
    await usePasswordInstead(page);
    await expect(page.getByRole('button', { name: 'Use your password instead' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveClass(/secondary/);
    await expectAccessible(page);
    await enterPassword(page, true);
    await expect(page).toHaveURL(/\/register-mfa\?requestId=/);
    await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'E\u2011mail' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expectSignedIn(page, email);
    // Nothing was sent by e-mail this time.
    expect(await standin.outbox(email)).toHaveLength(1);
  });
});

test("tenant:check reads the tenant's rp.id for a test account with a passkey and compares it with PUBLIC_URL @js-on-only", async ({ tenant }) => {
  const env = {
    PROVIDER_URL: tenant.standinUrl,
    PUBLIC_URL: tenant.url,
    CLIENT_ID: 'sales-portal-own',
    CLIENT_SECRET: 'unused-by-tenant-check',
    SESSION_SECRET: randomSecret(),
    PASSKEYS: 'on',
    TENANT_CHECK_EMAIL: PASSKEY.listed(tag('check', true)),
    TENANT_CHECK_PASSWORD: '',
  };
  const { output } = await runTenantScript('tenant-check', { env });
  expect(/^Passkeys: relying-party id\s+(PASS|FAIL|UNKNOWN)\b/m.exec(output)?.[1], output).toBe('PASS');
  expect(output).toContain(`rp.id localhost fits localhost`);
});

test.describe('fallbacks that strand nobody @js-on-only', () => {
  test('password screen: no passkey on this device, cancelled, timed out, not accepted; the password always works', async ({
    page,
    request,
    tenant,
    expectAccessible,
  }) => {
    const auth = await addAuthenticator(page);
    const email = PASSKEY.enrol(tag('fallbacks', true));
    const standin = standinClient(request, tenant.standinUrl);
    await enrol(page, auth, email);
    await signOut(page);
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });

    // Cancelled: the browser's prompt dismissed (NotAllowedError, at once).
    await toPasskeyOffer(page, email);
    await refuseCeremonies(page, 'get');
    await passkeyButton.click();
    await expect(passkeyAlert(page)).toContainText('No passkey was used: the request was cancelled');
    await expect(passkeyAlert(page)).toContainText('You can use your password instead.');
    await expectAccessible(page);

    // No passkey for this account on this device: the same answer, by the browser's design.
    await page.reload();
    await withoutCredentials(auth, async () => {
      await passkeyButton.click();
      await expect(passkeyAlert(page)).toContainText('No passkey was used');
    });

    // Not accepted by the tenant (a bad signature): said, and a fresh ceremony is ready.
    await auth.cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId: auth.id, isBogusSignature: true });
    await passkeyButton.click();
    await expect(passkeyAlert(page)).toContainText('The passkey was not accepted.');
    await expectAccessible(page);
    await auth.cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId: auth.id, isBogusSignature: false });

    // Timed out: the device never answers within the ceremony's time (3 s here).
    const control = await request.post(`${tenant.standinUrl}/__standin/passkeys`, { data: { email, timeoutMs: 3000 } });
    expect(control.ok()).toBe(true);
    await page.reload();
    await auth.cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: auth.id, enabled: false });
    await passkeyButton.click();
    await expect(passkeyAlert(page)).toContainText('The passkey request timed out.', { timeout: 15_000 });
    await expectAccessible(page);

    // The password, as ever: one step away.
    await usePasswordInstead(page);
    await enterPassword(page, true);
    await expectSignedIn(page, email);
    expect(await standin.calls('/authentication/FIDO2/verification')).not.toHaveLength(0);
  });

  test('a browser without WebAuthn is told so, and the password works', async ({ page, expectAccessible }) => {
    const email = PASSKEY.listed(tag('nowebauthn', true));
    await page.addInitScript(() => {
      // @ts-expect-error: a browser without WebAuthn
      delete window.PublicKeyCredential;
    });
    await toPasswordStep(page, email);
    await expect(page.getByText('This browser cannot use passkeys. You can use your password instead.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
    // Nothing to lead with: the password form is there at once, with no button to ask for it.
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use your password instead' })).toHaveCount(0);
    await expectAccessible(page);
    await enterPassword(page, true);
    // The second factor: the passkey is not offered either, the e-mail code is one click away.
    await expect(page).toHaveURL(/\/register-mfa\?requestId=/);
    await expect(page.getByText('This browser cannot use passkeys. You can choose another method below.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'E\u2011mail' }).click();
    await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
  });

  test('second factor: cancelled, then the e-mail code instead', async ({ page, request, tenant, expectAccessible }) => {
    const auth = await addAuthenticator(page);
    const email = PASSKEY.mfa(tag('mfa-cancel', true));
    const standin = standinClient(request, tenant.standinUrl);
    await toPasswordStep(page, email);
    await enterPassword(page, true);
    await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
    const [first] = await standin.outbox(email);
    const firstSentAt = Date.now();
    await page.getByLabel('Security code', { exact: true }).fill(first.code!);
    await submit(page, 'Verify');
    await page.getByRole('button', { name: 'Create a passkey' }).click();
    await continueAfterCreated(page);
    await expectSignedIn(page, email);
    expect(await credentialCount(auth)).toBe(1);
    await signOut(page);

    await toPasskeyOffer(page, email);
    await usePasswordInstead(page);
    await enterPassword(page, true);
    await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await refuseCeremonies(page, 'get');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(passkeyAlert(page)).toContainText('You can choose another method below.');
    await expectAccessible(page);
    // Another e-mail code only once the resend wait since the first one is over (3 s here).
    await expect.poll(() => Date.now() - firstSentAt, { timeout: 10_000 }).toBeGreaterThan(3_500);
    await page.getByRole('button', { name: 'E\u2011mail' }).click();
    await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
    const messages = await standin.outbox(email);
    await page.getByLabel('Security code', { exact: true }).fill(messages[messages.length - 1].code!);
    await submit(page, 'Verify');
    await expectSignedIn(page, email);
  });

  test('the suggestion: cancelled creation, then "Not now"', async ({ page, expectAccessible }) => {
    const auth = await addAuthenticator(page);
    const email = PASSKEY.enrol(tag('setup-cancel', true));
    await toPasswordStep(page, email);
    await enterPassword(page, true);
    await expect(page).toHaveURL(/\/setup-passkey\?requestId=/);
    await refuseCeremonies(page, 'create');
    await page.getByRole('button', { name: 'Create a passkey' }).click();
    await expect(passkeyAlert(page)).toContainText('You can skip this step and continue.');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Not now' }).click();
    await expectSignedIn(page, email);
    expect(await credentialCount(auth)).toBe(0);
  });
});

test.describe("the tenant's rules for its suggestion (docs/provider-contract.md §2.13)", () => {
  test(
    'a method required now (skipUntil passed): no "Not now", the passkey is the way on, or Cancel',
    NO_PASSKEY_WITHOUT_SCRIPTS,
    async ({ page, javaScriptEnabled, expectAccessible }) => {
      const auth = javaScriptEnabled ? await addAuthenticator(page) : undefined;
      const email = PASSKEY.required(tag('required', javaScriptEnabled));
      await toPasswordStep(page, email);
      await enterPassword(page, javaScriptEnabled);
      await expect(page).toHaveURL(/\/setup-passkey\?requestId=/);
      await expect(page.getByRole('button', { name: 'Not now' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Cancel sign-in' })).toBeVisible();
      if (!javaScriptEnabled) {
        await expect(page.getByText('Your organisation requires a passkey for signing in. Creating one needs JavaScript')).toBeVisible();
        await expectAccessible(page);
        return;
      }
      await expect(page.getByText('Your organisation requires a passkey for signing in. Please create one now to continue.')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Create a passkey' }).click();
      await continueAfterCreated(page);
      await expectSignedIn(page, email);
      expect(await credentialCount(auth!)).toBe(1);
    },
  );

  test('skippable until a date: the page says until when, and "Not now" goes on', async ({ page, javaScriptEnabled, expectAccessible }) => {
    const email = PASSKEY.deadline(tag('deadline', javaScriptEnabled));
    const inTwoWeeks = () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(Date.now() + 14 * 86_400_000);
    const before = inTwoWeeks();
    await toPasswordStep(page, email);
    await enterPassword(page, javaScriptEnabled);
    await expect(page).toHaveURL(/\/setup-passkey\?requestId=/);
    // The date the tenant names, as the page's language writes it (either side of a midnight).
    const dates = [...new Set([before, inTwoWeeks()])].join('|');
    await expect(page.getByText(new RegExp(`^You can skip this until (${dates})\\. After that, a passkey will be required\\.$`))).toBeVisible();
    await expectAccessible(page);
    await submit(page, 'Not now');
    await expectSignedIn(page, email, javaScriptEnabled);
  });
});

test.describe('a set-up the tenant refuses @js-on-only', () => {
  test('a passkey made on another device meanwhile (VER_0029): said on the page, and "Not now" goes on', async ({
    page,
    request,
    tenant,
    expectAccessible,
  }) => {
    const email = PASSKEY.enrol(tag('elsewhere', true));
    await toPasswordStep(page, email);
    await enterPassword(page, true);
    await expect(page).toHaveURL(/\/setup-passkey\?requestId=/);
    const control = await request.post(`${tenant.standinUrl}/__standin/passkeys`, { data: { email, addElsewhere: true } });
    expect(control.ok()).toBe(true);
    await page.reload();
    await expect(passkeyAlert(page)).toContainText(
      'This account already has a passkey, so there is no need to create another one. You can skip this step and continue.',
    );
    await expect(page.getByRole('button', { name: 'Create a passkey' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Not now' }).click();
    await expectSignedIn(page, email);
  });
});

test.describe('without JavaScript', () => {
  test(
    'no passkey is shown; the password, the e-mail code and "Not now" work as ever',
    NOTHING_OF_PASSKEYS,
    async ({ page, request, tenant, expectAccessible }) => {
      const standin = standinClient(request, tenant.standinUrl);
      // FIDO2 is configured for this account, yet nothing of it shows without JavaScript.
      const listed = PASSKEY.listed(tag('nojs', false));
      await toPasswordStep(page, listed);
      await expect(page.getByRole('button', { name: /passkey/i })).toHaveCount(0);
      await expect(page.locator('.passkey')).toHaveCount(0);
      // The screen says why the password is the way in, and shows its form at once.
      await expect(
        page.getByText('Using your passkey needs JavaScript, which is turned off in this browser. Please sign in with your password.'),
      ).toBeVisible();
      await expect(page.getByText('Your account has a passkey')).toBeHidden();
      await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
      await expectAccessible(page);
      await enterPassword(page, false);
      // The one-piece page the streamed one sends a browser without scripting to (a meta refresh):
      // on the first, the screen is still hidden and a count of nothing would prove nothing.
      await expect(page).toHaveURL(/\/register-mfa\?requestId=[\w-]+&render=sync$/);
      await expect(page.getByRole('button', { name: 'E\u2011mail' })).toBeVisible();
      await expect(page.getByText(/a passkey|passkeys/)).toHaveCount(0);
      await expectAccessible(page);
      await submit(page, 'E\u2011mail');
      const [message] = await standin.outbox(listed);
      await page.getByLabel('Security code', { exact: true }).fill(message.code!);
      await submit(page, 'Verify');
      await expectSignedIn(page, listed, false);

      // The tenant's suggestion: only "Not now", and why.
      const email = PASSKEY.enrol(tag('nojs', false));
      await toPasswordStep(page, email);
      await enterPassword(page, false);
      await expect(page).toHaveURL(/\/setup-passkey\?requestId=/);
      await expect(page.getByText('Creating a passkey needs JavaScript')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create a passkey' })).toHaveCount(0);
      await expectAccessible(page);
      await submit(page, 'Not now');
      await expectSignedIn(page, email, false);
    },
  );
});

test.describe('with PASSKEYS off (the shared app)', () => {
  test.use({ baseURL: async ({}, use) => use(process.env.E2E_APP_URL) });

  test('an account with FIDO2 signs in as before: no passkey, FIDO2 never offered as a code', async ({ page, javaScriptEnabled, standin }) => {
    const email = PASSKEY.listed(tag('off', javaScriptEnabled));
    await toPasswordStep(page, email);
    await expect(page.getByRole('button', { name: /passkey/i })).toHaveCount(0);
    await expect(page.locator('.passkey')).toHaveCount(0);
    await enterPassword(page, javaScriptEnabled);
    // The e-mail code is the only second factor, started at once with JavaScript (as for mfa.email).
    if (!javaScriptEnabled) await submit(page, 'Send code');
    await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
    await expect(page.getByText(/a passkey|passkeys|Another method/)).toHaveCount(0);
    const [message] = await standin.outbox(email);
    await page.getByLabel('Security code', { exact: true }).fill(message.code!);
    await submit(page, 'Verify');
    await expectSignedIn(page, email, javaScriptEnabled);
  });

  test(
    'a tenant suggesting only a passkey: the suggestion is passed over at once, never a page that cannot make one (D64)',
    PASSED_OVER_BY_A_PRESS,
    async ({ page, javaScriptEnabled }) => {
      const email = PASSKEY.enrol(tag('off-suggested', javaScriptEnabled));
      await toPasswordStep(page, email);
      await enterPassword(page, javaScriptEnabled);
      if (!javaScriptEnabled) {
        // Without scripts one press, on a page that says only that the sign-in goes on.
        await expect(page).toHaveURL(/\/setup-passkey\?requestId=/);
        await expect(page.getByText(/passkey/i)).toHaveCount(0);
        await submit(page, 'Continue');
      }
      await expectSignedIn(page, email, javaScriptEnabled);
    },
  );
});
