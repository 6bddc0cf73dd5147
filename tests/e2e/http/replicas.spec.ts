import { randomSecret } from '../../../scripts/processes.mjs';
import { expect, httpTest as test } from '../support/fixtures';
import { FormClient } from '../support/form-client';
import { CONTINUE_BUTTON, MAIN_SUBMIT } from '../support/forms';
import { startReplicas, type Replicas } from '../support/replicas';

/**
 * Several replicas share nothing but configuration. Two app processes from one build sit behind
 * nginx round-robin; every flow runs 50 times (as the security controls ask) with its requests
 * spread over both, as a browser without JavaScript makes them, so that every step is a full
 * request to the balancer. The same run with another session secret on one replica must fail,
 * which proves the test can fail.
 *
 * The rounds are walked by FormClient (support/form-client.ts): the requests a browser without
 * JavaScript sends, cookies and redirects included, without drawing the pages. Walked in the
 * browser, the 150 flows cost about 150 s of CPU in Chromium on a two-core machine, a tenth of
 * the whole suite, to prove nothing about the replicas that the requests do not; the flow specs
 * walk the same flows in the browser with JavaScript off.
 */
const ROUNDS = 50;
const PASSWORD = 'KitchenDemo2026';

async function outbox(standinUrl: string, to: string): Promise<Array<{ code?: string; link?: string }>> {
  const body = (await (await fetch(`${standinUrl}/__standin/outbox.json?${new URLSearchParams({ to })}`)).json()) as {
    messages: Array<{ code?: string; link?: string }>;
  };
  return body.messages;
}

/** Where the client is now: the path, and the page's main heading. */
function expectAt(client: FormClient, path: string, heading?: string) {
  expect(`${client.status} ${new URL(client.url).pathname}`, `after ${path}`).toBe(`200 ${path}`);
  if (heading) expect(client.document.querySelector('main h1')?.textContent).toBe(heading);
}

async function emailStep(client: FormClient, url: string, email: string) {
  await client.goto(`${url}/`);
  expectAt(client, '/');
  await client.submit(MAIN_SUBMIT, { email });
  expectAt(client, '/login');
}

async function emailAndPassword(client: FormClient, url: string, email: string) {
  await emailStep(client, url, email);
  await client.submit(MAIN_SUBMIT, { password: PASSWORD });
  expectAt(client, '/continue');
  await client.submit(CONTINUE_BUTTON);
}

const FLOWS: Record<string, (client: FormClient, tag: string, replicas: Replicas) => Promise<void>> = {
  async password(client, tag, { url }) {
    const email = `lockout+rep-${tag}@example.com`;
    await emailAndPassword(client, url, email);
    expectAt(client, '/success');
    expect(client.text).toContain(`Signed in as ${email}.`);
  },
  async 'group and second factor'(client, tag, { url, standinUrl }) {
    const email = `groupfirst.mfa+rep-${tag}@example.com`;
    await emailAndPassword(client, url, email);
    expectAt(client, '/group-selection', 'Choose a\u00a0sales\u00a0organisation');
    await client.submit(MAIN_SUBMIT, { groupId: 'kitchenpro-south' });
    expectAt(client, '/continue');
    await client.submit(CONTINUE_BUTTON);
    expectAt(client, '/register-mfa');
    await client.submit(MAIN_SUBMIT);
    expectAt(client, '/register-mfa/code');
    const [message] = await outbox(standinUrl, email);
    await client.submit(MAIN_SUBMIT, { code: message.code! });
    expectAt(client, '/continue');
    await client.submit(CONTINUE_BUTTON);
    expectAt(client, '/success');
    expect(client.text).toContain('Acting for KitchenPro South Ltd.');
  },
  async 'password reset'(client, tag, { url, standinUrl }) {
    const email = `lockout+rep-reset-${tag}@example.com`;
    await emailStep(client, url, email);
    await client.goto(client.document.querySelector('main a[href^="/reset-password-init"]')!.getAttribute('href')!);
    expectAt(client, '/reset-password-init');
    await client.submit(MAIN_SUBMIT);
    expectAt(client, '/reset-password-confirmation', 'Check your e\u2011mail');
    const [message] = await outbox(standinUrl, email);
    await client.goto(message.link!);
    expectAt(client, '/reset-password');
    await client.submit(MAIN_SUBMIT, { password: 'NewKitchen2027', confirmPassword: 'NewKitchen2027' });
    expectAt(client, '/reset-password-success', 'Your password has been changed');
  },
};

/** One round of a flow in a browser of its own (a fresh cookie jar). */
const runFlow = (replicas: Replicas, name: string, tag: string) => FLOWS[name](new FormClient(), tag, replicas);

