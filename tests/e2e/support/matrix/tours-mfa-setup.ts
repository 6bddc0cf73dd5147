import { Secret, TOTP } from 'otpauth';
import { CLIENT_NAME, expect, SETUP } from '../fixtures';
import { expectFieldError, expectHeading, mainSubmit, signInWithPassword, type Tour, type Visit } from './steps';

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

/** A method's button where methods to set up are offered (the suggestion, the MFA page, "another method"). */
const chooseMethod = (v: Visit, method: string) => v.page.locator(`main .other-methods button[name="method"][value="${method}"]`).click();

/** The tenant's authenticator app choosing a number for the account's open pairing (the stand-in's control). */
async function chooseOnPhone(v: Visit, number: string) {
  const answer = await fetch(`${v.standin.url}/__standin/push/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: v.email, number }),
  });
  expect(answer.ok).toBe(true);
  // Without JavaScript the person asks; with it the page asks by itself.
  if (!v.js) await v.page.locator('main form.push-check button[type="submit"]').click();
}

const shownNumber = async (v: Visit) => (await v.page.locator('main .push-number .number').innerText()).trim();

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
          await chooseMethod(v, 'TOTP');
          await expect(v.page).toHaveURL(/\/setup-mfa\/authenticator\?requestId=[\w-]+$/);
          await expectHeading(v, v.t.mfaSetup.authenticatorTitle);
          v.memo.secret = (await v.page.locator('main code.secret').textContent()) ?? '';
          expect(v.memo.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
        },
        // The app's entry: the brand as issuer, the portal with the account (D74).
        data: (v) => [v.memo.secret!, v.email, CLIENT_NAME, 'Kitchen Works', `${v.t.frame.productLogo} (${v.email})`],
      },
      {
        // Its address renders the same structure (an open <details> is not part of it): re-rendered
        // languages see the key's block closed, the walked ones open.
        name: 'setup-cant-scan',
        reach: async (v) => {
          await v.page.locator('main details.cant-scan summary').click();
          await expect(v.page.locator('main code.secret')).toBeVisible();
        },
        data: (v) => [v.memo.secret!, v.email, CLIENT_NAME, 'Kitchen Works', `${v.t.frame.productLogo} (${v.email})`],
      },
      {
        name: 'setup-wrong-code',
        byAddress: false,
        reach: async (v) => {
          await v.page.locator('#code').fill(code(v, 5 * 60_000));
          await v.page.locator('main form:has(#code) button[type="submit"]').click();
          await expectFieldError(v, 'code', 'mfaCodeInvalid');
        },
        data: (v) => [v.memo.secret!, v.email, CLIENT_NAME, 'Kitchen Works', `${v.t.frame.productLogo} (${v.email})`],
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
          await chooseMethod(v, 'SMS');
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
  {
    name: 'phone pairing',
    account: (tag) => SETUP.suggested(`push-${tag}`),
    states: [
      {
        name: 'setup-push',
        reach: async (v) => {
          await signInWithPassword(v, SETUP.password);
          await expect(v.page).toHaveURL(/\/setup-passkey\?requestId=[\w-]+$/);
          await chooseMethod(v, 'PUSH');
          await expect(v.page).toHaveURL(/\/setup-mfa\/push\?requestId=[\w-]+$/);
          await expectHeading(v, v.t.mfaSetup.pushTitle);
          v.memo.pushNumber = await shownNumber(v);
        },
        data: (v) => [v.memo.pushNumber!],
      },
      {
        name: 'setup-push-not-paired',
        js: 'off',
        byAddress: false,
        reach: async (v) => {
          await v.page.locator('main form.push-check button[type="submit"]').click();
          await expect(v.page.locator('main form.push-check [role="status"] p')).toHaveText(v.t.mfaSetup.pushNotYet);
        },
        data: (v) => [v.memo.pushNumber!],
      },
      {
        name: 'setup-push-refused',
        reach: async (v) => {
          await chooseOnPhone(v, v.memo.pushNumber === '99' ? '10' : String(Number(v.memo.pushNumber) + 1));
          await expectHeading(v, v.t.mfaSetup.pushRejectedTitle);
        },
      },
      {
        name: 'setup-push-done',
        reach: async (v) => {
          await v.page.locator('main form:has(input[name="method"][value="PUSH"]) button[type="submit"]').click();
          await expectHeading(v, v.t.mfaSetup.pushTitle);
          await chooseOnPhone(v, await shownNumber(v));
          await expectHeading(v, v.t.mfaSetup.pushDoneTitle);
        },
      },
    ],
  },
  {
    name: 'backup codes',
    // Backup codes are offered beside another method only (D45): this account has codes by e-mail.
    account: (tag) => SETUP.codes(`codes-${tag}`),
    states: [
      {
        name: 'setup-codes',
        reach: async (v) => {
          await signInWithPassword(v, SETUP.password);
          await expect(v.page).toHaveURL(/\/setup-passkey\?requestId=[\w-]+$/);
          await chooseMethod(v, 'BACKUPCODE');
          await expectHeading(v, v.t.mfaSetup.backupTitle);
          v.memo.codes = (await v.page.locator('main ol.codes code').allTextContents()).join('|');
        },
        data: (v) => v.memo.codes!.split('|'),
      },
      {
        name: 'setup-codes-not-saved',
        byAddress: false,
        reach: async (v) => {
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'saved', 'backupCodesNotSaved');
        },
        data: (v) => v.memo.codes!.split('|'),
      },
      {
        name: 'setup-codes-done',
        reach: async (v) => {
          await v.page.locator('#saved').check();
          await mainSubmit(v.page).click();
          await expectHeading(v, v.t.mfaSetup.backupDoneTitle);
        },
      },
    ],
  },
  {
    name: 'MFA with nothing set up',
    account: (tag) => SETUP.mfa(tag),
    states: [
      {
        name: 'mfa-no-method',
        reach: async (v) => {
          await signInWithPassword(v, SETUP.password);
          await expect(v.page).toHaveURL(/\/register-mfa\?/);
          await expect(v.page.locator('main p.description')).toHaveText(v.t.mfa.noMethodYet);
          await expectHeading(v, v.t.mfa.title);
        },
      },
    ],
  },
  {
    name: 'another method after MFA',
    account: (tag) => SETUP.another(tag),
    states: [
      {
        name: 'mfa-another-planned',
        reach: async (v) => {
          await signInWithPassword(v, SETUP.password);
          if (!v.js) await mainSubmit(v.page).click();
          await expect(v.page).toHaveURL(/\/register-mfa\/code\?requestId=/);
          await v.page.locator('main form:has(input[name="back"]) button[type="submit"]').click();
          await expect(v.page.locator('main [role="status"]').filter({ hasText: v.t.mfa.anotherAfter })).toBeVisible();
        },
      },
      {
        name: 'mfa-another',
        reach: async (v) => {
          const [message] = await v.standin.outbox(v.email);
          await v.page.locator('#code').fill(message!.code!);
          await mainSubmit(v.page).click();
          await expect(v.page).toHaveURL(/\/register-mfa\/another\?requestId=/);
          await expectHeading(v, v.t.mfa.anotherTitle);
        },
      },
    ],
  },
];
