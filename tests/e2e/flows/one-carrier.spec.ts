import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, continueToProvider, expect, MFA, startSignIn, submit, test, toPasswordStep } from '../support/fixtures';
import { BACK_FROM_PROVIDER, signInByRequest } from '../support/forms';

/**
 * One sign-in, one carrier (docs/architecture.md "Decisions worth knowing"): the flow cookie holds the
 * sign-in in progress; every step form posts the request id of the sign-in its page showed, and an action for
 * another request than the cookie's is refused ("replaced in another tab"), never carried out on the other
 * sign-in. The provider's entry points move the track and subject into the cookie and answer with the clean
 * page; a subject that is not this sign-in's is refused.
 */
const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().repeatEachIndex}-${test.info().retry}`;

const REPLACED = 'This sign-in was replaced in another tab';

async function expectReplaced(page: Page, requestId: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(REPLACED);
  await expect(page).toHaveURL(/\/error\?reason=replaced&requestId=/);
  await expect(page.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', new RegExp(`resolve_redirect/${requestId}$`));
}

/**
 * Where the provider sent a browser after the password: the entry's address, as it asked, opened
 * in the browser. The sign-in before it goes by request (the same with and without JavaScript).
 */
async function passwordThenEntry(page: Page, email: string): Promise<URL> {
  const { url: entry } = await signInByRequest(page, email, MFA.password, { until: BACK_FROM_PROVIDER });
  await page.goto(entry.href);
  return entry;
}

/** Another person's subject, as an attacker might have learnt it: from their own MFA entry. */
async function subjectOf(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    return (await passwordThenEntry(page, email)).searchParams.get('sub')!;
  } finally {
    await context.close();
  }
}

test.describe('two tabs', () => {
  test('the password step of a replaced sign-in is refused and checks nothing', async ({ page, context, javaScriptEnabled, standin, expectAccessible }) => {
    const first = await toPasswordStep(page, ACCOUNTS.lockout(tag('tabs-a', javaScriptEnabled)).email);
    const other = await context.newPage();
    const victim = ACCOUNTS.lockout(tag('tabs-b', javaScriptEnabled)).email;
    const second = await toPasswordStep(other, victim);
    const callsBefore = (await standin.calls('', second)).length;

    await page.getByLabel('Password', { exact: true }).fill('WrongPassword1');
    await submit(page, 'Sign in');
    await expectReplaced(page, first);
    await expectAccessible(page);
    // Nothing was checked for the other sign-in: no provider call named its request.
    expect(await standin.calls('', second)).toHaveLength(callsBefore);

    // The other tab's sign-in goes on as if nothing happened.
    await other.getByLabel('Password', { exact: true }).fill(MFA.password);
    await submit(other, 'Sign in');
    await continueToProvider(other, javaScriptEnabled);
    await expect(other.getByText(`Signed in as ${victim}.`)).toBeVisible();
  });

  test('a page reloaded after another tab started a sign-in says so', async ({ page, context }) => {
    const first = await toPasswordStep(page, ACCOUNTS.password.email);
    await toPasswordStep(await context.newPage(), ACCOUNTS.declined.email);
    await page.reload();
    await expectReplaced(page, first);
  });

  /** Password, then the code page of an account whose only method is an e-mail code. */
  async function toCodePage(page: Page, email: string, javaScriptEnabled: boolean): Promise<string> {
    await passwordThenEntry(page, email);
    if (!javaScriptEnabled) await submit(page, 'Send code');
    await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
    return new URL(page.url()).searchParams.get('requestId')!;
  }

  test("a code entered in a replaced sign-in is not checked against the other sign-in's code", async ({ page, context, javaScriptEnabled, standin }) => {
    const email = MFA.email(tag('tabs-code-a', javaScriptEnabled));
    const first = await toCodePage(page, email, javaScriptEnabled);
    const [message] = await standin.outbox(email);
    const second = await toCodePage(await context.newPage(), MFA.email(tag('tabs-code-b', javaScriptEnabled)), javaScriptEnabled);
    const callsBefore = (await standin.calls('authenticate', second)).length;

    await page.getByLabel('Security code', { exact: true }).fill(message.code!);
    await submit(page, 'Verify');
    await expectReplaced(page, first);
    expect(await standin.calls('authenticate', second)).toHaveLength(callsBefore);
  });

  /** From the password step to the new-password form of a reset link for `email`. */
  async function toResetForm(page: Page, email: string, standin: { outbox(to: string): Promise<Array<{ link?: string }>> }): Promise<string> {
    const requestId = await toPasswordStep(page, email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await submit(page, 'Send link');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e\u2011mail');
    await expect.poll(async () => (await standin.outbox(email)).filter((m) => m.link).length).toBe(1);
    await page.goto((await standin.outbox(email)).find((m) => m.link)!.link!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    return requestId;
  }

  test("a new password typed for a replaced sign-in never sets the other sign-in's password", async ({ page, context, javaScriptEnabled, standin }) => {
    const first = await toResetForm(page, ACCOUNTS.lockout(tag('tabs-reset-a', javaScriptEnabled)).email, standin);
    const other = await context.newPage();
    const second = await toResetForm(other, ACCOUNTS.lockout(tag('tabs-reset-b', javaScriptEnabled)).email, standin);
    const callsBefore = (await standin.calls('resetpassword', second)).length;

    await page.getByLabel('New password', { exact: true }).fill('NewKitchen2027');
    await page.getByLabel('Repeat new password', { exact: true }).fill('NewKitchen2027');
    await submit(page, 'Save password');
    await expectReplaced(page, first);
    expect(await standin.calls('resetpassword', second)).toHaveLength(callsBefore);
    // The other tab's link still works.
    await other.getByLabel('New password', { exact: true }).fill('OtherKitchen2028');
    await other.getByLabel('Repeat new password', { exact: true }).fill('OtherKitchen2028');
    await submit(other, 'Save password');
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Your password has been changed');
  });
});

test('a link for another sign-in asks before it replaces the one in progress; "back" keeps it, "continue" opens the link', async ({
  page,
  expectAccessible,
  expectOnlyMessages,
}) => {
  const inProgress = await toPasswordStep(page, ACCOUNTS.password.email);
  // Anyone can send a provider link (here a confirmation link's page) naming a sign-in of their own.
  const foreign = randomUUID();
  const link = `/verify-email-complete?${new URLSearchParams({ accvid: randomUUID(), processingType: 'LINK', requestId: foreign, type: 'email' })}`;
  await page.goto(link);
  await expect(page).toHaveURL(`/switch-sign-in?requestId=${foreign}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Another sign-in is in progress');
  await expectAccessible(page);
  await expectOnlyMessages(page, 'en-GB', []);

  await page.getByRole('link', { name: 'Back to the sign-in in progress' }).click();
  await expect(page).toHaveURL(`/login?requestId=${inProgress}`);
  await expect(page.getByText(ACCOUNTS.password.email)).toBeVisible();

  await page.goto(link);
  await submit(page, 'Continue with this link');
  await expect(page).toHaveURL(`/verify-email?requestId=${foreign}`);
  // The sign-in it replaced says so, as after another tab.
  await page.goto(`/login?requestId=${inProgress}`);
  await expectReplaced(page, inProgress);
});

