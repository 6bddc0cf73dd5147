import { ACCOUNTS, BY_FIELD_NAME, expect, startSignIn, toPasswordStep } from '../fixtures';
import { chooseNewPassword, expectChecklistRefusal, expectFieldError, expectHeading, latestLink, mainSubmit, NEW_PASSWORD, resend, type Tour } from './steps';

/** The password reset, and an account that has to set a password first. */
export const passwordTours: Tour[] = [
  {
    name: 'password reset',
    account: (tag) => ACCOUNTS.lockout(`reset-${tag}`).email,
    states: [
      {
        name: 'reset-init',
        reach: async (v) => {
          v.memo.requestId = await toPasswordStep(v.page, v.email, BY_FIELD_NAME);
          await v.page.locator('main a[href^="/reset-password-init"]').click();
          await expect(v.page).toHaveURL(/\/reset-password-init\?requestId=/);
          await expectHeading(v, v.t.resetInit.title);
        },
        // The account's address, shown whole above the form.
        data: (v) => [v.email],
      },
      {
        name: 'reset-sent',
        reach: async (v) => {
          await mainSubmit(v.page).click();
          await expect(v.page).toHaveURL(/\/reset-password-confirmation\?requestId=/);
          v.memo.sentAt = String(Date.now());
          await expectHeading(v, v.t.resetSent.title);
        },
      },
      {
        name: 'reset-sent-again',
        reach: async (v) => {
          await resend(v);
          await expect(v.page.locator('main .notice')).toHaveText(v.t.resetSent.resent);
        },
      },
      {
        name: 'new-password',
        reach: async (v) => {
          v.memo.link = await latestLink(v);
          await v.page.goto(v.memo.link);
          await expect(v.page).toHaveURL(/\/reset-password\?requestId=/);
          await expectHeading(v, v.t.resetForm.title);
        },
      },
      {
        // The password's rules are said by its checklist alone: every requirement failed.
        name: 'new-password-required',
        byAddress: false,
        reach: async (v) => {
          await mainSubmit(v.page).click();
          await expectChecklistRefusal(v, 4);
          await expectFieldError(v, 'confirmPassword', 'repeatRequired');
        },
      },
      {
        name: 'new-password-too-short',
        byAddress: false,
        reach: async (v) => {
          await chooseNewPassword(v, 'Short1a');
          await expectChecklistRefusal(v, 1);
        },
      },
      {
        // A forbidden character, named only now that the password has one.
        name: 'new-password-forbidden',
        byAddress: false,
        reach: async (v) => {
          await chooseNewPassword(v, 'Kitchen#2027');
          await expectChecklistRefusal(v, 1);
          await expect(v.page.locator('#password-rules li.forbidden')).toHaveText(v.t.resetForm.ruleForbidden.replace('{chars}', '#'));
        },
      },
      {
        name: 'new-password-mismatch',
        byAddress: false,
        reach: async (v) => {
          await chooseNewPassword(v, NEW_PASSWORD, `${NEW_PASSWORD}x`);
          await expectFieldError(v, 'confirmPassword', 'passwordsDontMatch');
        },
      },
      {
        name: 'new-password-breached',
        byAddress: false,
        reach: async (v) => {
          await chooseNewPassword(v, 'Welcome12345');
          await expectFieldError(v, 'password', 'passwordPwned');
        },
      },
      {
        name: 'reset-success',
        reach: async (v) => {
          await chooseNewPassword(v, NEW_PASSWORD);
          await expectHeading(v, v.t.resetSuccess.title);
        },
      },
      {
        name: 'reset-link-used',
        reach: async (v) => {
          // The provider turns a used link back at once (docs/provider-contract.md §3.1, current API).
          await v.page.goto(v.memo.link);
          await expectHeading(v, v.t.resetForm.expiredTitle);
        },
      },
    ],
  },
  {
    name: 'password required',
    account: (tag) => `nopassword+${tag}@example.com`,
    states: [
      {
        name: 'require-password-init',
        reach: async (v) => {
          await startSignIn(v.page);
          await v.page.locator('#email').fill(v.email);
          await mainSubmit(v.page).click();
          await expect(v.page).toHaveURL(/\/require-password-init\?requestId=/);
          await expectHeading(v, v.t.requirePassword.title);
        },
        // The account's address, shown whole above the form.
        data: (v) => [v.email],
      },
      {
        name: 'reset-success-mfa-hint',
        reach: async (v) => {
          await mainSubmit(v.page).click();
          await expect(v.page).toHaveURL(/\/reset-password-confirmation\?requestId=/);
          await v.page.goto(await latestLink(v));
          await chooseNewPassword(v, NEW_PASSWORD);
          // A first password is set, not changed.
          await expectHeading(v, v.t.resetSuccess.titleSet);
          await expect(v.page.locator('main .notice a')).toHaveText(v.t.resetSuccess.editProfile);
        },
      },
    ],
  },
];
