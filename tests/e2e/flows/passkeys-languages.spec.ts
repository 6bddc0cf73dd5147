import type { Page } from '@playwright/test';
import { LOCALES, type Locale } from '../../../lib/i18n/locales';
import { joinTexts } from '../../../lib/i18n/spacing';
import { PASSKEY } from '../support/accounts';
import { CLIENT_NAME, expect, standinClient, submit, toPasswordStep } from '../support/fixtures';
import { fingerprint, Rerenders } from '../support/matrix/rerender';
import { messages, type Messages } from '../support/matrix/steps';
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
  usePasswordInstead,
  withoutCredentials,
} from '../support/passkeys';

/**
 * The passkey states (passkeys.spec.ts checks them in en-GB) in each of the 12 languages, with
 * axe and "only this language's messages" on each: the tenant's suggestion ("Create a passkey",
 * "Not now", then "Passkey created"), the password screen of an account with a passkey ("Sign in with a passkey", "Use
 * your password instead"), the choice of second factor ("Use a passkey"), and a cancelled
 * ceremony on each of the three. Every button is found by the language's own messages
 * (messages/<locale>.json), never by English labels.
 *
 * Walked once, in en-GB, with one `passkey.mfa+…` account, as a person meets them: the password,
 * the e-mail code, the suggestion, a passkey created; then signed out, back with the password
 * instead of the passkey, and the passkey as the second factor. Right after the walk has reached
 * and checked each of the three screens, the screen is re-rendered in the 11 other languages:
 * its address opened again in a context of the test's own with copies of the walk's cookies,
 * each language asked for by Accept-Language (tests/e2e/support/matrix/rerender.ts). A re-render
 * must be the walked screen (the structure of its <main>, rerender.ts `fingerprint`, in en-GB
 * first), show its passkey buttons in that language and pass the checks; then the browser's
 * prompt is dismissed there and the cancelled ceremony is checked the same way.
 *
 * Unlike the accessibility matrix's re-renders these load the page's scripts: the passkey part
 * of a screen exists only on a running page (app/_components/passkey-ceremony.tsx renders nothing
 * on the server). That cannot move the sign-in on: these screens take no step by themselves, the
 * ceremony a re-render opens at the tenant is kept in that context's own copy of the flow cookie,
 * and every ceremony there is refused before anything is sent back. What the walk proves once
 * (a passkey created by the suggestion, the password instead, the passkey as the second factor,
 * no second e-mail) is the same flow in every language; walked in each of the 12 (as until
 * 2026-11-26), it cost 12 tests of a sign-in and an enrolment each: 293 s of test time in a full
 * run; the one test here takes 167 s (same machine, 2026-11-26).
 *
 * The passkey exists only with JavaScript (passkeys.spec.ts checks that nothing of it shows
 * without), hence JavaScript on only. The app and its stand-in tenant are started once per
 * worker (tests/e2e/support/passkeys.ts).
 */

const OTHERS: Locale[] = LOCALES.filter((locale) => locale !== 'en-GB');

/**
 * A passkey screen: its heading and the buttons it shows (by the language's texts), and where it
 * has a passkey button, the ceremony that button starts and what a cancelled one says.
 */
