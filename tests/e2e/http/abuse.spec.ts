import type { APIResponse, Browser, BrowserContext, Page } from '@playwright/test';
import { httpTest as base, BY_FIELD_NAME, expect, standinClient, toPasswordStep, type StandIn } from '../support/fixtures';
import { startOwnTenant, type OwnTenant } from '../support/own-app';

/**
 * Abuse resistance with the default limits (docs/operations.md "Limits"), on an app of its own:
 * the resend wait holds on the server whatever the browser re-posts, attempts are limited per
 * client address, per account and per code, and a limited request gets 429 with Retry-After and
 * a translated message, and costs the provider nothing.
 */
let app: OwnTenant;
/** The `standin` fixture here is this app's own stand-in. */
const test = base.extend<{ standin: StandIn }>({ standin: async ({ request }, use) => use(standinClient(request, app.standinUrl)) });
test.beforeAll(async () => {
  app = await startOwnTenant({ TRUSTED_PROXIES: 'loopback' });
});
test.afterAll(async () => {
  await app?.stop();
});

const unique = (kind: string) => `${kind}+abuse-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const PASSWORD = 'KitchenDemo2026';

/** A browser without JavaScript, as one client address (X-Forwarded-For, trusted from loopback). */
async function client(browser: Browser, address: string, locale = 'en-GB'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: app.url,
    javaScriptEnabled: false,
    locale,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  return { context, page: await context.newPage() };
}

type Post = { url: string; contentType: string; body: string };

/** Clicks a submit button and keeps the form post it sent, to send it again as a script would. */
async function capture(page: Page, button: string): Promise<Post> {
  const request = page.waitForRequest((r) => r.method() === 'POST');
  await page.getByRole('button', { name: button, exact: true }).click();
  const sent = await request;
  return { url: sent.url(), contentType: sent.headers()['content-type'], body: sent.postDataBuffer()!.toString('latin1') };
}

function replay(page: Page, post: Post, body = post.body): Promise<APIResponse> {
  return page.request.fetch(post.url, {
    method: 'POST',
    headers: { 'content-type': post.contentType, origin: app.url },
    data: Buffer.from(body, 'latin1'),
    maxRedirects: 0,
  });
}

async function signInTo(page: Page, email: string, password?: string): Promise<string> {
  // By field names, not labels: some clients here read the pages in German.
  const requestId = await toPasswordStep(page, email, BY_FIELD_NAME);
  if (password !== undefined) {
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  }
  return requestId;
}

/** After the password: the continuation without JavaScript, then the provider's next page. */
async function continueOn(page: Page) {
  await expect(page).toHaveURL(/\/continue\?requestId=/);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

test.describe('the resend wait holds on the server', () => {
  test('re-posting the MFA start, or starting over without the cookie, sends one code', async ({ browser, standin }) => {
    const email = unique('mfa.email');
    const first = await client(browser, '198.51.100.1');
    await signInTo(first.page, email, PASSWORD);
    await continueOn(first.page);
    const start = await capture(first.page, 'Send code');
    await expect(first.page).toHaveURL(/\/register-mfa\/code\?requestId=/);
    const again = await Promise.all(Array.from({ length: 6 }, () => replay(first.page, start)));
    // The code already sent is the one to enter: each re-post lands on its page, nothing is sent.
    expect(again.map((r) => r.status())).toEqual(Array(6).fill(303));
    expect(await standin.outbox(email)).toHaveLength(1);

    // Without the cookie (another browser): the same account, the same method, within the wait.
    const second = await client(browser, '198.51.100.2');
    await signInTo(second.page, email, PASSWORD);
    await continueOn(second.page);
    const refused = second.page.waitForResponse((r) => r.request().method() === 'POST');
    await second.page.getByRole('button', { name: 'Send code', exact: true }).click();
    expect((await refused).status()).toBe(429);
    const wait = Number((await refused).headers()['retry-after']);
    expect(wait).toBeGreaterThan(0);
    // What happened, that the code in the inbox cannot be used here, and how long (not "too many").
    await expect(second.page.getByRole('alert')).toHaveText(
      `We sent a code to this account a moment ago, in another sign-in. Codes from an earlier sign-in can’t be used here. You can request a new code in ${wait} s.`,
    );
    expect(await standin.outbox(email)).toHaveLength(1);
    await Promise.all([first.context.close(), second.context.close()]);
  });

  test('re-posting the reset request, or asking again from a fresh sign-in, sends one link', async ({ browser, standin }) => {
    const email = unique('lockout');
    const first = await client(browser, '198.51.100.3');
    await signInTo(first.page, email);
    await first.page.getByRole('link', { name: 'Forgot your password?' }).click();
    const send = await capture(first.page, 'Send link');
    await expect(first.page.getByRole('heading', { level: 1 })).toHaveText('Check your e\u2011mail');
    const again = await Promise.all(Array.from({ length: 5 }, () => replay(first.page, send)));
    expect(again.map((r) => r.status())).toEqual(Array(5).fill(303));

    // A fresh sign-in within the wait: the link sent moments ago still works, so "check your
    // e-mail", counting down to when another may be asked for; nothing is sent.
    const second = await client(browser, '198.51.100.4', 'de-DE');
    await signInTo(second.page, email);
    await second.page.goto(`/reset-password-init?requestId=${new URL(second.page.url()).searchParams.get('requestId')}`);
    await second.page.getByRole('button', { name: 'Link senden', exact: true }).click();
    await expect(second.page).toHaveURL(/\/reset-password-confirmation\?requestId=/);
    await expect(second.page.getByRole('heading', { level: 1 })).toHaveText('Prüfen Sie Ihr E‑Mail-Postfach');
    await expect(second.page.getByText(/Sie können in \d+\sSekunden? einen weiteren Link anfordern\./)).toBeVisible();
    expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(1);
    await Promise.all([first.context.close(), second.context.close()]);
  });

  test('re-posting the confirmation start sends one link', async ({ browser, standin }) => {
    const email = unique('unverified');
    const { context, page } = await client(browser, '198.51.100.5');
    await signInTo(page, email, PASSWORD);
    await continueOn(page);
    await expect(page).toHaveURL(/\/verify-email\?requestId=/);
    const start = await capture(page, 'Send confirmation link');
    const again = await Promise.all(Array.from({ length: 5 }, () => replay(page, start)));
    expect(again.map((r) => r.status())).toEqual(Array(5).fill(303));
    expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(1);
    await context.close();
  });
});

test.describe('attempts are limited, and a limited attempt never reaches the provider', () => {
  test('the e-mail step: 30 addresses without an account a minute per client address, 10 posts per account; other addresses go on', async ({
    browser,
    standin,
  }) => {
    const { context, page } = await client(browser, '198.51.100.10');
    await page.goto('/');
    const requestId = new URL(page.url()).searchParams.get('requestId')!;
    await page.getByLabel('E\u2011mail address').fill('first@example.com');
    const post = await capture(page, 'Next');

    // One account: the eleventh is refused.
    const account = unique('lockout');
    const byAccount: number[] = [];
    for (let i = 0; i < 11; i++) byAccount.push((await replay(page, post, post.body.replace('first@example.com', account))).status());
    expect(byAccount.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(byAccount[10]).toBe(429);

    // One address, many addresses without an account: 30 of those in all (the first post among
    // them; the account's ten found an account and spent none of it, D49).
    const byAddress: APIResponse[] = [];
    for (let i = 0; i < 35; i++) byAddress.push(await replay(page, post, post.body.replace('first@example.com', unique('nobody'))));
    const statuses = byAddress.map((r) => r.status());
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const limited = byAddress.at(-1)!;
    expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
    // Said about the network, with the seconds left of the minute's window (no-break space before the unit).
    expect(await limited.text()).toMatch(/Many sign-in attempts from your network right now\. You can try again in \d+\u00a0s\./);
    // The 40 accepted posts asked the provider (the first, ten for the account, 29 more); the six
    // refused ones did not.
    expect(await standin.calls(`userexistence/${requestId}`)).toHaveLength(40);

    // Another client address is not held back, not even for the account this one spent.
    const other = await client(browser, '198.51.100.11');
    await signInTo(other.page, account);
    await Promise.all([context.close(), other.context.close()]);
  });

  test('password checks: ten per account, then 429 without asking the provider', async ({ browser, standin }) => {
    const email = unique('lockout');
    const { context, page } = await client(browser, '198.51.100.20');
    const requestId = await signInTo(page, email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-000');
    const post = await capture(page, 'Sign in');
    // Distinct passwords (identical ones within seconds share one check). The captured post was
    // the first check; nine more are answered (the provider locks the account after five), the
    // eleventh is refused here.
    const withPassword = (password: string) => post.body.replace('name="password"\r\n\r\nWrong-000\r\n', `name="password"\r\n\r\n${password}\r\n`);
    // A script keeps the cookie from before the lock: the lock shown from the flow cookie is
    // for people; against a script the limit is what holds.
    const cookies = await context.cookies();
    const replayWithOldCookie = async (body: string) => {
      await context.clearCookies();
      await context.addCookies(cookies);
      return replay(page, post, body);
    };
    const statuses = [];
    for (let i = 1; i <= 9; i++) statuses.push((await replayWithOldCookie(withPassword(`Wrong-00${i}`))).status());
    expect(statuses).toEqual(Array(9).fill(200));
    const limited = await replayWithOldCookie(withPassword('Wrong-010'));
    expect(limited.status()).toBe(429);
    // A wait, said with its time, never a lock with "Reset your password" as the way on (D49).
    expect(await limited.text()).toMatch(/Many sign-in attempts for this account in a short time\. You can try again in \d+\u00a0s\./);
    expect(await limited.text()).not.toContain('<a class="button" href="/reset-password-init');
    expect(await standin.calls('authenticate/authenticate/password', requestId)).toHaveLength(10);
    await context.close();
  });

  test('25 wrong codes at once: five are checked, then a new code is needed', async ({ browser, standin }) => {
    const email = unique('mfa.email');
    const { context, page } = await client(browser, '198.51.100.30');
    const requestId = await signInTo(page, email, PASSWORD);
    await continueOn(page);
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    await page.getByLabel('Security code', { exact: true }).fill('000000');
    const post = await capture(page, 'Verify');
    const [message] = await standin.outbox(email);
    const wrong = Array.from({ length: 25 }, (_, i) => String(100000 + i)).filter((code) => code !== message.code);
    const withCode = (code: string) => post.body.replace('name="code"\r\n\r\n000000\r\n', `name="code"\r\n\r\n${code}\r\n`);
    expect(withCode('111111')).not.toBe(post.body);
    const answers = await Promise.all(wrong.map((code) => replay(page, post, withCode(code))));
    const statuses = answers.map((r) => r.status());
    expect(statuses.filter((s) => s === 429).length).toBe(answers.length - 4);
    expect(await answers.find((r) => r.status() === 429)!.text()).toContain('Too many incorrect codes. Please request a new code.');
    // The first post and four of the replays reached the provider; none of the others did.
    expect(await standin.calls('authenticate/authenticate/email', requestId)).toHaveLength(5);
    // Even the right code is not checked for this exchange any more: a new code is needed.
    expect((await replay(page, post, withCode(message.code!))).status()).toBe(429);
    await context.close();
  });
  test('a fresh exchange brings no fresh guesses: ten wrong authenticator codes per account, across exchanges, then none is checked', async ({
    browser,
    standin,
  }) => {
    const email = unique('mfa.totp');
    const { context, page } = await client(browser, '198.51.100.31');
    const requestId = await signInTo(page, email, PASSWORD);
    await continueOn(page);
    const wrong = (i: number) => String(100000 + i);
    const statuses: number[] = [];
    const start = await capture(page, 'Continue');
    // Three fresh exchanges (the start posted again, as a script would), four wrong codes in each.
    for (let round = 0; round < 3; round++) {
      if (round > 0) expect((await replay(page, start)).status()).toBe(303);
      await page.goto(`/register-mfa/code?requestId=${requestId}`);
      for (let i = 0; i < 4; i++) {
        await page.getByLabel('Security code', { exact: true }).fill(wrong(round * 4 + i));
        const answer = page.waitForResponse((r) => r.request().method() === 'POST');
        await page.getByRole('button', { name: 'Verify', exact: true }).click();
        statuses.push((await answer).status());
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    await expect(page.getByLabel('Security code', { exact: true })).toHaveAccessibleDescription(
      /^Too many incorrect codes for this account\. Please try again in up to 15\u00a0minutes, or sign in another way\./,
    );
    // Ten reached the provider, across the three exchanges; the last two did not.
    expect(await standin.calls('authenticate/authenticate/totp', requestId)).toHaveLength(10);
    await context.close();
  });
  test("a stranger asking for someone's reset links holds them back for the resend wait at most, never for the send budget", async ({ browser, standin }) => {
    // The resend wait (MFA_RESEND_SECONDS, 30 s) is met once, on purpose.
    test.setTimeout(120_000);
    const email = unique('lockout');
    // The stranger: six quick requests for the victim's link (one is sent, the rest meet the wait).
    const stranger = await client(browser, '198.51.100.40');
    await signInTo(stranger.page, email);
    await stranger.page.getByRole('link', { name: 'Forgot your password?' }).click();
    const send = await capture(stranger.page, 'Send link');
    for (let i = 0; i < 5; i++) await replay(stranger.page, send);
    expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(1);
    // The owner, from their own address: "check your e-mail" (the link sent moments ago is theirs
    // and works), and once the resend wait is over, another link; never the 15-minute send budget.
    const owner = await client(browser, '198.51.100.41');
    await signInTo(owner.page, email);
    await owner.page.getByRole('link', { name: 'Forgot your password?' }).click();
    await owner.page.getByRole('button', { name: 'Send link', exact: true }).click();
    await expect(owner.page).toHaveURL(/\/reset-password-confirmation\?requestId=/);
    await expect
      .poll(
        async () => {
          await owner.page.getByRole('button', { name: 'Send the link again', exact: true }).click();
          return (await standin.outbox(email)).filter((m) => m.link).length;
        },
        { timeout: 60_000, intervals: [5_000] },
      )
      .toBe(2);
    expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(2);
    await Promise.all([stranger.context.close(), owner.context.close()]);
  });
});

test.describe('an office behind one address (issue 33, D03)', () => {
  test('forty colleagues signing in from one address within minutes all get in; wrong passwords across accounts are still limited (D49)', async ({
    browser,
    standin,
  }) => {
    const { context, page } = await client(browser, '198.51.100.81');
    await page.goto('/');
    const requestId = new URL(page.url()).searchParams.get('requestId')!;
    // The two steps' posts of one sign-in, replayed for each colleague in turn.
    const colleague = unique('lockout');
    await page.getByLabel('E\u2011mail address').fill(colleague);
    const emailPost = await capture(page, 'Next');
    await expect(page).toHaveURL(/\/login\?requestId=/);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const passwordPost = await capture(page, 'Sign in');
    const asColleague = async (email: string, password: string) => {
      const step = await replay(page, emailPost, emailPost.body.replaceAll(colleague, email));
      expect(step.status()).toBe(303);
      // The form names its account too (the hidden username for password managers).
      const body = passwordPost.body.replace(`name="password"\r\n\r\n${PASSWORD}\r\n`, `name="password"\r\n\r\n${password}\r\n`).replaceAll(colleague, email);
      return replay(page, passwordPost, body);
    };
    // Forty sign-ins (more than either step's per-address budget) from one address: none held back.
    const signedIn: number[] = [];
    for (let i = 0; i < 40; i++) signedIn.push((await asColleague(unique('lockout'), PASSWORD)).status());
    expect(signedIn).toEqual(Array(40).fill(303));
    expect(await standin.calls('authenticate/authenticate/password', requestId)).toHaveLength(41);
    // Thirty wrong passwords across thirty accounts (spraying) spend the address's budget: the next is refused, unasked.
    const sprayed: number[] = [];
    for (let i = 0; i < 31; i++) sprayed.push((await asColleague(unique('lockout'), `Wrong-${i}`)).status());
    expect(sprayed.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(sprayed.at(-1)).toBe(429);
    const checks = await standin.calls('authenticate/authenticate/password', requestId);
    expect(checks).toHaveLength(1 + 40 + 30);
    await context.close();
  });

  test('twenty-five colleagues asking for their reset links from one address all get them', async ({ browser, standin }) => {
    test.setTimeout(180_000);
    // More than the old per-address budget (20 in 15 minutes), far below today's (200).
    const colleagues = Array.from({ length: 25 }, () => unique('lockout'));
    for (const email of colleagues) {
      const { context, page } = await client(browser, '198.51.100.80');
      const requestId = await signInTo(page, email);
      await page.goto(`/reset-password-init?requestId=${requestId}`);
      await page.getByRole('button', { name: 'Send link', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e\u2011mail');
      await context.close();
    }
    const links = await Promise.all(colleagues.map(async (email) => (await standin.outbox(email)).filter((m) => m.link).length));
    expect(links).toEqual(Array(25).fill(1));
  });
});

test.describe('page loads cost the provider a bounded number of calls (issue 43, security review)', () => {
  /** Request ids the provider never issued, tagged so the stand-in's call log finds their calls. */
  const madeUp = (tag: string, count: number) => Array.from({ length: count }, (_, i) => `${tag}-${i.toString().padStart(4, '0')}`);
  const tagOf = (kind: string) => `madeup-${kind}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  /** GETs `paths` from one client address, some at a time; the answers' statuses and the last answer's text. */
  async function load(browser: Browser, address: string, paths: string[]): Promise<{ statuses: number[]; last: string }> {
    const { context, page } = await client(browser, address);
    const statuses: number[] = [];
    let last = '';
    for (let at = 0; at < paths.length; at += 10) {
      const answers = await Promise.all(paths.slice(at, at + 10).map((path) => page.request.get(path, { maxRedirects: 0 })));
      statuses.push(...answers.map((r) => r.status()));
      last = await answers.at(-1)!.text();
    }
    await context.close();
    return { statuses, last };
  }

  test('the register page with made-up request ids: one provider call each, none beyond the per-address budget', async ({ browser, standin }) => {
    const tag = tagOf('register');
    const { statuses, last } = await load(
      browser,
      '198.51.100.90',
      madeUp(tag, 130).map((id) => `/register?requestId=${id}`),
    );
    // The client information first (an unknown id ends there), for 120 a minute (entry.address).
    expect(await standin.calls(tag)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(last).toContain('Many pages have been opened from your network in a short time.');
  });

  for (const [path, address] of [
    ['/register-success', '198.51.100.91'],
    ['/reset-password-success', '198.51.100.92'],
  ] as const) {
    test(`${path} with made-up request ids: the page, and no provider call beyond the per-address budget`, async ({ browser, standin }) => {
      const tag = tagOf(path.slice(1));
      const { statuses } = await load(
        browser,
        address,
        madeUp(tag, 130).map((id) => `${path}?requestId=${id}`),
      );
      expect(statuses).toEqual(Array(130).fill(200));
      expect(await standin.calls(tag)).toHaveLength(120);
    });
  }

  test('guessed invitation ids: read for 100 in 15 minutes per client address, then refused without asking the provider', async ({ browser, standin }) => {
    const { context, page } = await client(browser, '198.51.100.93');
    await page.goto('/');
    const requestId = new URL(page.url()).searchParams.get('requestId')!;
    const tag = tagOf('invite');
    const statuses: number[] = [];
    let last = '';
    for (const guess of madeUp(tag, 105)) {
      const answer = await page.request.get(`/register?requestId=${requestId}&invite_id=${guess}`);
      statuses.push(answer.status());
      last = await answer.text();
    }
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(200));
    expect(statuses.slice(100)).toEqual(Array(5).fill(429));
    expect(last).toContain('Many invitations have been looked up from your network in a short time.');
    // Two reads a guess: the 4.x read's 404 is also what a tenant without it answers, so the legacy read follows.
    expect(await standin.calls(tag)).toHaveLength(200);
    await context.close();
  });
});