test.describe('entry points bind the track and the subject to the sign-in', () => {
  test('the MFA page arrives on a clean address; the track and subject live in the flow cookie', async ({ page, javaScriptEnabled }) => {
    const entry = await passwordThenEntry(page, MFA.all(tag('clean', javaScriptEnabled)));
    expect(entry.pathname).toBe('/register-mfa');
    await expect(page.getByRole('button', { name: 'E\u2011mail', exact: true })).toBeVisible();
    expect(page.url()).not.toMatch(/track_id|trackId|sub=|[?&]q=/);
    await expect(page).toHaveURL(/\/register-mfa\?requestId=[\w-]+(&render=sync)?$/);
  });

  test("another person's subject on this sign-in's MFA entry is refused: no methods listed, no code sent", async ({
    page,
    browser,
    javaScriptEnabled,
    standin,
  }) => {
    const victim = MFA.email(tag('victim', javaScriptEnabled));
    const victimSub = await subjectOf(browser, victim);
    const entry = await passwordThenEntry(page, MFA.all(tag('attacker', javaScriptEnabled)));
    await expect(page.getByRole('button', { name: 'E\u2011mail', exact: true })).toBeVisible();

    entry.searchParams.set('sub', victimSub);
    entry.searchParams.set('q', victimSub);
    await page.goto(entry.toString());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This sign-in link is not valid');
    await expect(page.locator('button[name="type"]')).toHaveCount(0);
    expect(await standin.outbox(victim)).toHaveLength(0);
  });

  test("an invented track with somebody else's subject and one's own request goes nowhere", async ({ page, browser, javaScriptEnabled, standin }) => {
    const victim = MFA.email(tag('victim-fresh', javaScriptEnabled));
    const victimSub = await subjectOf(browser, victim);
    const requestId = await startSignIn(page);
    const invented = '00000000-0000-4000-8000-000000000000';
    for (const path of ['/register-mfa', '/group-selection', '/login-success']) {
      await page.goto(`${path}?${new URLSearchParams({ track_id: invented, sub: victimSub, requestId })}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in has expired');
    }
    await page.goto(`/group-selection/${invented}/${victimSub}?requestId=${requestId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your sign-in has expired');
    expect(await standin.outbox(victim)).toHaveLength(0);
    expect(await standin.calls(`metadata/${invented}`)).not.toHaveLength(0);
  });

  test("the e-mail confirmation starts only for this sign-in's own account", async ({ page, browser, javaScriptEnabled, standin }) => {
    const victim = MFA.email(tag('victim-verify', javaScriptEnabled));
    const victimSub = await subjectOf(browser, victim);
    const requestId = await toPasswordStep(page, `unverified+${tag('verify-bind', javaScriptEnabled)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(MFA.password);
    await submit(page, 'Sign in');
    await continueToProvider(page, javaScriptEnabled);
    await expect(page).toHaveURL(/\/verify-email\?requestId=[\w-]+$/);

    await page.goto(`/?${new URLSearchParams({ requestId, error: 'email_not_verified', sub: victimSub, q: victimSub })}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This sign-in link is not valid');
    await expect(page.getByRole('button', { name: /Send/ })).toHaveCount(0);
    expect(await standin.outbox(victim)).toHaveLength(0);
  });
});

test("one's own open track with somebody else's subject, in a fresh browser: refused at once, nothing of theirs shown, no code reaches them", async ({
  page,
  browser,
  javaScriptEnabled,
  standin,
}) => {
  const victim = MFA.email(tag('victim-track', javaScriptEnabled));
  const victimSub = await subjectOf(browser, victim);
  // The attacker's own sign-in in another browser gives a real, open track.
  const attacker = await browser.newContext({ javaScriptEnabled: false });
  const attackerPage = await attacker.newPage();
  const entry = await passwordThenEntry(attackerPage, MFA.email(tag('attacker-track', javaScriptEnabled)));
  // Their own MFA page loaded to its end: its server has made every call it makes (the count
  // below would otherwise race the last of them).
  await attackerPage.waitForURL(/\/register-mfa/, { waitUntil: 'load' });
  await attacker.close();

  entry.searchParams.set('sub', victimSub);
  entry.searchParams.set('q', victimSub);
  const listed = async () => (await standin.calls('/configured/list', entry.searchParams.get('requestId')!)).length;
  const listedBefore = await listed();
  await page.goto(entry.toString());
  // The track's metadata names the attacker's account: the victim's subject is refused before any
  // of the victim's methods is read (not even their types, security review of issue 43).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This sign-in link is not valid');
  await expect(page.locator('main button[name="type"]')).toHaveCount(0);
  expect(await listed()).toBe(listedBefore);
  expect(await standin.outbox(victim)).toHaveLength(0);
});