type PasskeyScreen = {
  name: string;
  heading: (t: Messages) => string;
  buttons: (t: Messages) => string[];
  ceremony?: { kind: 'get' | 'create'; start: (t: Messages) => string; otherWay: (t: Messages) => string };
  data?: string[];
};

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test.describe('passkeys in 12 languages @js-on-only', () => {
  test.use({ locale: 'en-GB' });
  test.describe.configure({ timeout: 300_000 });

  test('walked in en-GB, each passkey screen re-rendered in 11 more languages, with a cancelled ceremony', async ({
    page,
    request,
    tenant,
    expectAccessible,
    expectOnlyMessages,
  }) => {
    const t = messages('en-GB');
    const auth = await addAuthenticator(page);
    const email = PASSKEY.mfa(tag('languages', true));
    const standin = standinClient(request, tenant.standinUrl);
    const rerenders = await Rerenders.open(page, { scripts: true });

    /** The screen as it is now on `on`: in `locale`, its buttons there, accessible, nothing but the language's messages (and `data`). */
    const check = async (on: Page, locale: Locale, screen: PasskeyScreen) => {
      const texts = messages(locale);
      await expect(on.locator('html')).toHaveAttribute('lang', locale);
      await expect(on.locator('main h1')).toHaveText(screen.heading(texts));
      for (const name of screen.buttons(texts)) await expect(button(on, name)).toBeVisible();
      await expectAccessible(on);
      await expectOnlyMessages(on, locale, [CLIENT_NAME, ...(screen.data ?? [])]);
    };
    /** A cancelled ceremony: said, with the way on, and a fresh ceremony ready again. */
    const expectCancelled = async (on: Page, locale: Locale, screen: PasskeyScreen) => {
      const texts = messages(locale);
      await expect(passkeyAlert(on)).toHaveText(joinTexts(texts.errors.passkeyCancelled, screen.ceremony!.otherWay(texts)));
      await check(on, locale, screen);
    };
    /**
     * The walked screen in the other languages: its address opened again with the walk's cookies
     * (tests/e2e/support/matrix/rerender.ts), the same screen as the walk's (en-GB first), checked;
     * then, on a screen with a passkey button, the browser's prompt dismissed there and the
     * cancelled ceremony checked.
     */
    const rerender = async (screen: PasskeyScreen) => {
      const walked = await fingerprint(page);
      await test.step(`${screen.name} re-rendered in en-GB`, async () => {
        const english = await rerenders.render(page, 'en-GB');
        for (const name of screen.buttons(t)) await expect(button(english, name)).toBeVisible();
        expect(await fingerprint(english), `${screen.name}: its address renders the walked screen again`).toEqual(walked);
      });
      for (const locale of OTHERS) {
        await test.step(`${screen.name} in ${locale}`, async () => {
          const texts = messages(locale);
          const again = await rerenders.render(page, locale);
          await check(again, locale, screen);
          expect(await fingerprint(again), `${screen.name}: the same screen in ${locale}`).toEqual(walked);
          if (!screen.ceremony) return;
          await refuseCeremonies(again, screen.ceremony.kind);
          await button(again, screen.ceremony.start(texts)).click();
          await expectCancelled(again, locale, screen);
        });
      }
    };

    const setup: PasskeyScreen = {
      name: 'setup-passkey',
      heading: (t) => t.passkeySetup.title,
      buttons: (t) => [t.passkeySetup.create, t.passkeySetup.skip],
      ceremony: { kind: 'create', start: (t) => t.passkeySetup.create, otherWay: (t) => t.passkeySetup.otherWay },
    };
    // After "Create a passkey": said, with Continue (a link), before the sign-in goes on.
    const created: PasskeyScreen = {
      name: 'passkey-created',
      heading: (t) => t.passkeySetup.createdTitle,
      buttons: () => [],
    };
    const login: PasskeyScreen = {
      name: 'login-passkey',
      heading: (t) => t.credentials.titlePasskey,
      buttons: (t) => [t.credentials.passkeySignIn, t.credentials.usePassword],
      ceremony: { kind: 'get', start: (t) => t.credentials.passkeySignIn, otherWay: (t) => t.credentials.passkeyOtherWay },
      data: [email],
    };
    const secondFactor: PasskeyScreen = {
      name: 'mfa-passkey',
      heading: (t) => t.mfa.title,
      buttons: (t) => [t.mfa.passkeyUse, t.mfa.optionEmail],
      ceremony: { kind: 'get', start: (t) => t.mfa.passkeyUse, otherWay: (t) => t.mfa.passkeyOtherWay },
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
    await test.step('setup-passkey', () => check(page, 'en-GB', setup));
    await rerender(setup);

    // The browser's prompt dismissed: nothing created, "Not now" still there.
    await refuseCeremonies(page, 'create');
    await button(page, t.passkeySetup.create).click();
    await test.step('setup-passkey-cancelled', () => expectCancelled(page, 'en-GB', setup));

    // Created this time (the page again, with the browser's own WebAuthn), and said so.
    await page.reload();
    await button(page, t.passkeySetup.create).click();
    await expect(page.locator('main h1')).toHaveText(t.passkeySetup.createdTitle);
    await test.step('passkey-created', () => check(page, 'en-GB', created));
    await rerender(created);
    await continueAfterCreated(page, t);
    await expectSignedIn(page, email, true, t);
    expect(await credentialCount(auth)).toBe(1);
    await signOut(page);

    // (2) The password screen of an account with a passkey.
    await toPasskeyOffer(page, email, t);
    await test.step('login-passkey', () => check(page, 'en-GB', login));
    await rerender(login);

    // No passkey for this account on this device: the browser answers as for a cancelled prompt.
    await withoutCredentials(auth, async () => {
      await button(page, t.credentials.passkeySignIn).click();
      await test.step('login-passkey-cancelled', () => expectCancelled(page, 'en-GB', login));
    });

    // The password instead, then (3) the choice of second factor with the passkey.
    await usePasswordInstead(page, t);
    await enterPassword(page, true, t);
    await expect(page).toHaveURL(/\/register-mfa\?requestId=/);
    await test.step('mfa-passkey', () => check(page, 'en-GB', secondFactor));
    await rerender(secondFactor);

    await withoutCredentials(auth, async () => {
      await button(page, t.mfa.passkeyUse).click();
      await test.step('mfa-passkey-cancelled', () => expectCancelled(page, 'en-GB', secondFactor));
    });

    // The passkey as the second factor: signed in, and no second e-mail sent.
    await button(page, t.mfa.passkeyUse).click();
    await expectSignedIn(page, email, true, t);
    expect(await standin.outbox(email)).toHaveLength(1);
  });
});
