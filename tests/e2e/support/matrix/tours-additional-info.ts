import { readFileSync } from 'node:fs';
import { PROFILE_MISSING } from '../accounts';
import { expect, startSignIn } from '../fixtures';
import { expectFieldError, expectHeading, mainSubmit, signInWithPassword, type Tour, type Visit } from './steps';

/**
 * The missing profile fields (register_additional_info, served here): a sign-in whose account
 * lacks a mobile number and the type of business, empty and with errors (required, and the
 * tenant's 409 for a number another account has); and a newcomer from Google.
 */

const ADDITIONAL_INFO_URL = /\/register-additional-info\?requestId=[\w-]+$/;

type SeedField = { fieldKey: string; localeText: Record<string, { name?: string; attributes?: Array<{ value: string }> }> };

/** The tenant's names (its localeText, in the page's language or English) of the asked fields and their options: data, not messages. */
function tenantTexts(keys: string[]) {
  return (v: Visit): string[] => {
    const seed = JSON.parse(readFileSync('tests/provider/seed.json', 'utf8')) as { registration: { fields: SeedField[] } };
    const language = v.locale.split('-')[0];
    return seed.registration.fields
      .filter((f) => keys.includes(f.fieldKey))
      .flatMap((f) => {
        const text = f.localeText[language] ?? f.localeText.en;
        return [text.name ?? f.fieldKey, ...(text.attributes ?? []).map((a) => a.value)];
      });
  };
}

const loginTexts = tenantTexts(['mobile_number', 'business_type']);
const newcomerTexts = tenantTexts(['business_type', 'contact_preference']);

export const additionalInfoTours: Tour[] = [
  {
    name: 'missing profile fields',
    account: (tag) => PROFILE_MISSING.email(tag),
    states: [
      {
        name: 'additional-info',
        reach: async (v) => {
          await signInWithPassword(v, PROFILE_MISSING.password);
          await expect(v.page).toHaveURL(ADDITIONAL_INFO_URL);
          await expectHeading(v, v.t.additionalInfo.title);
          await expect(v.page.locator('#business_type')).toBeVisible();
        },
        data: loginTexts,
      },
      {
        name: 'additional-info-required',
        byAddress: false,
        reach: async (v) => {
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'mobile_number', 'fieldErrors.required');
          await expectFieldError(v, 'business_type', 'fieldErrors.choose');
        },
        data: loginTexts,
      },
      {
        name: 'additional-info-taken',
        byAddress: false,
        reach: async (v) => {
          await v.page.locator('#mobile_number').fill(PROFILE_MISSING.takenMobile);
          await v.page.locator('#business_type').selectOption('hotel');
          await mainSubmit(v.page).click();
          await expectFieldError(v, 'mobile_number', 'fieldTaken');
        },
        data: loginTexts,
      },
    ],
  },
  {
    name: 'newcomer from an identity provider',
    account: (tag) => `unused+${tag}@example.com`,
    states: [
      {
        name: 'additional-info-newcomer',
        reach: async (v) => {
          await startSignIn(v.page);
          await v.page.locator('main a[href*="/login-srv/social/login/google/"]').click();
          await v.page.locator('input[name="identity"][value="newcomer"]').check();
          await v.page.locator('main form button[type="submit"]').click();
          await expect(v.page).toHaveURL(ADDITIONAL_INFO_URL);
          await expectHeading(v, v.t.additionalInfo.newcomerTitle);
          await expect(v.page.locator('#business_type')).toBeVisible();
        },
        data: newcomerTexts,
      },
    ],
  },
];
