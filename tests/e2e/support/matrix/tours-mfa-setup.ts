import { Secret, TOTP } from 'otpauth';
import { CLIENT_NAME, expect, SETUP } from '../fixtures';
import { expectFieldError, expectHeading, signInWithPassword, type Tour, type Visit } from './steps';

/**
 * A second factor set up on the tenant's suggestion (issue 35): the suggestion page offering the
 * authenticator app, its page with the QR code and the key (the key, the account and the issuer
 * are data, not messages), with the key shown for those who cannot scan, a wrong first code, and
 * the confirmation.
 */
/** The number as the page shows it (libphonenumber's international form of a German mobile number). */
const readable = (e164: string) => `${e164.slice(0, 3)} ${e164.slice(3, 7)} ${e164.slice(7)}`;

const code = (v: Visit, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(v.memo.secret!.replace(/\s/g, '')), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset });

export const mfaSetupTours: Tour[] = [
  {
    name: 'second factor set-up',
    account: (tag) => SETUP.suggested(tag),
    states: [
      {
        name: 'setup-suggestion',
        reach: async (v) => {
          await signInWithPassword(v, SETUP.password);
          await expect(v.page).toHaveURL(/\/setup-passkey\?requestId=[\w-]+$/);
          await expectHeading(v, v.t.mfaSetup.title);
        },
      },
      {
        name: 'setup-authenticator',
        reach: async (v) => {
          await v.page.locator('main .other-methods button[type="submit"]').first().click();
          await expect(v.page).toHaveURL(/\/setup-mfa\/authenticator\?requestId=[\w-]+$/);
          await expectHeading(v, v.t.mfaSetup.authenticatorTitle);
          v.memo.secret = (await v.page.locator('main code.secret').textContent()) ?? '';
          expect(v.memo.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
        },
        data: (v) => [v.memo.secret!, v.email, CLIENT_NAME],
      },
      {
        // Its address renders the same structure (an open <details> is not part of it): re-rendered
        // languages see the key's block closed, the walked ones open.
        name: 'setup-cant-scan',
        reach: async (v) => {
          await v.page.locator('main details.cant-scan summary').click();
          await expect(v.page.locator('main code.secret')).toBeVisible();
        },
        data: (v) => [v.memo.secret!, v.email, CLIENT_NAME],
      },
      {
        name: 'setup-wrong-code',
        byAddress: false,
        reach: async (v) => {
          await v.page.locator('#code').fill(code(v, 5 * 60_000));
          await v.page.locator('main form:has(#code) button[type="submit"]').click();
          await expectFieldError(v, 'code', 'mfaCodeInvalid');
        },
        data: (v) => [v.memo.secret!, v.email, CLIENT_NAME],
      },
      {
        name: 'setup-done',
        reach: async (v) => {
          await v.page.locator('#code').fill(code(v));
          await v.page.locator('main form:has(#code) button[type="submit"]').click();
          await expectHeading(v, v.t.mfaSetup.authenticatorDoneTitle);
        },
      },
    ],
  },
  {
    name: 'text message set-up',
    account: (tag) => SETUP.suggested(`sms-${tag}`),
    states: [
      {
        name: 'setup-sms',
        reach: async (v) => {
          await signInWithPassword(v, SETUP.password);
          await expect(v.page).toHaveURL(/\/setup-passkey\?requestId=[\w-]+$/);
          // The second of the methods offered: text messages.
          await v.page.locator('main .other-methods button[type="submit"]').nth(1).click();
          await expect(v.page).toHaveURL(/\/setup-mfa\/sms\?requestId=[\w-]+$/);
          await expectHeading(v, v.t.mfaSetup.smsTitle);
        },
      },
      {
        name: 'setup-sms-sent',
        reach: async (v) => {
          v.memo.number = `+4915${String(Date.now()).slice(-9)}`;
          await v.page.locator('#mobile_number').fill(v.memo.number);
          await v.page.locator('main form:has(#mobile_number) button[type="submit"]').click();
          await expect(v.page.locator('#code')).toBeVisible();
        },
        data: (v) => [readable(v.memo.number!)],
      },
      {
        name: 'setup-sms-done',
        reach: async (v) => {
          const [message] = await v.standin.outbox(`sms:${v.memo.number}`);
          await v.page.locator('#code').fill(message!.code!);
          await v.page.locator('main form:has(#code) button[type="submit"]').click();
          await expectHeading(v, v.t.mfaSetup.smsDoneTitle);
        },
      },
    ],
  },
];
