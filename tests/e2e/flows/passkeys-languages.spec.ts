import { LOCALES } from '../../../lib/i18n/locales';
import { PASSKEY } from '../support/accounts';
import { CLIENT_NAME, expect, standinClient, submit, toPasswordStep } from '../support/fixtures';
import { messages } from '../support/matrix/steps';
import {
  addAuthenticator,
  continueAfterCreated,
  credentialCount,
  emailStep,
  enterPassword,
  expectSignedIn,
  passkeyAlert,
  refuseCeremonies,
  signOut,
  tag,
  test,
  toPasskeyOffer,
  withoutCredentials,
} from '../support/passkeys';

/**
 * The passkey states (passkeys.spec.ts checks them in en-GB) in each of the 12 languages, with
 * axe and "only this language's messages" on each: the tenant's suggestion ("Create a passkey",
 * "Not now", then "Passkey created"), the password screen of an account with a passkey ("Sign in with a passkey", "Use
 * your password instead"), the choice of second factor ("Use a passkey"), and a cancelled
 * ceremony on each of the three. Every button and field is found by the language's own messages
 * (messages/<locale>.json), never by English labels.
 *
 * One test per language walks them all with one `passkey.mfa+…` account, as a person meets them:
 * the password, the e-mail code, the suggestion, a passkey created; then signed out, back with the
 * password instead of the passkey, and the passkey as the second factor. The passkey exists only
 * with JavaScript (passkeys.spec.ts checks that nothing of it shows without), hence JavaScript on
 * only. The app and its stand-in tenant are started once per worker (tests/e2e/support/passkeys.ts).
 */

for (const locale of LOCALES) {
  test.describe(`passkeys in ${locale} @js-on-only`, () => {
    test.use({ locale });

    test('suggestion, passkey on the password screen, passkey as second factor, cancelled ceremonies', async ({
      page,
      request,
      tenant,
      expectAccessible,
      expectOnlyMessages,
    }) => {
      const t = messages(locale);
      const auth = await addAuthenticator(page);
      const email = PASSKEY.mfa(tag(`languages-${locale.toLowerCase()}`, true));
      const standin = standinClient(request, tenant.standinUrl);
      const button = (name: string) => page.getByRole('button', { name, exact: true });
      /** The state as it is now: in this language, accessible, nothing but its messages (and `data`). */
      const check = async (state: string, data: string[] = []) => {
        await test.step(state, async () => {
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expectAccessible(page);
          await expectOnlyMessages(page, locale, [CLIENT_NAME, ...data]);
        });
      };
      /** A cancelled ceremony: said, with the way on, and a fresh ceremony ready again. */
      const expectCancelled = async (otherWay: string, start: string) => {
        await expect(passkeyAlert(page)).toHaveText(`${t.errors.passkeyCancelled} ${otherWay}`);
        await expect(button(start)).toBeVisible();
      };

      // First sign-in: the password, the e-mail code (the only second factor yet), then the suggestion.
      await toPasswordStep(page, email, emailStep(t));
      await enterPassword(page, true, t);
      await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
      const [message] = await standin.outbox(email);
      await page.getByLabel(t.mfa.code, { exact: true }).fill(message.code!);
      await submit(page, t.mfa.verify);

      // (1) The suggestion: create a passkey, or not now.
      await expect(page).toHaveURL(/\/setup-passkey\?requestId=/);
      await expect(page.locator('main h1')).toHaveText(t.passkeySetup.title);
      await expect(page.locator('main .description')).toHaveText(t.passkeySetup.description, { useInnerText: true });
      await expect(button(t.passkeySetup.create)).toBeVisible();
      await expect(button(t.passkeySetup.skip)).toBeVisible();
      await check('setup-passkey');

      // The browser's prompt dismissed: nothing created, "Not now" still there.
      await refuseCeremonies(page, 'create');
      await button(t.passkeySetup.create).click();
      await expectCancelled(t.passkeySetup.otherWay, t.passkeySetup.create);
      await expect(button(t.passkeySetup.skip)).toBeVisible();
      await check('setup-passkey-cancelled');

      // Created this time (the page again, with the browser's own WebAuthn), and said so.
      await page.reload();
      await button(t.passkeySetup.create).click();
      await expect(page.locator('main h1')).toHaveText(t.passkeySetup.createdTitle);
      await check('passkey-created');
      await continueAfterCreated(page, t);
      await expectSignedIn(page, email, true, t);
      expect(await credentialCount(auth)).toBe(1);
      await signOut(page);

      // (2) The password screen of an account with a passkey: the passkey leads, the password waits.
      await toPasskeyOffer(page, email, t);
      await expect(page.locator('main h1')).toHaveText(t.credentials.titlePasskey);
      await expect(button(t.credentials.usePassword)).toBeVisible();
      await check('login-passkey', [email]);

      // No passkey for this account on this device: the browser answers as for a cancelled prompt.
      await withoutCredentials(auth, async () => {
        await button(t.credentials.passkeySignIn).click();
        await expectCancelled(t.credentials.passkeyOtherWay, t.credentials.passkeySignIn);
      });
      await check('login-passkey-cancelled', [email]);

      // The password instead, then (3) the choice of second factor with the passkey.
      await button(t.credentials.usePassword).click();
      await expect(page.getByLabel(t.credentials.password, { exact: true })).toBeFocused();
      await enterPassword(page, true, t);
      await expect(page).toHaveURL(/\/register-mfa\?requestId=/);
      await expect(button(t.mfa.passkeyUse)).toBeVisible();
      await expect(button(t.mfa.optionEmail)).toBeVisible();
      await check('mfa-passkey');

      await withoutCredentials(auth, async () => {
        await button(t.mfa.passkeyUse).click();
        await expectCancelled(t.mfa.passkeyOtherWay, t.mfa.passkeyUse);
      });
      await check('mfa-passkey-cancelled');

      // The passkey as the second factor: signed in, and no second e-mail sent.
      await button(t.mfa.passkeyUse).click();
      await expectSignedIn(page, email, true, t);
      expect(await standin.outbox(email)).toHaveLength(1);
    });
  });
}
