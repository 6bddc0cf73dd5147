import type { Page } from '@playwright/test';
import { continueToProvider, expect, generations, submit, TERMS, test } from '../support/fixtures';
import { BACK_FROM_PROVIDER, signInByRequest } from '../support/forms';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const VERSION_DETAILS = generations(
  'the terms’ version details (docs/provider-contract.md §2.17): consent-management-srv/v2/consent/versions/details, served by current tenants only',
);

/**
 * Terms and consent during sign-in (docs/onboarding.md "Terms and consent"; contract §2.17): the
 * tenant's consent_preview page served here. The demo account accepted version 1 and is asked for
 * version 2 after its password; its text holds a script, an onclick, a javascript: link and a
 * foreign image, none of which may reach the page (the CSP fixture fails the test on a blocked
 * image or script as well). The current generation serves the localised version details (with the
 * version number), the legacy one only the public usage information every SDK calls.
 */
// Each test signs in once or twice through the stand-in: longer than one step on a busy machine.
test.describe.configure({ timeout: 120_000 });

const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${test.info().retry}`;

/**
 * E-mail and password, then where the tenant sends the browser (the terms, or signed in); answers
 * the request id. The steps go by request (the same with and without JavaScript); the browser
 * opens the tenant's way back in.
 */
async function signIn(page: Page, email: string): Promise<string> {
  const { url, requestId } = await signInByRequest(page, email, TERMS.password, { until: BACK_FROM_PROVIDER });
  await page.goto(url.href);
  return requestId;
}

/** The terms page, its address clean, the tenant's text sanitised. */
async function expectTermsPage(page: Page, legacy: boolean) {
  await expect(page).toHaveURL(/\/consent\?requestId=[\w-]+$/);
  await expect(page.locator('main h1')).toHaveText('Accept the terms');
  await expect(page.getByRole('heading', { level: 2, name: 'Terms of use' })).toBeVisible();
  // The version number comes with the localised details only.
  await expect(page.getByText('Version 2 of the terms', { exact: true })).toHaveCount(legacy ? 0 : 1);
  const text = page.locator('main .consent-text');
  await expect(text.getByText('Prices are quoted without VAT and are valid for 30 days.')).toBeVisible();
  await expect(text.getByRole('heading', { level: 3, name: 'Terms of use for the sales portal' })).toBeVisible();
  await expect(text.locator('script, style, img, iframe, [onclick]')).toHaveCount(0);
  await expect(text.locator('a')).toHaveCount(1);
  // Links leave the sign-in in a tab of their own, and say so (D68).
  const inText = text.getByRole('link', { name: /^full terms ?\(opens in a new tab\)$/ });
  await expect(inText).toHaveAttribute('href', 'https://example.com/terms/v2');
  await expect(inText).toHaveAttribute('target', '_blank');
  await expect(text.getByText('this link', { exact: true })).toBeVisible();
  const full = page.getByRole('link', { name: 'Open the full text (opens in a new tab)' });
  await expect(full).toHaveAttribute('href', 'https://example.com/terms/v2');
  await expect(full).toHaveAttribute('target', '_blank');
  expect(await page.title()).not.toContain('hijacked');
}

// The stand-in continues the consent precheck only once the version was accepted on its track,
// so "signed in" proves the acceptance was recorded; and the next sign-in is not asked again.
test(
  'accepting the new terms signs in, and the next sign-in is not asked again',
  VERSION_DETAILS,
  async ({ page, javaScriptEnabled, generation, expectAccessible }) => {
    const email = TERMS.fresh(tag('accept', javaScriptEnabled));
    await signIn(page, email);
    await expectTermsPage(page, generation === 'legacy');
    await expectAccessible(page);
    await submit(page, 'Accept and continue');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    await page.context().clearCookies();
    await signIn(page, email);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);

test(
  'declining: a clear page, nothing signed in, and the terms are asked again at the next sign-in',
  VERSION_DETAILS,
  async ({ page, javaScriptEnabled, generation, standin, expectAccessible, expectOnlyMessages }) => {
    const email = TERMS.fresh(tag('decline', javaScriptEnabled));
    const requestId = await signIn(page, email);
    await expectTermsPage(page, generation === 'legacy');
    await submit(page, 'Decline');
    await expect(page).toHaveURL(/\/consent\/declined\?requestId=[\w-]+$/);
    await expect(page.locator('main h1')).toHaveText('Terms not accepted');
    await expect(page.locator('main')).toContainText('You have not been signed in.');
    await expect(page.locator('main')).toContainText('please contact your account manager');
    // Whom to ask, where the operator names someone (SUPPORT_URL, SUPPORT_EMAIL).
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'https://www.example.com/support');
    await expect(page.getByRole('link', { name: 'Write to support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', ['Kitchen Equipment Sales Portal (demo)']);
    // The precheck was not continued: the tenant issued nothing for this sign-in.
    expect(await standin.calls('/login-srv/precheck/continue', requestId)).toEqual([]);
    // "Read the terms again" leads back to them, Decline again to this page.
    await page.getByRole('link', { name: 'Read the terms again' }).click();
    await expectTermsPage(page, generation === 'legacy');
    await submit(page, 'Decline');
    await expect(page.locator('main h1')).toHaveText('Terms not accepted');
    // Back to sign-in: the same request at the tenant, and the terms again after the password.
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await expect(page).toHaveURL(new RegExp(`requestId=${requestId}`));
    await expect(page.locator('main h1')).toBeVisible();
    await signIn(page, email);
    await expectTermsPage(page, generation === 'legacy');
    await submit(page, 'Accept and continue');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);

test('an entry the tenant did not send shows no terms: an invented track, missing consent ids, an unknown version', async ({
  page,
  javaScriptEnabled,
  generation,
}) => {
  const email = TERMS.fresh(tag('entries', javaScriptEnabled));
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url()));
  await signIn(page, email);
  await expectTermsPage(page, generation === 'legacy');
  const entry = asked.map((u) => new URL(u)).find((u) => u.pathname === '/consent' && u.searchParams.has('track_id'))!;
  expect(entry.searchParams.get('consent_version_id')).toBe('portal-terms-v2');

  // A version the tenant does not know (its consent service answers 404): not a link to follow.
  const unknown = new URL(entry);
  unknown.searchParams.set('consent_version_id', 'portal-terms-v9');
  await page.goto(unknown.toString());
  await expect(page.locator('main h1')).toHaveText('This sign-in link is not valid');

  const missing = new URL(entry);
  missing.searchParams.delete('consent_id');
  await page.goto(missing.toString());
  await expect(page.locator('main h1')).toHaveText('This sign-in link is not valid');

  const invented = new URL(entry);
  invented.searchParams.set('track_id', '00000000-0000-4000-8000-000000000000');
  await page.context().clearCookies();
  await page.goto(invented.toString());
  await expect(page.locator('main h1')).toHaveText('Your sign-in has expired');
  await expect(page.locator('main .consent')).toHaveCount(0);
});

test('the tenant refusing to record the acceptance is its answer: said on the form, or the expired page once its track no longer vouches; never an error page', async ({
  page,
  javaScriptEnabled,
  standin,
  appLog,
}) => {
  const email = TERMS.fresh(tag('refused', javaScriptEnabled));
  await signIn(page, email);
  await expect(page.locator('main h1')).toHaveText('Accept the terms');
  // The tenant answers 400 to this account's acceptance once (the stand-in's fault, scoped to the account).
  await standin.fault({ pathIncludes: '/consent/usage/accept', email, mode: 'refuse', status: 400, times: 1 });
  await submit(page, 'Accept and continue');
  await expect(page.getByText('Your acceptance could not be recorded. Please try again, or sign in again.')).toBeVisible();
  await expect(page.locator('main h1')).toHaveText('Accept the terms');
  // 401: the track no longer vouches for the account; the sign-in is over.
  await standin.fault({ pathIncludes: '/consent/usage/accept', email, mode: 'refuse', status: 401, times: 1 });
  await submit(page, 'Accept and continue');
  await expect(page.locator('main h1')).toHaveText('Your sign-in has expired');
  // Warnings with the tenant's status, no error-level line (which would feed the step-error alert).
  const lines = appLog()
    .split('\n')
    .filter((line) => line.includes('"event":"consent.accept-refused"'));
  // (The app is shared with the same test without JavaScript: its lines may be there too.)
  const refusals = lines.map((line) => JSON.parse(line) as { level: number; kind: string; status?: number });
  expect(refusals).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ level: 40, kind: 'refused', status: 400 }),
      expect.objectContaining({ level: 40, kind: 'not-authorised' }),
    ]),
  );
  expect(refusals.every((refusal) => refusal.level === 40)).toBe(true);
  expect(appLog()).not.toMatch(/"level":50[^\n]*"step":"consent\.accept"/);
});

test(
  'an older version, already accepted, put in the address is not taken: only the version the tenant asks now',
  VERSION_DETAILS,
  async ({ page, javaScriptEnabled, generation, standin }) => {
    const legacy = generation === 'legacy';
    // The demo account accepted version 1; the tenant asks version 2 (tests/provider/seed.json).
    const email = TERMS.fresh(tag('older', javaScriptEnabled));
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    const requestId = await signIn(page, email);
    await expectTermsPage(page, legacy);
    const entry = asked.map((u) => new URL(u)).find((u) => u.pathname === '/consent' && u.searchParams.has('track_id'))!;

    // The attack: version 1 in the address. Before, its terms were shown, "accepted" again (the
    // tenant's 204) and the sign-in completed without version 2 ever being accepted.
    const older = new URL(entry);
    older.searchParams.set('consent_version_id', 'portal-terms-v1');
    await page.goto(older.toString());
    await expect(page.locator('main h1')).toHaveText('This sign-in link is not valid');
    expect(await standin.calls('/login-srv/precheck/continue', requestId)).toEqual([]);

    // The version asked is still the one to accept.
    await page.goto(`/consent?requestId=${requestId}`);
    await expectTermsPage(page, legacy);
    await submit(page, 'Accept and continue');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);
