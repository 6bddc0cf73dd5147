import type { Page } from '@playwright/test';
import { PROFILE_MISSING } from '../support/accounts';
import { continueToProvider, expect, generations, startSignIn, submit, test } from '../support/fixtures';
import { BACK_FROM_PROVIDER, signInByRequest } from '../support/forms';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const FIELD_LIST = generations(
  'the registration field list the missing fields are asked from (docs/provider-contract.md §2.15): user-srv/public/fields on current tenants, registration-setup-srv/public/list on legacy ones',
);
const NEWCOMER_FIELDS = generations(
  'a newcomer’s missing fields (docs/provider-contract.md §2.18): trackinfo on current tenants; legacy ones do not serve it, so the field list’s required fields are asked',
);

/** A number no other account has (the stand-in answers 409 for one it has; projects run the same tests side by side). */
const freshMobile = () => `+49 151 ${10_000_000 + Math.floor(Math.random() * 89_999_999)}`;

/**
 * Missing profile fields (issue 34, item 4; docs/provider-contract.md §2.18): the tenant's
 * register_additional_info page, served here. A sign-in whose account lacks required fields
 * (tests/provider/seed.json `profile.missing*`: a mobile number and the type of business) is sent
 * there with only the track; the page asks just those fields, as the registration renders them,
 * saves them with the progressive update and lets the sign-in go on. A newcomer from an identity
 * provider lands there with the request and the track and is registered and signed in.
 */
const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${test.info().retry}`;
const errorOf = (page: Page, key: string) => page.locator(`#${key}-error`);
/** The fields the form asks, by name, in order (a choice of one once). */
const asked = async (page: Page) => [
  ...new Set(
    await page.locator('main form :is(input, select, textarea)[name]:not([type="hidden"])').evaluateAll((all) => all.map((e) => e.getAttribute('name'))),
  ),
];

