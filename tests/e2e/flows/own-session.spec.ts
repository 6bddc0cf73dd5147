import type { Page } from '@playwright/test';
import { ACCOUNTS, continueToProvider, expect, noJs, submit, test, toPasswordStep } from '../support/fixtures';
import { signInByRequest } from '../support/forms';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const BACK_THROUGH_PAGE_LOADS = noJs(
  'without JavaScript Back walks the history of full-page loads back to the finished sign-in’s page; with JavaScript the steps were client navigations',
);
const RENEWAL_PAGE = noJs('without JavaScript the renewal page waits for Continue (a form of its own) instead of posting itself');

/** A plain password account of its own per test (lockout+… addresses are ordinary accounts). */
const fresh = (name: string, js: boolean) => ACCOUNTS.lockout(`session-${name}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`);

/**
 * Signed in, on /success. The e-mail and password steps go by request; the browser opens the
 * hand-over to the provider and goes on from there as after the password, so the way back in
 * (the callback, Back to the last step's page) is the browser's own.
 */
async function signIn(page: Page, email: string, javaScriptEnabled: boolean) {
  await page.goto((await signInByRequest(page, email, ACCOUNTS.password.password, { until: /\/continue\?requestId=/ })).url.href);
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
}

/** A page whose tokens are due asks to renew them: at once with JavaScript, by Continue without. */
async function renewIfAsked(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renewing your session');
  await page.getByRole('button', { name: 'Continue' }).click();
}

const tokenCalls = async (standin: { calls(f: string): Promise<Array<{ method: string }>> }) =>
  (await standin.calls('/token-srv/token')).filter((c) => c.method === 'POST').length;