const requestLines = (output: string) => output.split('\n').filter((l) => l.includes('"event":"request"')).length;

/** All of this test's browsers are one client address to nginx: its per-address limits go up. */
const ONE_ADDRESS_LIMITS = {
  RATE_LIMITS: JSON.stringify({
    'email.address': '10000/60',
    'password.address': '10000/60',
    'code.address': '10000/60',
    'send.address': '10000/60',
    'entry.address': '10000/60',
  }),
};

test('every flow completes 50 times across two replicas behind nginx, sharing their limits in Redis', async () => {
  test.setTimeout(600_000);
  const secret = randomSecret();
  const replicas = await startReplicas([secret, secret], { redis: true, env: ONE_ADDRESS_LIMITS });
  try {
    // The three flows run side by side, each one round after another.
    await Promise.all(
      Object.keys(FLOWS).map(async (name) => {
        for (let round = 0; round < ROUNDS; round++) await runFlow(replicas, name, `${name.replace(/\W/g, '')}-${round}`);
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

test('negative control: a replica with another session secret breaks the flows', async () => {
  test.setTimeout(120_000);
  const replicas = await startReplicas([randomSecret(), randomSecret()]);
  try {
    const outcomes: boolean[] = [];
    for (let round = 0; round < 3; round++) {
      outcomes.push(
        await runFlow(replicas, 'password', `control-${Date.now()}-${round}`).then(
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

/** E-mail step posts for one account through the balancer; the statuses of the answers, in order. */
async function emailPosts(url: string, email: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    // A fresh browser each time: no cookie to carry anything from one post to the next.
    const client = new FormClient();
    await client.goto(`${url}/`);
    expectAt(client, '/');
    await client.submit(MAIN_SUBMIT, { email });
    statuses.push(client.status);
  }
  return statuses;
}

const limited = (statuses: number[]) => statuses.filter((s) => s === 429).length;

test('a limit holds across replicas: posts alternate between them and the shared store counts them all', async () => {
  test.setTimeout(120_000);
  const secret = randomSecret();
  // What is proven here is the sharing, not the deadline (the paused-store test below): on a
  // loaded machine a Redis that waits for the CPU longer than the default 50 ms is rightly
  // left alone for a while, and the replicas count apart. A deadline only a real stall misses.
  const replicas = await startReplicas([secret, secret], { redis: true, env: { STORE_TIMEOUT_MS: '2000' } });
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

test('the store stops answering (connected, paused): every step answers at once, /readyz says so, and it recovers by itself', async () => {
  test.setTimeout(120_000);
  const secret = randomSecret();
  const replicas = await startReplicas([secret, secret], { redis: true });
  try {
    const email = `lockout+paused-${Date.now()}@example.com`;
    expect(limited(await emailPosts(replicas.url, email, 2))).toBe(0);
    replicas.pauseRedis!(true);
    try {
      // Before: each post waited for the store, 8–25 s. Now a command that misses its deadline
      // (STORE_TIMEOUT_MS, 50 ms) is answered from the replica's own counter, and the store is
      // left alone for a while.
      const started = Date.now();
      const after = await emailPosts(replicas.url, email, 6);
      const perPost = (Date.now() - started) / 6;
      console.log(`[figure] e-mail step with the store paused: ${Math.round(perPost)} ms per post (page and post)`);
      expect(after.every((s) => s < 500)).toBe(true);
      expect(perPost).toBeLessThan(3_000);
      const ready = await fetch(`${replicas.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ checks: { limits: 'redis-slow' } });
      expect(replicas.outputs.some((output) => /"event":"limits-store-slow"/.test(output()))).toBe(true);
    } finally {
      replicas.pauseRedis!(false);
    }
    // Back: after the pause the next command in time says so, and /readyz reports the store again.
    // (/readyz alone may say so first: it reads the pause's end, and the post of the same round may
    // have reached the other replica, or come before the end.)
    const answersAgain = () => replicas.outputs.some((output) => /"event":"limits-store-up","msg":"shared limits store answers in time again"/.test(output()));
    await expect
      .poll(
        async () => {
          await emailPosts(replicas.url, `lockout+back-${Date.now()}@example.com`, 1);
          const ready = await fetch(`${replicas.url}/readyz`);
          return { limits: ((await ready.json()) as { checks: { limits: string } }).checks.limits, answersAgain: answersAgain() };
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toEqual({ limits: 'redis', answersAgain: true });
  } finally {
    replicas.pauseRedis?.(false);
    await replicas.stop();
  }
});
