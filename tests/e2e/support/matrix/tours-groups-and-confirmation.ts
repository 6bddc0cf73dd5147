import { expect, MFA } from '../fixtures';
import {
  continueWithoutJs,
  expectFieldError,
  expectHeading,
  GROUP_URL,
  groupTexts,
  latestLink,
  mainSubmit,
  resend,
  signInWithPassword,
  type Tour,
} from './steps';

/** The group selection and the e-mail confirmation. */
export const groupAndConfirmationTours: Tour[] = [
  {
    name: 'group selection',
    account: (tag) => `groups.many+${tag}@example.com`,
    states: [
      {
        name: 'groups',
        reach: async (v) => {
          await signInWithPassword(v, MFA.password);
          await expect(v.page).toHaveURL(GROUP_URL);
          v.memo.groupUrl = v.page.url();
          await expect(v.page.locator('#group')).toBeVisible();
          await expectHeading(v, v.t.groups.title);
        },
        data: groupTexts,
      },
      {
        name: 'groups-required',
        byAddress: false,
        reach: async (v) => {
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'group', 'groupRequired');
        },
        data: groupTexts,
      },
      {
        name: 'groups-open',
        byAddress: false,
        js: 'on',
        reach: async (v) => {
          await v.page.locator('#group').click();
          await expect(v.page.locator('main [role="listbox"] [role="option"]')).toHaveCount(4);
        },
        data: groupTexts,
      },
      {
        name: 'groups-no-match',
        byAddress: false,
        js: 'on',
        reach: async (v) => {
          await v.page.locator('#group').fill('zzzz');
          await expect(v.page.locator('main .combobox-empty')).toHaveText(v.t.groups.none);
        },
        data: groupTexts,
      },
      {
        name: 'groups-not-offered',
        reach: async (v) => {
          const url = new URL(v.memo.groupUrl);
          url.searchParams.set('group_id', 'not-a-group');
          await v.page.goto(url.toString());
          await expectFieldError(v, 'group', 'groupNotFound');
        },
        data: groupTexts,
      },
      {
        name: 'groups-signing-in',
        js: 'off',
        reach: async (v) => {
          const url = new URL(v.memo.groupUrl);
          url.searchParams.set('group_id', 'kitchenpro-north');
          await v.page.goto(url.toString());
          await expect(v.page.locator('#group-sign-in p[role="status"]')).toBeVisible();
        },
        data: groupTexts,
      },
      {
        name: 'success-group',
        reach: async (v) => {
          if (v.js) {
            await v.page.locator('#group').click();
            await v.page.locator('main [role="option"]').first().click();
            await mainSubmit(v.page).click();
          } else {
            await mainSubmit(v.page).click();
            await continueWithoutJs(v);
          }
          await expect(v.page).toHaveURL(/\/success$/);
          await expect(v.page.locator('main p')).toHaveCount(2);
        },
        data: (v) => [v.email, ...groupTexts(v)],
      },
    ],
  },
  {
    name: 'e-mail confirmation',
    account: (tag) => `unverified+${tag}@example.com`,
    states: [
      {
        name: 'verify-email-start',
        js: 'off',
        reach: async (v) => {
          await signInWithPassword(v);
          await expect(v.page).toHaveURL(/\/verify-email\?/);
          await expect(v.page.locator('main .description')).toHaveText(v.t.verifyEmail.description);
        },
      },
      {
        name: 'verify-email-sent',
        reach: async (v) => {
          if (v.js) await signInWithPassword(v);
          else await mainSubmit(v.page).click();
          await expect(v.page.locator('main .description')).toHaveText(v.t.verifyEmail.sentDescription);
          v.memo.sentAt = String(Date.now());
        },
      },
      {
        name: 'verify-email-sent-again',
        reach: async (v) => {
          await resend(v);
          await expect(v.page.locator('main .notice')).toHaveText(v.t.verifyEmail.resent);
        },
      },
      {
        name: 'verify-email-complete-signing-in',
        js: 'off',
        reach: async (v) => {
          await v.page.goto(await latestLink(v));
          await expect(v.page).toHaveURL(/\/verify-email-complete\?requestId=[^&]+$/);
          await expect(v.page.locator('main .description')).toHaveText(v.t.verifyComplete.description);
        },
      },
    ],
  },
];