test.describe("the deployment's own session", () => {
  test(
    'Back after signing in says the person is signed in, and Continue returns to the application',
    BACK_THROUGH_PAGE_LOADS,
    async ({ page, javaScriptEnabled, expectAccessible }) => {
      const { email } = fresh('back', javaScriptEnabled);
      await signIn(page, email, javaScriptEnabled);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re signed in');
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Continue' }).click();
      await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    },
  );

  test('/success: who, sign-out and the profile link; tokens stay in HttpOnly cookies, never in the page', async ({
    page,
    context,
    javaScriptEnabled,
    expectAccessible,
    expectOnlyMessages,
  }) => {
    const { email } = fresh('success', javaScriptEnabled);
    await signIn(page, email, javaScriptEnabled);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', 'https://www.example.com/profile');
    await expectAccessible(page);
    await expectOnlyMessages(page, 'en-GB', [email]);
    const html = await page.content();
    expect(html).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
    const cookies = (await context.cookies()).filter((c) => c.name.startsWith('signin_user'));
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.value.length).toBeLessThan(4000);
    }
    if (javaScriptEnabled) expect(await page.evaluate(() => document.cookie)).not.toContain('signin_user');
  });

  test('tokens close to expiry are renewed on the next request', RENEWAL_PAGE, async ({ page, javaScriptEnabled, standin, appLog }) => {
    const { email } = fresh('renew', javaScriptEnabled);
    await standin.tokenTtl(email, 4);
    await signIn(page, email, javaScriptEnabled);
    const before = await tokenCalls(standin);
    await page.waitForTimeout(2_500); // past half the 4 s life: due for renewal
    await page.reload();
    await renewIfAsked(page, javaScriptEnabled);
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    expect(await tokenCalls(standin)).toBeGreaterThan(before);
    expect(appLog()).toMatch(/"event":"renewed"/);
  });

  test('a tenant that issues no refresh token: renewal asks it again without a page (prompt=none), and the person stays signed in', async ({
    page,
    javaScriptEnabled,
    standin,
    appLog,
  }) => {
    const { email } = ACCOUNTS.noRefresh(`renew-${javaScriptEnabled ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`);
    await standin.tokenTtl(email, 4);
    await signIn(page, email, javaScriptEnabled);
    const silentBefore = (await standin.calls('prompt=none')).length;
    await page.waitForTimeout(2_500); // past half the 4 s life: due for renewal
    await page.reload();
    await renewIfAsked(page, javaScriptEnabled);
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    expect((await standin.calls('prompt=none')).length).toBe(silentBefore + 1);
    expect(appLog()).toMatch(/"event":"renewal-silent"/);
    expect(appLog()).toMatch(/"event":"renewed","method":"prompt-none"/);

    // Once the tenant's own session has ended, the silent request is refused: sign in again.
    await standin.endSessions(email);
    await page.waitForTimeout(2_500);
    await page.reload();
    await renewIfAsked(page, javaScriptEnabled);
    await expect(page.getByRole('heading', { name: 'Please sign in again' })).toBeVisible();
    await page.goto('/success');
    await expect(page).toHaveURL(/[?&]requestId=/);
  });

  test('a refused renewal ends the session with "please sign in again"', async ({ page, javaScriptEnabled, standin, appLog }) => {
    const { email } = fresh('refused', javaScriptEnabled);
    await standin.tokenTtl(email, 4);
    await signIn(page, email, javaScriptEnabled);
    await standin.endSessions(email);
    await page.waitForTimeout(2_500);
    await page.reload();
    await renewIfAsked(page, javaScriptEnabled);
    await expect(page.getByRole('heading', { name: 'Please sign in again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/auth/start');
    expect(appLog()).toMatch(/"event":"renewal-failed"/);
    await page.goto('/success');
    await expect(page).toHaveURL(/[?&]requestId=/);
  });

  test('signed out elsewhere: the page finds the token inactive, renewal is refused, sign in again', async ({ page, javaScriptEnabled, standin }) => {
    const { email } = fresh('elsewhere', javaScriptEnabled);
    await signIn(page, email, javaScriptEnabled);
    await standin.endSessions(email);
    await page.waitForTimeout(2_100); // a token renewed in the last 2 s is not introspected again
    await page.reload();
    await renewIfAsked(page, javaScriptEnabled);
    await expect(page.getByRole('heading', { name: 'Please sign in again' })).toBeVisible();
  });

  test('two renewals at the same moment (two tabs) both keep the person signed in', async ({ page, javaScriptEnabled, standin, baseURL }) => {
    const { email } = fresh('concurrent', javaScriptEnabled);
    await standin.tokenTtl(email, 4);
    await signIn(page, email, javaScriptEnabled);
    await page.waitForTimeout(2_500);
    // The provider rotates refresh tokens: the second refresh with the old one is refused. Both
    // requests must still end on the renewed session, not on "please sign in again".
    const renew = () => page.request.fetch('/auth/renew', { method: 'POST', form: { return: '/success' }, headers: { origin: baseURL! }, maxRedirects: 0 });
    const answers = await Promise.all([renew(), renew()]);
    expect(answers.map((r) => [r.status(), r.headers().location])).toEqual([
      [303, '/success'],
      [303, '/success'],
    ]);
    await page.goto('/success');
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  });

  test('renewal cannot be set off by a link or by another site', async ({ page, javaScriptEnabled, request, baseURL }) => {
    const { email } = fresh('cross-site', javaScriptEnabled);
    await signIn(page, email, javaScriptEnabled);
    // A GET (a link, an image, a top-level navigation from anywhere) changes nothing.
    expect((await page.request.get('/auth/renew', { maxRedirects: 0 })).status()).toBe(405);
    // A POST from another origin is refused before it reaches the renewal.
    const foreign = await page.request.fetch('/auth/renew', {
      method: 'POST',
      form: { return: '/success' },
      headers: { origin: 'https://evil.example' },
      maxRedirects: 0,
    });
    expect(foreign.status()).toBe(403);
    const noOrigin = await request.fetch(`${baseURL}/auth/renew`, { method: 'POST', form: { return: '/success' }, maxRedirects: 0 });
    expect(noOrigin.status()).toBe(403);
    await page.goto('/success');
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  });

  test('sign-out ends the session here and at the provider, and comes back to "signed out"', async ({
    page,
    context,
    javaScriptEnabled,
    standin,
    appLog,
    expectAccessible,
  }) => {
    const { email } = fresh('signout', javaScriptEnabled);
    await signIn(page, email, javaScriptEnabled);
    expect(await standin.refreshTokens(email)).toEqual({ valid: 1, revoked: 0 });
    await submit(page, 'Sign out');
    await expect(page).toHaveURL(/\/signed-out$/);
    await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
    await expectAccessible(page);
    expect((await context.cookies()).some((c) => c.name.startsWith('signin_user'))).toBe(false);
    const [endSession] = await standin.calls('/session/end_session');
    expect(endSession.path).toContain('id_token_hint=');
    expect(endSession.path).toContain(`post_logout_redirect_uri=${encodeURIComponent(new URL('/signed-out', page.url()).toString())}`);
    expect(appLog()).toMatch(/"event":"signed-out"/);
    // The refresh token was revoked at the tenant (RFC 7009) before the redirect to end_session.
    expect(await standin.refreshTokens(email)).toEqual({ valid: 0, revoked: 1 });
    const [revocation] = await standin.calls('/token-srv/revoke');
    expect(revocation.method).toBe('POST');
    await page.goto('/success');
    await expect(page).toHaveURL(/[?&]requestId=/);
    await page.goto('/signed-out');
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await expect(page.getByLabel('E\u2011mail address')).toBeVisible();
  });

  test('a tampered state and provider errors in the callback end on "please sign in again", never a crash', async ({ page }) => {
    for (const query of [
      'code=abc&state=tampered',
      'state=x',
      'error=login_required&state=x',
      'error=consent_required',
      'error=interaction_required',
      'error=account_selection_required',
    ]) {
      await page.goto('/');
      await expect(page).toHaveURL(/[?&]requestId=/); // a pending authorization now exists
      const response = await page.goto(`/auth/callback?${query}`);
      expect(response!.status()).toBeLessThan(500);
      await expect(page.getByRole('heading', { name: 'Please sign in again' })).toBeVisible();
    }
  });

  test('a real code with a state this browser did not send is refused: "please sign in again"', async ({ page, javaScriptEnabled, standin }) => {
    // The code is genuine, so only the state check can refuse it (the tampered-state case above
    // sends a made-up code, which the token exchange would refuse anyway). The provider's redirect
    // to the callback is taken before the browser follows it, so the code is still unspent.
    const { email } = fresh('state', javaScriptEnabled);
    let callback: URL | undefined;
    const provider = new URL(standin.url).origin;
    await page.route(
      (url) => url.origin === provider,
      async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        const location = response.headers().location;
        const next = location ? new URL(location, route.request().url()) : undefined;
        if (next?.pathname !== '/auth/callback') return route.fulfill({ response });
        callback = next;
        // A page of its own instead of the redirect: the navigation ends here, cleanly.
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Held</title>' });
      },
    );
    await toPasswordStep(page, email);
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.password.password);
    await submit(page, 'Sign in');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page).toHaveTitle('Held');
    expect(callback?.searchParams.get('code')).toBeTruthy();
    const tampered = new URL(callback!);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    await page.goto(`${tampered.pathname}${tampered.search}`);
    await expect(page.getByRole('heading', { name: 'Please sign in again' })).toBeVisible();
  });

  test('a replayed callback finds nothing to finish and leaves the session as it was', async ({ page, javaScriptEnabled }) => {
    const { email } = fresh('replay', javaScriptEnabled);
    let callback = '';
    page.on('request', (request) => {
      if (request.url().includes('/auth/callback?')) callback = request.url();
    });
    await signIn(page, email, javaScriptEnabled);
    expect(callback).toContain('code=');
    await page.goto(callback);
    await expect(page.getByRole('heading', { name: 'You’re signed in' })).toBeVisible();
    await page.goto('/success');
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  });
});