/** The missing fields after the password; the sign-in before them goes by request (the same with and without JavaScript). */
async function toMissingFields(page: Page, email: string) {
  await page.goto((await signInByRequest(page, email, PROFILE_MISSING.password, { until: BACK_FROM_PROVIDER })).url.href);
  // The entry moved the track into the flow cookie: the address is clean.
  await expect(page).toHaveURL(/\/register-additional-info\?requestId=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your profile');
}

test(
  'a sign-in missing required fields is asked only those, as the registration asks them, and is signed in',
  FIELD_LIST,
  async ({ page, javaScriptEnabled, expectAccessible, standin }) => {
    const email = PROFILE_MISSING.email(tag('complete', javaScriptEnabled));
    await toMissingFields(page, email);
    // Only the two missing fields, with the tenant's labels, both required here (the list has the mobile number optional).
    // The mobile number with its country beside it (the English page's: United Kingdom).
    expect(await asked(page)).toEqual(['mobile_number__country', 'mobile_number', 'business_type']);
    await expect(page.getByLabel('Country or region')).toHaveValue('GB');
    await expect(page.getByLabel('Mobile Number', { exact: true })).toHaveAttribute('type', 'tel');
    await expect(page.getByLabel('Type of business', { exact: true })).toBeVisible();
    await expect(page.locator('main form input[type="password"]')).toHaveCount(0);
    await expectAccessible(page);

    await submit(page, 'Save and continue');
    await expect(errorOf(page, 'mobile_number')).toHaveText('Enter your mobile number.');
    await expect(errorOf(page, 'business_type')).toHaveText('Choose your type of business.');
    // Not a British number (the country beside it): the server's numbering plans say so, in both modes.
    await page.locator('#mobile_number').fill('12345');
    await page.locator('#business_type').selectOption('canteen');
    await submit(page, 'Save and continue');
    await expect(errorOf(page, 'mobile_number')).toHaveText(/^This isn’t a valid mobile number for the chosen country\./);
    await expect(page.getByLabel('Country or region')).toHaveValue('GB');

    await page.locator('#mobile_number').fill(freshMobile());
    await submit(page, 'Save and continue');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    const calls = (await standin.calls('')).map((c) => `${c.method} ${c.path.split('?')[0]}`);
    expect(calls).toContain('POST /login-srv/progressive/update/user');
  },
);

test('a mobile number another account has: the tenant’s 409 is said on that field, and another number goes through', async ({
  page,
  javaScriptEnabled,
  expectAccessible,
}) => {
  const email = PROFILE_MISSING.email(tag('taken', javaScriptEnabled));
  await toMissingFields(page, email);
  await page.locator('#mobile_number').fill(PROFILE_MISSING.takenMobile);
  await page.locator('#business_type').selectOption('hotel');
  await submit(page, 'Save and continue');
  await expect(errorOf(page, 'mobile_number')).toHaveText('Another account already uses this. Please enter a different one.');
  await expect(page.locator('#mobile_number')).toHaveAttribute('aria-invalid', 'true');
  // What was typed stays.
  await expect(page.locator('#business_type')).toHaveValue('hotel');
  await expectAccessible(page);

  await page.locator('#mobile_number').fill(freshMobile());
  await submit(page, 'Save and continue');
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
});

test(
  'a newcomer from Google completes the tenant’s fields here and is signed in',
  NEWCOMER_FIELDS,
  async ({ page, javaScriptEnabled, generation, expectAccessible }) => {
    const legacy = generation === 'legacy';
    const requestId = await startSignIn(page);
    await page.getByRole('link', { name: 'Sign in with Google', exact: true }).click();
    await page.getByRole('radio', { name: /^Nina Newcomer/ }).check();
    await page.getByRole('button', { name: 'Sign in at Google' }).click();
    await expect(page).toHaveURL(new RegExp(`/register-additional-info\\?requestId=${requestId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your registration');
    // What Google gave (the address, the name) is not asked again; without trackinfo (the older generation) every required field is.
    expect(await asked(page)).toEqual(
      legacy ? ['email', 'given_name', 'family_name', 'business_type', 'contact_preference', 'terms_consent'] : ['business_type', 'contact_preference'],
    );
    await expect(page.getByRole('radiogroup', { name: 'Preferred contact' })).toBeVisible();
    await expectAccessible(page);

    if (legacy) {
      await page.locator('#email').fill('nina.newcomer@gmail.example');
      await page.locator('#given_name').fill('Nina');
      await page.locator('#family_name').fill('Newcomer');
      await page.getByRole('checkbox', { name: /^I accept the terms of use/ }).check();
    }
    await page.locator('#business_type').selectOption('restaurant');
    await page.getByRole('radio', { name: 'By phone' }).check();
    await submit(page, 'Create account');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(/^Signed in as nina\.newcomer\+[0-9a-f]{8}@gmail\.example\.$/)).toBeVisible();
  },
);

test('an invented track, with or without this sign-in’s request, goes nowhere: the provider is asked about it (metadata, then trackinfo)', async ({
  page,
  standin,
}) => {
  const requestId = await startSignIn(page);
  const invented = '00000000-0000-4000-8000-000000000000';
  await page.goto(`/register-additional-info?${new URLSearchParams({ track_id: invented, trackId: invented, requestId })}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in has expired');
  await page.goto(`/register-additional-info?${new URLSearchParams({ trackId: invented })}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in has expired');
  expect(await standin.calls(`metadata/${invented}`)).not.toHaveLength(0);
  expect(await standin.calls(`trackinfo/${requestId}/${invented}`)).not.toHaveLength(0);
});

test('whose account it is, and a way out: a sign-in’s missing fields can be cancelled, a newcomer can use another account', async ({
  page,
  javaScriptEnabled,
}) => {
  const email = PROFILE_MISSING.email(tag('way-out', javaScriptEnabled));
  await toMissingFields(page, email);
  const requestId = new URL(page.url()).searchParams.get('requestId')!;
  await expect(page.locator('#page-description')).toHaveText(`Your account ${email} needs a few more details before you can sign in.`);
  // Nothing here creates an account: no terms statement.
  await expect(page.locator('main .terms-statement')).toHaveCount(0);
  // Back to a fresh sign-in for the same request.
  await page.getByRole('link', { name: 'Cancel and sign in again' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]requestId=${requestId}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');

  // A newcomer from Google: the provider and the address it gave, the terms above the button, another account.
  await page.context().clearCookies();
  const newcomerRequest = await startSignIn(page);
  await page.getByRole('link', { name: 'Sign in with Google', exact: true }).click();
  await page.getByRole('radio', { name: /^Nina Newcomer/ }).check();
  await page.getByRole('button', { name: 'Sign in at Google' }).click();
  await expect(page.locator('#page-description')).toHaveText(
    /^You signed in with Google as nina\.newcomer\+[0-9a-f]{8}@gmail\.example\. To create your account here, please add these details\.$/,
  );
  await expect(page.locator('main form .terms-statement')).toContainText('By creating an account you accept the Terms of use');
  await page.getByRole('link', { name: 'Use another account' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]requestId=${newcomerRequest}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});
