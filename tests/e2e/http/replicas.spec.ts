import type { Browser, Page } from '@playwright/test';
import { randomSecret } from '../../../scripts/processes.mjs';
import { expect, httpTest as test } from '../support/fixtures';
import { startReplicas, type Replicas } from '../support/replicas';

/**
 * Several replicas share nothing but configuration. Two app processes from one build sit behind
 * nginx round-robin; every flow runs 20 times with its requests spread over both, JavaScript off
 * so that every step is a full request to the balancer. The same run with another session
 * secret on one replica must fail, which proves the test can fail.
 */
const ROUNDS = 20;
const PASSWORD = 'KitchenDemo2026';

async function outbox(standinUrl: string, to: string): Promise<Array<{ code?: string; link?: string }>> {
  const body = (await (await fetch(`${standinUrl}/__standin/outbox.json`)).json()) as { messages: Array<{ to: string; code?: string; link?: string }> };
  return body.messages.filter((m) => m.to === to);
}

async function emailAndPassword(page: Page, email: string) {
  await page.goto('/');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
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
    await page.getByRole('combobox', { name: 'Group', exact: true }).selectOption('kitchenpro-south');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    await expect(page).toHaveURL(/\/register-mfa\/code/);
    const [message] = await outbox(replicas.standinUrl, email);
    await page.getByLabel('Security code').fill(message.code!);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Acting for KitchenPro South Ltd.')).toBeVisible();
  },
  async 'password reset'(page, tag, replicas) {
    const email = `lockout+rep-reset-${tag}@example.com`;
    await page.goto('/');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
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

test('every flow completes 20 times across two replicas behind nginx', async ({ browser }) => {
  test.setTimeout(300_000);
  const secret = randomSecret();
  const replicas = await startReplicas([secret, secret]);
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
