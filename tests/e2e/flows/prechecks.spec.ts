import type { Page } from '@playwright/test';
import { continueToProvider, expect, generations, MFA, noJs, submit, test, toPasswordStep } from '../support/fixtures';

// Where these tests run besides js-on, and why (docs/testing.md "Projects and tags").
const LOGIN_SUCCESS_PRESSED = noJs('without JavaScript the login_success page waits for Continue; with JavaScript it goes on by itself');
const PASSWORD_INITIATION = generations(
  'the password step’s first-factor initiation (docs/provider-contract.md §2.4): usage_type INITIAL_AUTHENTICATION, on legacy tenants PASSWORDLESS_AUTHENTICATION; the MFA and group prechecks after it are the same calls in both',
);

/**
 * The prechecks after the password, in either order a tenant may ask them (the documented
 * journey puts the second factor first; docs/provider-contract.md §7), against both API
 * generations. The stand-in refuses a continuation without the sign-in's requestId, so each step
 * passing proves what the continuation posted (docs/provider-contract.md §2.9).
 */
const tag = (name: string, js: boolean) => `${name}-${js ? 'on' : 'off'}-${test.info().project.name}-${test.info().repeatEachIndex}-${test.info().retry}`;
const NORTH = { id: 'kitchenpro-north', name: 'KitchenPro North Ltd' };

async function passwordStep(page: Page, email: string, javaScriptEnabled: boolean) {
  await toPasswordStep(page, email);
  await page.getByLabel('Password', { exact: true }).fill(MFA.password);
  await submit(page, 'Sign in');
  await continueToProvider(page, javaScriptEnabled);
}

async function secondFactor(page: Page, email: string, javaScriptEnabled: boolean, outbox: (to: string) => Promise<Array<{ code?: string }>>) {
  await expect(page).toHaveURL(/\/register-mfa/);
  if (!javaScriptEnabled) await submit(page, 'Send code');
  await expect(page).toHaveURL(/\/register-mfa\/code\?requestId=/);
  const [message] = (await outbox(email)).filter((m) => m.code);
  await page.getByLabel('Security code', { exact: true }).fill(message.code!);
  await submit(page, 'Verify');
  await continueToProvider(page, javaScriptEnabled);
}

async function groupSelection(page: Page, javaScriptEnabled: boolean) {
  await expect(page).toHaveURL(/\/group-selection\?requestId=[\w-]+(&render=sync)?$/);
  const field = page.getByRole('combobox', { name: 'Sales organisation', exact: true });
  if (javaScriptEnabled) {
    await field.click();
    await page
      .getByRole('listbox', { name: 'Sales organisation' })
      .getByRole('option', { name: new RegExp(`^${NORTH.name}`) })
      .click();
  } else {
    await field.selectOption(NORTH.id);
  }
  await submit(page, 'Sign in');
  await continueToProvider(page, javaScriptEnabled);
}

const ORDERS = [
  { name: 'second factor, then group (the documented order)', kind: 'groups.mfa', mfaFirst: true },
  { name: 'group, then second factor', kind: 'groupfirst.mfa', mfaFirst: false },
] as const;

for (const order of ORDERS) {
  test(`the MFA and group journey: ${order.name}`, PASSWORD_INITIATION, async ({ page, javaScriptEnabled, standin }) => {
    const email = `${order.kind}+${tag('journey', javaScriptEnabled)}@example.com`;
    await passwordStep(page, email, javaScriptEnabled);
    if (order.mfaFirst) {
      await secondFactor(page, email, javaScriptEnabled, (to) => standin.outbox(to));
      await groupSelection(page, javaScriptEnabled);
    } else {
      await groupSelection(page, javaScriptEnabled);
      await secondFactor(page, email, javaScriptEnabled, (to) => standin.outbox(to));
    }
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    await expect(page.getByText(`Acting for ${NORTH.name}.`)).toBeVisible();
  });
}

test(
  'the tenant\'s login_success page: "Signing you in", then on to the application',
  LOGIN_SUCCESS_PRESSED,
  async ({ page, javaScriptEnabled, expectAccessible, expectOnlyMessages }) => {
    const email = `loginsuccess+${tag('page', javaScriptEnabled)}@example.com`;
    await toPasswordStep(page, email);
    await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
    await submit(page, 'Sign in');
    await continueToProvider(page, javaScriptEnabled);
    if (!javaScriptEnabled) {
      // The entry moved the track and subject into the flow cookie: the address is clean.
      await expect(page).toHaveURL(/\/login-success\?requestId=[\w-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signing you in');
      await expectAccessible(page);
      await expectOnlyMessages(page, 'en-GB', ['Kitchen Equipment Sales Portal (demo)']);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  },
);
