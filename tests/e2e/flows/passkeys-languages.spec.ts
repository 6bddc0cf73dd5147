import type { Page } from '@playwright/test';
import { LOCALES, type Locale } from '../../../lib/i18n/locales';
import { joinTexts } from '../../../lib/i18n/spacing';
import { PASSKEY } from '../support/accounts';
import { CLIENT_NAME, expect, standinClient, submit, toPasswordStep } from '../support/fixtures';
import { expectNoDanglingReferences, expectTargetSizes } from '../support/layout';
import { fingerprint, Rerenders } from '../support/matrix/rerender';
import { messages, type Messages } from '../support/matrix/steps';
import { noOps, recordOps } from '../support/ops';
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
 * "only this language's messages" on each and axe on the walked ones: the tenant's suggestion ("Create a passkey",
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
 * prompt is dismissed there and the cancelled ceremony is checked the same way, its structure
 * that of the cancelled ceremony the walk checked just before.
 *
 * Axe runs on the walked states, not on the re-renders (as in the accessibility matrix, whose
 * header says why): each re-render's fingerprint proves its markup the walked state's, which axe
 * judged, and colours come from classes, never from a language. What a language changes is checked
 * on every re-render: html[lang], the heading and buttons by that language's texts (their
 * accessible names), only its messages, no name or description pointing at nothing, and 24 px
 * targets (axe's target-size, measured by tests/e2e/support/layout.ts).
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
    // The operations counted (tests/e2e/support/ops.ts), asserted against tests/e2e/budget-ops.json.
    const ops = noOps();

    /**
     * The screen as it is now on `on`: in `locale`, its buttons there, nothing but the language's
     * messages (and `data`), and either accessible (`axe`: a walked state) or, on a re-render whose
     * fingerprint the caller proves, what a language can change (see above).
     */
    const check = async (on: Page, locale: Locale, screen: PasskeyScreen, { axe }: { axe: boolean }) => {
      const texts = messages(locale);
      await expect(on.locator('html')).toHaveAttribute('lang', locale);
      await expect(on.locator('main h1')).toHaveText(screen.heading(texts));
      for (const name of screen.buttons(texts)) await expect(button(on, name)).toBeVisible();
      if (axe) {
        ops.axe++;
        await expectAccessible(on);
      } else {
        await expectNoDanglingReferences(on, screen.name);
        await expectTargetSizes(on, screen.name);
      }
      await expectOnlyMessages(on, locale, [CLIENT_NAME, ...(screen.data ?? [])]);
    };
    /** A cancelled ceremony: said, with the way on, and a fresh ceremony ready again. */
    const expectCancelled = async (on: Page, locale: Locale, screen: PasskeyScreen, options: { axe: boolean }) => {
      const texts = messages(locale);
      await expect(passkeyAlert(on)).toHaveText(joinTexts(texts.errors.passkeyCancelled, screen.ceremony!.otherWay(texts)));
      await check(on, locale, screen, options);
    };
    /** The walked screen checked; with a passkey button, its ceremony cancelled and checked too. Their fingerprints. */
    const walk = async (screen: PasskeyScreen, cancel?: () => Promise<void>) => {
      await test.step(screen.name, () => check(page, 'en-GB', screen, { axe: true }));
      const walked = { screen: await fingerprint(page), cancelled: [] as string[] };
      if (cancel) {
        await test.step(`${screen.name}-cancelled`, async () => {
          await cancel();
          await expectCancelled(page, 'en-GB', screen, { axe: true });
          walked.cancelled = await fingerprint(page);
        });
      }
      return walked;
    };
    /**
     * The walked screen in the other languages: its address opened again with the walk's cookies
     * (tests/e2e/support/matrix/rerender.ts), the same screen as the walk's (en-GB first), checked;
     * then, on a screen with a passkey button, the browser's prompt dismissed there and the
     * cancelled ceremony checked, the same as the walk's.
     */
    const rerender = async (screen: PasskeyScreen, walked: { screen: string[]; cancelled: string[] }) => {
      await test.step(`${screen.name} re-rendered in en-GB`, async () => {
        ops.rerenders++;
        const english = await rerenders.render(page, 'en-GB');
        for (const name of screen.buttons(t)) await expect(button(english, name)).toBeVisible();
        expect(await fingerprint(english), `${screen.name}: its address renders the walked screen again`).toEqual(walked.screen);
      });
      for (const locale of OTHERS) {
        await test.step(`${screen.name} in ${locale}`, async () => {
          const texts = messages(locale);
          ops.rerenders++;
          const again = await rerenders.render(page, locale);
          // The checks first: they wait for the passkey part, which the page's scripts render.
          await check(again, locale, screen, { axe: false });
          expect(await fingerprint(again), `${screen.name}: the same screen in ${locale}`).toEqual(walked.screen);
          if (!screen.ceremony) return;
          await refuseCeremonies(again, screen.ceremony.kind);
          await button(again, screen.ceremony.start(texts)).click();
          await expectCancelled(again, locale, screen, { axe: false });
          expect(await fingerprint(again), `${screen.name}, cancelled: the same state in ${locale}`).toEqual(walked.cancelled);
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
    // The browser's prompt dismissed: nothing created, "Not now" still there.
    const setupWalked = await walk(setup, async () => {
      await refuseCeremonies(page, 'create');
      await button(page, t.passkeySetup.create).click();
    });
    await rerender(setup, setupWalked);

    // Created this time (the page again, with the browser's own WebAuthn), and said so.
    await page.reload();
    await button(page, t.passkeySetup.create).click();
    await expect(page.locator('main h1')).toHaveText(t.passkeySetup.createdTitle);
    await rerender(created, await walk(created));
    await continueAfterCreated(page, t);
    await expectSignedIn(page, email, true, t);
    expect(await credentialCount(auth)).toBe(1);
    await signOut(page);

    // (2) The password screen of an account with a passkey.
    await toPasskeyOffer(page, email, t);
    // No passkey for this account on this device: the browser answers as for a cancelled prompt.
    const loginWalked = await walk(login, () => withoutCredentials(auth, () => button(page, t.credentials.passkeySignIn).click()));
    await rerender(login, loginWalked);

    // The password instead, then (3) the choice of second factor with the passkey.
    await usePasswordInstead(page, t);
    await enterPassword(page, true, t);
    await expect(page).toHaveURL(/\/register-mfa\?requestId=/);
    const secondFactorWalked = await walk(secondFactor, () => withoutCredentials(auth, () => button(page, t.mfa.passkeyUse).click()));
    await rerender(secondFactor, secondFactorWalked);

    // The passkey as the second factor: signed in, and no second e-mail sent.
    await button(page, t.mfa.passkeyUse).click();
    await expectSignedIn(page, email, true, t);
    expect(await standin.outbox(email)).toHaveLength(1);
    const info = test.info();
    recordOps({ spec: 'passkeys-languages', project: info.project.name, test: info.titlePath.slice(1).join(' › '), retry: info.retry, ops }, info.workerIndex);
  });
});
