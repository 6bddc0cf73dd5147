import { httpTest as base, expect, standinClient, type StandIn } from '../support/fixtures';
import { FormClient, type FormPost } from '../support/form-client';
import { CONTINUE_BUTTON, MAIN_SUBMIT } from '../support/forms';
import { startOwnTenant, type OwnTenant } from '../support/own-app';

/**
 * Abuse resistance with the default limits (docs/operations.md "Limits"), on an app of its own:
 * the resend wait holds on the server whatever the browser re-posts, attempts are limited per
 * client address, per account and per code, and a limited request gets 429 with Retry-After and
 * a translated message, and costs the provider nothing.
 *
 * Every client is a FormClient (support/form-client.ts): what a browser without JavaScript sends,
 * the pages not drawn. What is proven here is the server's answer (statuses, headers, the HTML it
 * sends, the provider's call log); the same pages are drawn and checked in the flow specs and the
 * accessibility matrix.
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
const client = (address: string, locale = 'en-GB') => new FormClient({ 'x-forwarded-for': address, 'accept-language': locale });

/** `post` with the fields named in `fields` set to their values (as a script changes what it re-posts). */
const withFields = (post: FormPost, fields: Record<string, string>): FormPost => ({
  ...post,
  entries: post.entries.map(([name, value]) => [name, name in fields ? fields[name] : value]),
});

/** `post` with every field whose value is `from` sent with `to` instead. */
const swapped = (post: FormPost, from: string, to: string): FormPost => ({
  ...post,
  entries: post.entries.map(([name, value]) => [name, value === from ? to : value]),
});

const pathOf = (browser: FormClient) => new URL(browser.url).pathname + new URL(browser.url).search;
const requestIdOf = (browser: FormClient) => new URL(browser.url).searchParams.get('requestId')!;

/** From a fresh sign-in to the password step for `email` (then signs in with `password`, if given); answers the request id. */
async function signInTo(browser: FormClient, email: string, password?: string): Promise<string> {
  // By field names, not labels: some clients here read the pages in German.
  await browser.goto(`${app.url}/`);
  expect(browser.url).toMatch(/[?&]requestId=/);
  const requestId = requestIdOf(browser);
  await browser.submit(MAIN_SUBMIT, { email });
  expect(pathOf(browser)).toMatch(/^\/login\?requestId=/);
  if (password !== undefined) await browser.submit(MAIN_SUBMIT, { password });
  return requestId;
}

/** After the password: the continuation without JavaScript, then the provider's next page. */
async function continueOn(browser: FormClient) {
  expect(pathOf(browser)).toMatch(/^\/continue\?requestId=/);
  await browser.submit(CONTINUE_BUTTON);
}

/** The texts of the page's alerts. */
const alertsOf = (browser: FormClient) =>
  [...browser.document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent!.replace(/\s+/g, ' ').trim());

/**
 * A field's accessible description (the texts of its aria-describedby ids, as a screen reader
 * gets it), whitespace collapsed except the no-break spaces, as Playwright computes it.
 */
function descriptionOf(browser: FormClient, selector: string): string {
  const ids = browser.document.querySelector(selector)?.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  const text = ids.map((id) => browser.document.getElementById(id)?.textContent ?? '').join(' ');
  return text
    .split('\u00a0')
    .map((chunk) => chunk.replace(/[ \t\n\r\f]+/g, ' '))
    .join('\u00a0')
    .trim();
}

