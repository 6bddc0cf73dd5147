import type { Page } from '@playwright/test';
import { ACCOUNTS, continueToProvider, expect, startSignIn, submit, test } from '../support/fixtures';

/**
 * Other identity providers (docs/features.md "Identity providers"): the stand-in offers the demo client
 * Google and the SAML provider "Acme Corp SSO" (tests/provider/seed.json), and the e2e app puts
 * acme-saml first (IDENTITY_PROVIDERS_FIRST). Each button is a plain link to the tenant's social
 * login; the stand-in's identity provider page chooses a demo identity, and its callback ends as
 * a password login does.
 */

const providers = (page: Page) => page.getByRole('group', { name: 'Or sign in with' });

/** From a fresh sign-in through a provider's button to its (stand-in) login page; answers the request id. */
async function toProvider(page: Page, label: string): Promise<string> {
  const requestId = await startSignIn(page);
  await providers(page)
    .getByRole('link', { name: `Sign in with ${label}`, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Federated sign-in (stand-in)');
  return requestId;
}

/** Signs in at the stand-in's identity provider page as the identity named `who`. */
async function signInAs(page: Page, who: RegExp, provider: string) {
  await page.getByRole('radio', { name: who }).check();
  await page.getByRole('button', { name: `Sign in at ${provider}` }).click();
}

test.describe('other identity providers', () => {
  test('the e-mail step names each provider, the brand’s own first, as plain links to the tenant’s social login', async ({
    page,
    standin,
    expectAccessible,
    photograph,
  }) => {
    const requestId = await startSignIn(page);
    const links = providers(page).getByRole('link');
    // The tenant lists google first; IDENTITY_PROVIDERS_FIRST=acme-saml puts the brand's own SSO before it.
    await expect(links).toHaveText(['Sign in with Acme Corp SSO', 'Sign in with Google']);
    await expect(providers(page).getByRole('link', { name: 'Sign in with Google', exact: true })).toHaveAttribute(
      'href',
      `${standin.url}/login-srv/social/login/google/${requestId}`,
    );
    await expect(providers(page).getByRole('link', { name: 'Sign in with Acme Corp SSO', exact: true })).toHaveAttribute(
      'href',
      `${standin.url}/login-srv/social/login/acme-saml/${requestId}`,
    );
    // The federated domain's provider is configured without a button (isProviderVisible false).
    await expect(page.getByRole('link', { name: /Demo SSO/ })).toHaveCount(0);
    // Google's mark is drawn in the page; the SAML provider's logo is the tenant's, from its origin (the CSP allows it).
    await expect(links.nth(1).locator('svg[aria-hidden="true"] path')).toHaveCount(4);
    const logo = links.nth(0).locator('img');
    await expect(logo).toHaveAttribute('src', `${standin.url}/identity-logos/acme-saml.svg`);
    await expect(logo).toHaveAttribute('alt', '');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Below the e-mail form: its button comes before them.
    const order = await page.evaluate(() => {
      const next = document.querySelector('main form button[type="submit"]');
      const group = document.querySelector('[role="group"][aria-labelledby="identity-providers-title"]');
      return next && group ? next.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();
    await expectAccessible(page);
    await photograph(page, 'identity-providers');
  });

  test('keyboard only: Tab from the e-mail form reaches the buttons, Enter follows one', async ({ page }) => {
    await startSignIn(page);
    await page.getByRole('button', { name: 'Next', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Sign in with Acme Corp SSO', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Sign in with Google', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Federated sign-in (stand-in)');
    await expect(page.getByText('This page stands for the identity provider Google.')).toBeVisible();
  });

  test('Google signs a demo account in, through the tenant’s code, as a password would', async ({ page, standin }) => {
    const requestId = await toProvider(page, 'Google');
    await signInAs(page, /^Anna Schmidt/, 'Google');
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByText(`Signed in as ${ACCOUNTS.password.email}`)).toBeVisible();
    const calls = (await standin.calls('')).map((c) => `${c.method} ${c.path.split('?')[0]}`);
    expect(calls).toContain(`GET /login-srv/social/login/google/${requestId}`);
    expect(calls).toContain('GET /login-srv/social/callback/google');
    expect(calls).toContain('POST /token-srv/token');
  });

  test('Acme Corp SSO: an account with several sales organisations reaches the group selection and signs in with one', async ({
    page,
    javaScriptEnabled,
    expectAccessible,
  }) => {
    await toProvider(page, 'Acme Corp SSO');
    await signInAs(page, /^Greta Groups/, 'Acme Corp SSO');
    await expect(page).toHaveURL(/\/group-selection\?requestId=/);
    await expect(page.getByRole('heading', { name: 'Choose a sales organisation' })).toBeVisible();
    await expectAccessible(page);
    const field = page.getByRole('combobox', { name: 'Sales organisation', exact: true });
    if (javaScriptEnabled) {
      await page.locator('main input[role="combobox"]').waitFor();
      await field.click();
      await page
        .getByRole('listbox', { name: 'Sales organisation' })
        .getByRole('option', { name: /^Gastro Service West/ })
        .click();
    } else {
      await field.selectOption('gastro-service-west');
    }
    await submit(page, 'Sign in');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page.getByText('Acting for Gastro Service West.')).toBeVisible();
  });

  test('Acme Corp SSO: an account with a second factor is asked for it next', async ({ page }) => {
    await toProvider(page, 'Acme Corp SSO');
    await signInAs(page, /^Emil Mail/, 'Acme Corp SSO');
    await expect(page).toHaveURL(/\/register-mfa/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Verify it’s you|Enter your security code/);
  });

  test('a person the provider vouches for without an account lands on this product’s register_additional_info for the same request', async ({
    page,
    standin,
  }) => {
    const requestId = await toProvider(page, 'Google');
    const landed = page.waitForRequest((r) => r.url().includes('/register-additional-info?') && r.url().includes('track'));
    await signInAs(page, /^Nina Newcomer/, 'Google');
    // The tenant's page (pointed here by tenant:setup) with the request and a track in both spellings,
    // moved into the flow cookie: the page's own address is clean. Completing it: additional-info.spec.ts.
    const query = new URL((await landed).url()).searchParams;
    expect(query.get('requestId')).toBe(requestId);
    expect(query.get('trackId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(query.get('track_id')).toBe(query.get('trackId'));
    await expect(page).toHaveURL(new RegExp(`/register-additional-info\\?requestId=${requestId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your registration');
    const calls = (await standin.calls('')).map((c) => `${c.method} ${c.path.split('?')[0]}`);
    expect(calls).toContain(`GET /public-srv/public/trackinfo/${requestId}/${query.get('trackId')}`);
  });

  test('the stand-in is as strict as the tenant: an unknown request, a provider not offered, or not in lower case is a 400; a callback once only', async ({
    page,
    request,
    standin,
  }) => {
    const requestId = await startSignIn(page);
    const social = (provider: string, id = requestId) => request.get(`${standin.url}/login-srv/social/login/${provider}/${id}`, { maxRedirects: 0 });
    expect((await social('google', '00000000-0000-4000-8000-000000000000')).status()).toBe(400);
    expect((await social('facebook')).status()).toBe(400);
    expect((await social('Google')).status()).toBe(400);
    expect((await social('google')).status()).toBe(200);

    await toProvider(page, 'Google');
    const callback = page.waitForRequest((r) => r.url().includes('/login-srv/social/callback/google'));
    await signInAs(page, /^Anna Schmidt/, 'Google');
    await expect(page).toHaveURL(/\/success$/);
    const again = await request.get((await callback).url(), { maxRedirects: 0 });
    expect(again.status()).toBe(302);
    expect(again.headers().location).toMatch(/\/error\?error=access_denied/);
  });
});
