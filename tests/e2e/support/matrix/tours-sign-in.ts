import { ACCOUNTS, BY_FIELD_NAME, expect, startSignIn, toPasswordStep } from '../fixtures';
import { CONTINUE_BUTTON } from '../forms';
import { expectFieldError, expectHeading, mainSubmit, visit, type Tour } from './steps';

/** The sign-in path, the provider's refusals, and pages opened without a flow. */
export const signInTours: Tour[] = [
  {
    name: 'e-mail and password',
    account: () => ACCOUNTS.password.email,
    states: [
      {
        name: 'login',
        reach: async (v) => {
          v.memo.requestId = await startSignIn(v.page);
          await expectHeading(v, v.t.login.title);
        },
      },
      {
        name: 'login-email-required',
        byAddress: false,
        reach: async (v) => {
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'email', 'emailRequired');
        },
      },
      {
        name: 'login-email-invalid',
        byAddress: false,
        reach: async (v) => {
          await v.page.locator('#email').fill('not-an-address');
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'email', 'emailInvalid');
        },
      },
      {
        name: 'login-user-not-found',
        byAddress: false,
        reach: async (v) => {
          await v.page.locator('#email').fill('nobody@example.com');
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'email', 'userNotFound');
        },
      },
      {
        name: 'login-access-denied',
        reach: async (v) => {
          await v.page.goto(`/?requestId=${v.memo.requestId}&error=access_denied`);
          await expect(v.page.locator('main .notice')).toHaveText(v.t.notices.accessDenied);
        },
      },
      {
        name: 'credentials',
        reach: async (v) => {
          await v.page.locator('#email').fill(v.email);
          await mainSubmit(v.page).click();
          await expect(v.page).toHaveURL(/\/login\?requestId=/);
          await expectHeading(v, v.t.credentials.title);
        },
        // The account's address, shown whole above the form.
        data: (v) => [v.email],
      },
      {
        name: 'credentials-password-required',
        byAddress: false,
        reach: async (v) => {
          await v.page.locator('#password').fill('');
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'password', 'passwordRequired');
        },
        // The account's address, shown whole above the form.
        data: (v) => [v.email],
      },
      {
        name: 'credentials-wrong-password',
        byAddress: false,
        reach: async (v) => {
          await v.page.locator('#password').fill('not-the-password');
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'password', 'passwordInvalid');
        },
        // The account's address, shown whole above the form.
        data: (v) => [v.email],
      },
      {
        name: 'continue',
        js: 'off',
        reach: async (v) => {
          await v.page.locator('#password').fill(ACCOUNTS.password.password);
          await mainSubmit(v.page).click();
          await expect(v.page).toHaveURL(/\/continue\?requestId=/);
          await expectHeading(v, v.t.continue.title);
        },
      },
      {
        name: 'success',
        reach: async (v) => {
          if (v.js) {
            await v.page.locator('#password').fill(ACCOUNTS.password.password);
            await mainSubmit(v.page).click();
          } else {
            await v.page.locator(CONTINUE_BUTTON).click();
          }
          await expect(v.page).toHaveURL(/\/success$/);
          await expectHeading(v, v.t.success.title);
        },
        data: (v) => [v.email],
      },
      {
        name: 'signed-out',
        reach: async (v) => {
          await v.page.locator('main form[action="/auth/sign-out"] button').click();
          await expect(v.page).toHaveURL(/\/signed-out$/);
          await expectHeading(v, v.t.signedOut.title);
        },
      },
    ],
  },
  {
    name: 'refusals',
    account: (tag) => ACCOUNTS.lockout(tag).email,
    states: [
      {
        name: 'credentials-locked',
        reach: async (v) => {
          v.memo.requestId = await toPasswordStep(v.page, v.email, BY_FIELD_NAME);
          for (let attempt = 1; attempt <= 5; attempt++) {
            await v.page.locator('#password').fill(`wrong-${attempt}`);
            await mainSubmit(v.page).click();
            // A warning before the last attempt (the provider says one is left), then locked.
            await expectFieldError(v, 'password', attempt < 4 ? 'passwordInvalid' : attempt === 4 ? 'passwordInvalidLastAttempt' : 'accountLocked');
          }
          await expect(v.page.locator('#password-locked')).toBeVisible();
        },
        // The account's address, shown whole above the form.
        data: (v) => [v.email],
      },
      {
        name: 'account-unavailable',
        reach: async (v) => {
          v.memo.requestId = await toPasswordStep(v.page, ACCOUNTS.declined.email, BY_FIELD_NAME);
          await v.page.locator('#password').fill(ACCOUNTS.declined.password);
          await mainSubmit(v.page).click();
          await expect(v.page).toHaveURL(/\/account-unavailable\?requestId=/);
          await expectHeading(v, v.t.accountUnavailable.title);
        },
        data: () => ['support@example.com'],
      },
    ],
  },
  {
    name: 'pages without a flow',
    account: () => '',
    states: [
      { name: 'error-reference', reach: visit('/error?ref=ABCDEF1234', (t) => t.error.title), data: () => ['ABCDEF1234'] },
      { name: 'error-expired', reach: visit('/error?reason=expired', (t) => t.error.expiredTitle) },
      { name: 'error-invalid-request', reach: visit('/error?reason=invalid-request', (t) => t.error.invalidRequestTitle) },
      { name: 'error-sign-in-again', reach: visit('/error?reason=sign-in-again', (t) => t.error.signInAgainTitle) },
      { name: 'not-found', reach: visit('/no-such-page', (t) => t.notFound.title) },
      { name: 'register-success', reach: visit('/register-success', (t) => t.registerSuccess.title) },
      {
        name: 'verify-email-complete',
        reach: async (v) => {
          await v.page.goto('/verify-email-complete?requestId=00000000-0000-4000-8000-000000000000');
          await expect(v.page.locator('main .description')).toHaveText(v.t.verifyComplete.done);
        },
      },
      { name: 'reset-link-invalid', reach: visit('/reset-password', (t) => t.resetForm.expiredTitle) },
    ],
  },
];
