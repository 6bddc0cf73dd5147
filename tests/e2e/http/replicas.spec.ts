import type { Browser, Page } from '@playwright/test';
import { randomSecret } from '../../../scripts/processes.mjs';
import { expect, httpTest as test, toPasswordStep } from '../support/fixtures';
import { startReplicas, type Replicas } from '../support/replicas';

/**
 * Several replicas share nothing but configuration. Two app processes from one build sit behind
 * nginx round-robin; every flow runs 50 times (as the security controls ask) with its requests
 * spread over both, JavaScript off so that every step is a full request to the balancer. The
 * same run with another session secret on one replica must fail, which proves the test can fail.
 */
const ROUNDS = 50;
const PASSWORD = 'KitchenDemo2026';

async function outbox(standinUrl: string, to: string): Promise<Array<{ code?: string; link?: string }>> {
  const body = (await (await fetch(`${standinUrl}/__standin/outbox.json`)).json()) as { messages: Array<{ to: string; code?: string; link?: string }> };
  return body.messages.filter((m) => m.to === to);
}

async function emailAndPassword(page: Page, email: string) {
  await toPasswordStep(page, email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

const FLOWS: Record<string, (page: Page, tag: string, replicas: Replicas) => Promise<void>> = {
  async password(page, tag) {
    const email = `lockout+rep-${tag}@example.com`;
    await emailAndPassword(page, email);
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
  async 'group and second factor'(page, tag, replicas) {
    const email = `groupfirst.mfa+rep-${tag}@example.com`;
    await emailAndPassword(page, email);
    await page.getByRole('combobox', { name: 'Sales organisation', exact: true }).selectOption('kitchenpro-south');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    await expect(page).toHaveURL(/\/register-mfa\/code/);
    const [message] = await outbox(replicas.standinUrl, email);
    await page.getByLabel('Security code', { exact: true }).fill(message.code!);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Acting for KitchenPro South Ltd.')).toBeVisible();
  },
  async 'password reset'(page, tag, replicas) {
    const email = `lockout+rep-reset-${tag}@example.com`;
    await toPasswordStep(page, email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('button', { name: 'Send link', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
    const [message] = await outbox(replicas.standinUrl, email);
    await page.goto(message.link!);
    await page.getByLabel('New password', { exact: true }).fill('NewKitchen2027');
    await page.getByLabel('Repeat new password', { exact: true }).fill('NewKitchen2027');
    await page.getByRole('button', { name: 'Save password', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your password has been changed');
  },
};

async function runFlow(browser: Browser, replicas: Replicas, name: string, tag: string, timeoutMs = 10_000) {
  const context = await browser.newContext({ baseURL: replicas.url, javaScriptEnabled: false });
  context.setDefaultTimeout(timeoutMs);
  try {
    await FLOWS[name](await context.newPage(), tag, replicas);
  } finally {
    await context.close();
  }
}

const requestLines = (output: string) => output.split('\n').filter((l) => l.includes('"event":"request"')).length;

/** All of this test's browsers are one client address to nginx: its per-address limits go up. */
const ONE_ADDRESS_LIMITS = {
  RATE_LIMITS: JSON.stringify({ 'email.address': '10000/60', 'password.address': '10000/60', 'code.address': '10000/60', 'send.address': '10000/60' }),
};

test('every flow completes 50 times across two replicas behind nginx, sharing their limits in Redis', async ({ browser }) => {
  test.setTimeout(600_000);
  const secret = randomSecret();
  const replicas = await startReplicas([secret, secret], { redis: true, env: ONE_ADDRESS_LIMITS });
  try {
    // The three flows run side by side, each one round after another.
    await Promise.all(
      Object.keys(FLOWS).map(async (name) => {
        for (let round = 0; round < ROUNDS; round++) await runFlow(browser, replicas, name, `${name.replace(/\W/g, '')}-${round}`);
      }),
    );
    // Both replicas served a fair share: the balancer really alternated.
    const [a, b] = replicas.outputs.map((output) => requestLines(output()));
    expect(Math.min(a, b) / Math.max(a, b)).toBeGreaterThan(0.6);
    for (const output of replicas.outputs) expect(output()).not.toMatch(/Failed to find Server Action|"level":50/);
  } finally {
    await replicas.stop();
  }
});

test('negative control: a replica with another session secret breaks the flows', async ({ browser }) => {
  test.setTimeout(120_000);
  const replicas = await startReplicas([randomSecret(), randomSecret()]);
  try {
    const outcomes: boolean[] = [];
    for (let round = 0; round < 3; round++) {
      outcomes.push(
        await runFlow(browser, replicas, 'password', `control-${Date.now()}-${round}`, 3_000).then(
          () => true,
          () => false,
        ),
      );
    }
    expect(outcomes).toContain(false);
  } finally {
    await replicas.stop();
  }
});

/** E-mail step posts for one account through the balancer; the statuses, in order. */
async function emailPosts(url: string, email: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    // A fresh browser each time: no cookie to carry anything from one post to the next.
    const page = await (await fetch(`${url}/`, { redirect: 'follow' })).url;
    const requestId = new URL(page).searchParams.get('requestId')!;
    statuses.push(await postEmail(url, requestId, email));
  }
  return statuses;
}

/** The e-mail step as a browser without JavaScript posts it (the form's own fields). */
async function postEmail(url: string, requestId: string, email: string): Promise<number> {
  const html = await (await fetch(`${url}/?requestId=${requestId}`)).text();
  const form = new FormData();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)) {
    form.set(name, (value ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  }
  form.set('email', email);
  const response = await fetch(`${url}/?requestId=${requestId}`, { method: 'POST', body: form, headers: { origin: url }, redirect: 'manual' });
  await response.arrayBuffer();
  return response.status;
}

const limited = (statuses: number[]) => statuses.filter((s) => s === 429).length;

test('a limit holds across replicas: posts alternate between them and the shared store counts them all', async () => {
  test.setTimeout(120_000);
  const secret = randomSecret();
  const replicas = await startReplicas([secret, secret], { redis: true });
  try {
    // email.account: ten a minute for one account, whichever replica answers.
    const statuses = await emailPosts(replicas.url, `lockout+shared-${Date.now()}@example.com`, 12);
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const [a, b] = replicas.outputs.map((output) => (output().match(/"event":"rate-limited"/g) ?? []).length);
    expect(a + b).toBe(2);
    // Both replicas answered posts: the balancer alternated.
    for (const output of replicas.outputs) expect(output()).toMatch(/"method":"POST","path":"\/"/);
  } finally {
    await replicas.stop();
  }
});

test('negative control: without the shared store each replica counts alone, so twelve posts pass', async () => {
  test.setTimeout(120_000);
  const secret = randomSecret();
  const replicas = await startReplicas([secret, secret]);
  try {
    expect(limited(await emailPosts(replicas.url, `lockout+alone-${Date.now()}@example.com`, 12))).toBe(0);
  } finally {
    await replicas.stop();
  }
});

test('the store goes away mid-run: the replicas keep serving and keep limiting, each on its own', async () => {
  test.setTimeout(120_000);
  const secret = randomSecret();
  const replicas = await startReplicas([secret, secret], { redis: true });
  try {
    const email = `lockout+gone-${Date.now()}@example.com`;
    expect(limited(await emailPosts(replicas.url, email, 4))).toBe(0);
    await replicas.stopRedis!();
    // Fail open to each replica's own counters: never a 5xx, and the account's limit still holds
    // (ten per replica now, so at the latest the twenty-first post is refused).
    const after = await emailPosts(replicas.url, email, 22);
    expect(after.every((s) => s < 500)).toBe(true);
    expect(limited(after)).toBeGreaterThan(0);
    const ready = await fetch(`${replicas.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { limits: 'redis-unreachable' } });
    for (const output of replicas.outputs) expect(output()).toMatch(/"event":"limits-store-down"/);
  } finally {
    await replicas.stop();
  }
});
