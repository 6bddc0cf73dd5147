import type { Page } from '@playwright/test';
import { ACCOUNTS, CLIENT_NAME, continueToProvider, expect, startSignIn, submit, test, toPasswordStep } from '../support/fixtures';

/**
 * Every hosted page a tenant can send the browser to, with the parameters it appends
 * (docs/provider-contract.md §4): the page works, unknown extra parameters are ignored, and the
 * provider's own words (error_description) never reach the page.
 */
const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${test.info().retry}`;
const RAW = 'Given username or password is invalid';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test("login after a refusal on the tenant's side: its reason in our words, the address it tried prefilled", async ({
  page,
  expectAccessible,
  expectOnlyMessages,
}) => {
  const requestId = await startSignIn(page);
  const query = new URLSearchParams({
    groupname: 'sales-portal-signin',
    lang: '',
    view_type: 'login',
    requestId,
    error: 'invalid_username_password',
    error_description: RAW,
    username: 'anna.schmidt@example.com',
    username_type: 'email',
    sub: '3f2c9a1e-0000-4000-8000-000000000003',
    q: '3f2c9a1e-0000-4000-8000-000000000003',
    unknown_extra: 'ignored',
  });
  await page.goto(`/?${query}`);
  await expect(page.locator('main').getByRole('alert')).toHaveText('The e\u2011mail address or password was not correct. Please try again.');
  await expect(page.getByLabel('E\u2011mail address')).toHaveValue('anna.schmidt@example.com');
  await expect(page.getByText(RAW)).toHaveCount(0);
  await expectAccessible(page);
  await expectOnlyMessages(page, 'en-GB', [CLIENT_NAME]);
});

test("login with the tenant's lang parameter opens in that language (when the browser's languages are not offered)", async ({
  browser,
  javaScriptEnabled,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'fi-FI' });
  const page = await context.newPage();
  try {
    const requestId = await startSignIn(page);
    await expect(page.getByLabel('E\u2011mail address')).toBeVisible();
    await page.goto(`/?${new URLSearchParams({ groupname: 'default', lang: 'de-DE', view_type: 'login', requestId })}`);
    await expect(page.getByLabel('E\u2011Mail-Adresse')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('mfa_required with q instead of sub and request_id instead of requestId', async ({ page, javaScriptEnabled }) => {
  await toPasswordStep(page, `mfa.email+${tag('q', javaScriptEnabled)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
  // Listening from before the sign-in: with JavaScript the continue page may post itself on to
  // the provider (and the provider answer with the MFA address) before the submit resolves.
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await submit(page, 'Sign in');
  await continueToProvider(page, javaScriptEnabled);
  // With JavaScript the only option starts at once: wait for its code page before going again.
  // Without, wait for the screen itself: the streamed page's meta refresh to its one-piece
  // address would otherwise still be pending and abort the next navigation.
  if (javaScriptEnabled) await expect(page).toHaveURL(/\/register-mfa\/code/);
  else await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  const given = asked.map((u) => new URL(u)).find((u) => u.pathname === '/register-mfa')!.searchParams;
  expect(given.get('q')).toBe(given.get('sub'));
  // 'commit': without JavaScript a loader that shows first forwards at once (meta refresh), which
  // would abort a wait for the first document's load.
  await page.goto(
    `/register-mfa?${new URLSearchParams({ trackId: given.get('track_id')!, q: given.get('q')!, request_id: given.get('requestId')!, unknown: '1' })}`,
    { waitUntil: 'commit' },
  );
  // With JavaScript the only option already started: the same track's code page; without, its
  // button, on the clean address (the track and subject are in the flow cookie).
  if (javaScriptEnabled) await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
  else {
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    await expect(page).toHaveURL(/\/register-mfa\?requestId=[\w-]+&render=sync$/);
  }
});

