import { expect, startSignIn, unreadRequest } from '../fixtures';
import { expectFieldError, expectHeading, mainSubmit, type Tour } from './steps';
import { tenantTexts } from './tours-invitations';

/**
 * Registration (issue 34, item 1): the tenant's form reached from "Register here", its answer to an
 * empty post (an error on each required field), and the page of a client that asks for a captcha.
 */
export const registrationTours: Tour[] = [
  {
    name: 'registration',
    account: (tag) => `new+matrix-${tag}@example.com`,
    states: [
      {
        name: 'register',
        reach: async (v) => {
          v.memo.requestId = await startSignIn(v.page);
          await v.page.locator(`main a[href="/register?requestId=${v.memo.requestId}"]`).click();
          await expectHeading(v, v.t.register.title);
        },
        data: tenantTexts,
      },
      {
        name: 'register-errors',
        byAddress: false,
        reach: async (v) => {
          await v.page.locator('#email').fill('');
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'email', 'fieldErrors.required');
          await expectFieldError(v, 'given_name', 'fieldErrors.required');
        },
        data: tenantTexts,
      },
      {
        name: 'register-closed',
        reach: async (v) => {
          // A request no page has read yet (the app keeps a client's information for minutes), with a captcha.
          const requestId = await unreadRequest(v.page);
          await v.standin.registrationSettings(requestId, { captcha: true });
          await v.page.goto(`/register?requestId=${requestId}`);
          await expectHeading(v, v.t.registerClosed.title);
          await expect(v.page.locator('main form')).toHaveCount(0);
        },
      },
    ],
  },
];