test.describe('the resend wait holds on the server', () => {
  test('re-posting the MFA start, or starting over without the cookie, sends one code', async ({ standin }) => {
    const email = unique('mfa.email');
    const first = client('198.51.100.1');
    await signInTo(first, email, PASSWORD);
    await continueOn(first);
    const start = await first.submit({ name: 'Send code' });
    expect(pathOf(first)).toMatch(/^\/register-mfa\/code\?requestId=/);
    const again = await Promise.all(Array.from({ length: 6 }, () => first.replay(start)));
    // The code already sent is the one to enter: each re-post lands on its page, nothing is sent.
    expect(again.map((r) => r.status)).toEqual(Array(6).fill(303));
    expect(await standin.outbox(email)).toHaveLength(1);

    // Without the cookie (another browser): the same account, the same method, within the wait.
    const second = client('198.51.100.2');
    await signInTo(second, email, PASSWORD);
    await continueOn(second);
    await second.submit({ name: 'Send code' });
    expect(second.answer!.status).toBe(429);
    const wait = Number(second.answer!.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    // What happened, that the code in the inbox cannot be used here, and how long (not "too many").
    expect(alertsOf(second)).toEqual([
      `We sent a code to this account a moment ago, in another sign-in. Codes from an earlier sign-in can’t be used here. You can request a new code in ${wait} s.`,
    ]);
    expect(await standin.outbox(email)).toHaveLength(1);
  });

  test('re-posting the reset request, or asking again from a fresh sign-in, sends one link', async ({ standin }) => {
    const email = unique('lockout');
    const first = client('198.51.100.3');
    await signInTo(first, email);
    await first.goto(first.link('Forgot your password?'));
    const send = await first.submit({ name: 'Send link' });
    expect(first.textOf('h1')).toBe('Check your e\u2011mail');
    const again = await Promise.all(Array.from({ length: 5 }, () => first.replay(send)));
    expect(again.map((r) => r.status)).toEqual(Array(5).fill(303));

    // A fresh sign-in within the wait: the link sent moments ago still works, so "check your
    // e-mail", counting down to when another may be asked for; nothing is sent.
    const second = client('198.51.100.4', 'de-DE');
    const requestId = await signInTo(second, email);
    await second.goto(`/reset-password-init?requestId=${requestId}`);
    await second.submit({ name: 'Link senden' });
    expect(pathOf(second)).toMatch(/^\/reset-password-confirmation\?requestId=/);
    expect(second.textOf('h1')).toBe('Prüfen Sie Ihr E‑Mail-Postfach');
    expect(second.text).toMatch(/Sie können in \d+\sSekunden? einen weiteren Link anfordern\./);
    expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(1);
  });

  test('re-posting the confirmation start sends one link', async ({ standin }) => {
    const email = unique('unverified');
    const browser = client('198.51.100.5');
    await signInTo(browser, email, PASSWORD);
    await continueOn(browser);
    expect(pathOf(browser)).toMatch(/^\/verify-email\?requestId=/);
    const start = await browser.submit({ name: 'Send confirmation link' });
    const again = await Promise.all(Array.from({ length: 5 }, () => browser.replay(start)));
    expect(again.map((r) => r.status)).toEqual(Array(5).fill(303));
    expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(1);
  });
});

test.describe('attempts are limited, and a limited attempt never reaches the provider', () => {
  test('the e-mail step: 30 addresses without an account a minute per client address, 10 posts per account; other addresses go on', async ({ standin }) => {
    const browser = client('198.51.100.10');
    await browser.goto(`${app.url}/`);
    const requestId = requestIdOf(browser);
    const post = await browser.submit({ name: 'Next' }, { email: 'first@example.com' });

    // One account: the eleventh is refused.
    const account = unique('lockout');
    const byAccount: number[] = [];
    for (let i = 0; i < 11; i++) byAccount.push((await browser.replay(withFields(post, { email: account }))).status);
    expect(byAccount.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(byAccount[10]).toBe(429);

    // One address, many addresses without an account: 30 of those in all (the first post among
    // them; the account's ten found an account and spent none of it, D49).
    const byAddress = [];
    for (let i = 0; i < 35; i++) byAddress.push(await browser.replay(withFields(post, { email: unique('nobody') })));
    const statuses = byAddress.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const limited = byAddress.at(-1)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Said about the network, with the seconds left of the minute's window (no-break space before the unit).
    expect(limited.text).toMatch(/Many sign-in attempts from your network right now\. You can try again in \d+\u00a0s\./);
    // The 40 accepted posts asked the provider (the first, ten for the account, 29 more); the six
    // refused ones did not.
    expect(await standin.calls(`userexistence/${requestId}`)).toHaveLength(40);

    // Another client address is not held back, not even for the account this one spent.
    await signInTo(client('198.51.100.11'), account);
  });

  test('password checks: ten per account, then 429 without asking the provider', async ({ standin }) => {
    const email = unique('lockout');
    const browser = client('198.51.100.20');
    const requestId = await signInTo(browser, email);
    const post = await browser.submit({ name: 'Sign in' }, { password: 'Wrong-000' });
    // Distinct passwords (identical ones within seconds share one check). The first post was
    // the first check; nine more are answered (the provider locks the account after five), the
    // eleventh is refused here.
    const withPassword = (password: string) => withFields(post, { password });
    // A script keeps the cookie from before the lock: the lock shown from the flow cookie is
    // for people; against a script the limit is what holds.
    const cookie = await browser.jar.getCookieString(post.url.href);
    const statuses = [];
    for (let i = 1; i <= 9; i++) statuses.push((await browser.replay(withPassword(`Wrong-00${i}`), { cookie })).status);
    expect(statuses).toEqual(Array(9).fill(200));
    const limited = await browser.replay(withPassword('Wrong-010'), { cookie });
    expect(limited.status).toBe(429);
    // A wait, said with its time, never a lock with "Reset your password" as the way on (D49).
    expect(limited.text).toMatch(/Many sign-in attempts for this account in a short time\. You can try again in \d+\u00a0s\./);
    expect(limited.text).not.toContain('<a class="button" href="/reset-password-init');
    expect(await standin.calls('authenticate/authenticate/password', requestId)).toHaveLength(10);
  });

  test('25 wrong codes at once: five are checked, then a new code is needed', async ({ standin }) => {
    const email = unique('mfa.email');
    const browser = client('198.51.100.30');
    const requestId = await signInTo(browser, email, PASSWORD);
    await continueOn(browser);
    await browser.submit({ name: 'Send code' });
    const post = await browser.submit({ name: 'Verify' }, { code: '000000' });
    const [message] = await standin.outbox(email);
    const wrong = Array.from({ length: 25 }, (_, i) => String(100000 + i)).filter((code) => code !== message.code);
    const withCode = (code: string) => withFields(post, { code });
    expect(withCode('111111').entries).toContainEqual(['code', '111111']);
    const answers = await Promise.all(wrong.map((code) => browser.replay(withCode(code))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBe(answers.length - 4);
    expect(answers.find((r) => r.status === 429)!.text).toContain('Too many incorrect codes. Please request a new code.');
    // The first post and four of the replays reached the provider; none of the others did.
    expect(await standin.calls('authenticate/authenticate/email', requestId)).toHaveLength(5);
    // Even the right code is not checked for this exchange any more: a new code is needed.
    expect((await browser.replay(withCode(message.code!))).status).toBe(429);
  });
  test('a fresh exchange brings no fresh guesses: ten wrong authenticator codes per account, across exchanges, then none is checked', async ({ standin }) => {
    const email = unique('mfa.totp');
    const browser = client('198.51.100.31');
    const requestId = await signInTo(browser, email, PASSWORD);
    await continueOn(browser);
    const wrong = (i: number) => String(100000 + i);
    const statuses: number[] = [];
    const start = await browser.submit({ name: 'Continue' });
    // Three fresh exchanges (the start posted again, as a script would), four wrong codes in each.
    for (let round = 0; round < 3; round++) {
      if (round > 0) expect((await browser.replay(start)).status).toBe(303);
      await browser.goto(`/register-mfa/code?requestId=${requestId}`);
      for (let i = 0; i < 4; i++) {
        await browser.submit({ name: 'Verify' }, { code: wrong(round * 4 + i) });
        statuses.push(browser.answer!.status);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(descriptionOf(browser, 'input[name="code"]')).toMatch(
      /^Too many incorrect codes for this account\. Please try again in up to 15\u00a0minutes, or sign in another way\./,
    );
    // Ten reached the provider, across the three exchanges; the last two did not.
    expect(await standin.calls('authenticate/authenticate/totp', requestId)).toHaveLength(10);
  });
  test("a stranger asking for someone's reset links holds them back for the resend wait at most, never for the send budget", async ({ standin }) => {
    // The resend wait (MFA_RESEND_SECONDS, 30 s) is met once, on purpose.
    test.setTimeout(120_000);
    const email = unique('lockout');
    // The stranger: six quick requests for the victim's link (one is sent, the rest meet the wait).
    const stranger = client('198.51.100.40');
    await signInTo(stranger, email);
    await stranger.goto(stranger.link('Forgot your password?'));
    const send = await stranger.submit({ name: 'Send link' });
    for (let i = 0; i < 5; i++) await stranger.replay(send);
    expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(1);
    // The owner, from their own address: "check your e-mail" (the link sent moments ago is theirs
    // and works), and once the resend wait is over, another link; never the 15-minute send budget.
    const owner = client('198.51.100.41');
    await signInTo(owner, email);
    await owner.goto(owner.link('Forgot your password?'));
    await owner.submit({ name: 'Send link' });
    expect(pathOf(owner)).toMatch(/^\/reset-password-confirmation\?requestId=/);
    await expect
      .poll(
        async () => {
          await owner.submit({ name: 'Send the link again' });
          return (await standin.outbox(email)).filter((m) => m.link).length;
        },
        { timeout: 60_000, intervals: [5_000] },
      )
      .toBe(2);
    expect((await standin.outbox(email)).filter((m) => m.link)).toHaveLength(2);
  });
});

test.describe('an office behind one address (issue 33, D03)', () => {
  test('forty colleagues signing in from one address within minutes all get in; wrong passwords across accounts are still limited (D49)', async ({
    standin,
  }) => {
    const browser = client('198.51.100.81');
    await browser.goto(`${app.url}/`);
    const requestId = requestIdOf(browser);
    // The two steps' posts of one sign-in, replayed for each colleague in turn.
    const colleague = unique('lockout');
    const emailPost = await browser.submit({ name: 'Next' }, { email: colleague });
    expect(pathOf(browser)).toMatch(/^\/login\?requestId=/);
    const passwordPost = await browser.submit({ name: 'Sign in' }, { password: PASSWORD });
    const asColleague = async (email: string, password: string) => {
      const step = await browser.replay(swapped(emailPost, colleague, email));
      expect(step.status).toBe(303);
      // The form names its account too (the hidden username for password managers).
      return browser.replay(swapped(withFields(passwordPost, { password }), colleague, email));
    };
    // Forty sign-ins (more than either step's per-address budget) from one address: none held back.
    const signedIn: number[] = [];
    for (let i = 0; i < 40; i++) signedIn.push((await asColleague(unique('lockout'), PASSWORD)).status);
    expect(signedIn).toEqual(Array(40).fill(303));
    expect(await standin.calls('authenticate/authenticate/password', requestId)).toHaveLength(41);
    // Thirty wrong passwords across thirty accounts (spraying) spend the address's budget: the next is refused, unasked.
    const sprayed: number[] = [];
    for (let i = 0; i < 31; i++) sprayed.push((await asColleague(unique('lockout'), `Wrong-${i}`)).status);
    expect(sprayed.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(sprayed.at(-1)).toBe(429);
    const checks = await standin.calls('authenticate/authenticate/password', requestId);
    expect(checks).toHaveLength(1 + 40 + 30);
  });

  test('twenty-five colleagues asking for their reset links from one address all get them', async ({ standin }) => {
    test.setTimeout(180_000);
    // More than the old per-address budget (20 in 15 minutes), far below today's (200).
    const colleagues = Array.from({ length: 25 }, () => unique('lockout'));
    for (const email of colleagues) {
      // Each colleague in a browser of their own (no cookie shared), all from one address.
      const browser = client('198.51.100.80');
      const requestId = await signInTo(browser, email);
      await browser.goto(`/reset-password-init?requestId=${requestId}`);
      await browser.submit({ name: 'Send link' });
      expect(browser.textOf('h1')).toBe('Check your e\u2011mail');
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
  async function load(address: string, paths: string[]): Promise<{ statuses: number[]; last: string }> {
    const browser = client(address);
    const statuses: number[] = [];
    let last = '';
    for (let at = 0; at < paths.length; at += 10) {
      const answers = await Promise.all(paths.slice(at, at + 10).map((path) => browser.get(`${app.url}${path}`)));
      statuses.push(...answers.map((r) => r.status));
      last = answers.at(-1)!.text;
    }
    return { statuses, last };
  }

  test('the register page with made-up request ids: one provider call each, none beyond the per-address budget', async ({ standin }) => {
    const tag = tagOf('register');
    const { statuses, last } = await load(
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
    test(`${path} with made-up request ids: the page, and no provider call beyond the per-address budget`, async ({ standin }) => {
      const tag = tagOf(path.slice(1));
      const { statuses } = await load(
        address,
        madeUp(tag, 130).map((id) => `${path}?requestId=${id}`),
      );
      expect(statuses).toEqual(Array(130).fill(200));
      expect(await standin.calls(tag)).toHaveLength(120);
    });
  }

  test('guessed invitation ids: read for 100 in 15 minutes per client address, then refused without asking the provider', async ({ standin }) => {
    const browser = client('198.51.100.93');
    await browser.goto(`${app.url}/`);
    const requestId = requestIdOf(browser);
    const tag = tagOf('invite');
    const statuses: number[] = [];
    let last = '';
    for (const guess of madeUp(tag, 105)) {
      // Followed as Playwright's request context follows redirects: a script, no page drawn.
      const answer = await browser.get(`/register?requestId=${requestId}&invite_id=${guess}`, { follow: true });
      statuses.push(answer.status);
      last = answer.text;
    }
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(200));
    expect(statuses.slice(100)).toEqual(Array(5).fill(429));
    expect(last).toContain('Many invitations have been looked up from your network in a short time.');
    // Two reads a guess: the 4.x read's 404 is also what a tenant without it answers, so the legacy read follows.
    expect(await standin.calls(tag)).toHaveLength(200);
  });
});