test('group_selection in its query form lands on the group page', async ({ page, javaScriptEnabled }) => {
  await toPasswordStep(page, `groups.many+${tag('query', javaScriptEnabled)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
  // Listening from before the sign-in: with JavaScript the continue page may post itself on to
  // the provider (and the provider answer with the MFA address) before the submit resolves.
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await submit(page, 'Sign in');
  await continueToProvider(page, javaScriptEnabled);
  await expect(page.getByRole('combobox', { name: 'Sales organisation', exact: true })).toBeVisible();
  // The tenant's group_selection page (set by tenant:setup) is the query form; it answered 303.
  const entry = asked.map((u) => new URL(u)).find((u) => u.pathname === '/group-selection');
  expect(entry?.searchParams.get('track_id')).toBeTruthy();
  await expect(page).toHaveURL(/\/group-selection\?requestId=[\w-]+(&render=sync)?$/);
});

/** Requests a reset link, opens it, and returns the tokens the provider put on password_set. */
async function openResetForm(page: Page, email: string, outbox: (to: string) => Promise<Array<{ link?: string }>>) {
  await toPasswordStep(page, email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await submit(page, 'Send link');
  await expect(heading(page)).toHaveText('Check your e\u2011mail');
  const [message] = (await outbox(email)).filter((m) => m.link);
  const visited: URL[] = [];
  page.on('request', (r) => visited.push(new URL(r.url())));
  await page.goto(message.link!);
  await expect(heading(page)).toHaveText('Choose a new password');
  const passwordSet = visited.find((u) => u.pathname === '/reset-password' && u.searchParams.has('rprq'))!;
  return {
    requestId: passwordSet.searchParams.get('requestId')!,
    rprq: passwordSet.searchParams.get('rprq')!,
    exchangeid: passwordSet.searchParams.get('exchangeid')!,
  };
}

test("password_set with the provider's error_code: the reason on the form, the link still usable, no token left in the address", async ({
  page,
  javaScriptEnabled,
  standin,
  expectAccessible,
}) => {
  const email = `lockout+${tag('pwset', javaScriptEnabled)}@example.com`;
  const tokens = await openResetForm(page, email, (to) => standin.outbox(to));
  await page.goto(
    `/reset-password?${new URLSearchParams({ ...tokens, resetMedium: 'email', error: 'Bad Request', error_description: 'The password is compromised', error_code: 'VER_0120' })}`,
  );
  await expect(page).toHaveURL(new RegExp(`/reset-password\\?requestId=${tokens.requestId}&problem=passwordPwned$`));
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(/^This password has appeared in a data breach/);
  await expect(page.getByText('The password is compromised')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill('NewKitchen2027');
  await page.getByLabel('Repeat new password', { exact: true }).fill('NewKitchen2027');
  await submit(page, 'Save password');
  await expect(heading(page)).toHaveText('Your password has been changed');
});

test('password_set with an error_code nobody knows: the error page with a reference, and the log names the code', async ({
  page,
  javaScriptEnabled,
  standin,
  appLog,
}) => {
  const email = `lockout+${tag('pwunknown', javaScriptEnabled)}@example.com`;
  const tokens = await openResetForm(page, email, (to) => standin.outbox(to));
  await page.goto(`/reset-password?${new URLSearchParams({ ...tokens, error_code: 'VER_0999' })}`);
  await expect(heading(page)).toHaveText('Something went wrong');
  const ref = (await page.getByText(/^Reference: /).textContent())!.replace('Reference: ', '');
  const line = appLog()
    .split('\n')
    .find((l) => l.includes(`"ref":"${ref}"`));
  expect(line).toContain('VER_0999');
  expect(line).toContain('lib/provider/error-codes.ts');
});

test('password_set_success, register_success and logout_success render, with a way back', async ({ page, standin, expectAccessible }) => {
  const requestId = await startSignIn(page);
  await page.goto(`/reset-password-success?${new URLSearchParams({ requestId, suggested_action: 'LOGIN', trackId: '3f2c9a1e-0000-4000-8000-000000000002' })}`);
  // The track the tenant names beside it is of no use here, and no track stays in the address bar.
  await expect(page).toHaveURL(new RegExp(`/reset-password-success\\?requestId=${requestId}$`));
  await expect(heading(page)).toHaveText('Your password has been changed');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `${standin.url}/authz-srv/authz/resolve_redirect/${requestId}`);
  await expectAccessible(page);
  await page.goto(`/register-success?requestId=${requestId}`);
  await expect(heading(page)).toHaveText('Registration complete');
  await page.goto('/signed-out?client_id=x&unknown=1');
  await expect(heading(page)).toHaveText('You have signed out');
});

test('verification_complete with a sign-in track, opened in another browser: the track leaves the address for the form to the provider', async ({
  page,
  standin,
  javaScriptEnabled,
}) => {
  const requestId = await startSignIn(page);
  await page.context().clearCookies();
  const trackId = '3f2c9a1e-0000-4000-8000-0000000000b7';
  // Held at the provider, so the page a script submits at once can be looked at first.
  const afterRegister = `${standin.url}/login-srv/login/handle/afterregister/`;
  await page.route(`${afterRegister}**`, (route) => route.fulfill({ status: 204 }));
  const posted = javaScriptEnabled ? page.waitForResponse((r) => r.url().startsWith(afterRegister)) : undefined;
  // Not waiting for the load event: the script may submit the form (into the 204) before it fires,
  // and goto then waited out its 45 s once in a full run.
  await page.goto(`/verify-email-complete?${new URLSearchParams({ requestId, suggested_action: 'LOGIN', trackId })}`, { waitUntil: 'commit' });
  await expect(page).toHaveURL(new RegExp(`/verify-email-complete\\?requestId=${requestId}$`));
  await expect(heading(page)).toHaveText('Your e\u2011mail address is confirmed');
  const form = page.locator('form#after-register');
  await expect(form).toHaveAttribute('action', `${standin.url}/login-srv/login/handle/afterregister/${trackId}`);
  await expect(form.locator('input[name="trackId"]')).toHaveValue(trackId);
  // With scripts the page posts the form by itself. The next page load waits for that post's
  // answer: started while the post is under way, one of the two navigations cancels the other.
  if (posted) expect((await posted).request().method()).toBe('POST');

  // The same page without the offer (or with a track of no use) says "sign in" and keeps nothing.
  await page.goto(`/verify-email-complete?${new URLSearchParams({ requestId, suggested_action: 'NONE', trackId })}`);
  await expect(page).toHaveURL(new RegExp(`/verify-email-complete\\?requestId=${requestId}$`));
  await expect(page.getByText('Thank you. You can now sign in.')).toBeVisible();
  await expect(page.locator('form#after-register')).toHaveCount(0);
});

test('verification_complete with a link on its way: the masked address, and no resend for a link the tenant sent', async ({
  page,
  expectAccessible,
  expectOnlyMessages,
}) => {
  // The person named the account on the e-mail step: the masked address fits it, so it is shown.
  const requestId = await toPasswordStep(page, ACCOUNTS.password.email);
  await page.goto(
    `/verify-email-complete?${new URLSearchParams({ accvid: '3f2c9a1e-0000-4000-8000-0000000000a1', email: 'a***@example.com', mobile: '', processingType: 'LINK', requestId, type: 'email' })}`,
  );
  await expect(page).toHaveURL(new RegExp(`/verify-email\\?requestId=${requestId}$`));
  await expect(page.getByText('We have sent a confirmation link to a***@example.com.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);
  await expectAccessible(page);
  await expectOnlyMessages(page, 'en-GB', ['a***@example.com']);
});

test("the tenant's error page: our words and a reference, never the provider's text; the log has both under the reference", async ({
  page,
  appLog,
  expectAccessible,
  expectOnlyMessages,
}) => {
  await page.goto(
    `/error?${new URLSearchParams({ error: 'server_error', error_description: '<b>java.lang.IllegalStateException</b>', error_code: 'AUTH10013' })}`,
  );
  await expect(heading(page)).toHaveText('Something went wrong');
  await expect(page.getByText('IllegalStateException')).toHaveCount(0);
  const ref = (await page.getByText(/^Reference: [A-F0-9]{10}$/).textContent())!.replace('Reference: ', '');
  await expectAccessible(page);
  await expectOnlyMessages(page, 'en-GB', [ref]);
  const line = appLog()
    .split('\n')
    .find((l) => l.includes(`"ref":"${ref}"`))!;
  expect(JSON.parse(line)).toMatchObject({ event: 'provider-error-page', error: 'server_error', errorCode: 'AUTH10013' });

  await page.goto('/error?error=access_denied&error_description=no');
  await expect(page.getByText('Your account does not have access to this application. Please contact your administrator.')).toBeVisible();
  await page.goto('/error?error=invalid_request&error_code=VER_0006');
  await expect(heading(page)).toHaveText('Your sign-in has expired');
});
