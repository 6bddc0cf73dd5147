// The screens of one sign-in, walked in a browser page with JavaScript off (every screen is one
// document, so each has an address that renders it). Shared by the HTML sizes (run.mjs) and
// Lighthouse (lighthouse.mjs), so both look at the same screens.
import { chromium } from '@playwright/test';
import { requireBenchChromium } from './browser.mjs';

/** The e-mail field's label: its hyphen is a non-breaking one (U+2011) in the English catalogue. */
const E_MAIL_LABEL = /^E.mail address$/;

/** Screens that need no sign-in flow: their addresses render them for anyone. */
export const STATIC_SCREENS = { error: '/error?ref=ABCDEF1234', 'signed out': '/signed-out', 'not found': '/nope' };

/** Every screen, in the order the walk reaches them. */
export const SCREENS = ['e-mail', 'password', 'continue', 'group selection', 'MFA start', 'MFA code', 'success', ...Object.keys(STATIC_SCREENS)];

/**
 * Streamed pages send a browser without JavaScript on to the same page "in one piece"
 * (`render=sync`); a browser with JavaScript stays on the streamed address, which is the one to
 * measure for it.
 */
export function streamedUrl(url) {
  const u = new URL(url);
  u.searchParams.delete('render');
  return u.href;
}

/**
 * Walks a fresh flow of `email` (an account that picks its group before its second factor) on `page` from the
 * app's start address. Calls `at(name, url)` on every screen of the flow and stops as
 * soon as it returns false.
 */
export async function walkFlow(page, appUrl, standinUrl, email, at) {
  await page.goto(appUrl);
  if ((await at('e-mail', page.url())) === false) return;
  await page.getByLabel(E_MAIL_LABEL).fill(email);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  if ((await at('password', page.url())) === false) return;
  await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if ((await at('continue', page.url())) === false) return;
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL(/group-selection/);
  if ((await at('group selection', streamedUrl(page.url()))) === false) return;
  await page.getByRole('combobox', { name: 'Sales organisation', exact: true }).selectOption('kitchenpro-north');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL(/register-mfa/);
  if ((await at('MFA start', page.url())) === false) return;
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  if ((await at('MFA code', page.url())) === false) return;
  const outbox = await (await fetch(`${standinUrl}/__standin/outbox.json`)).json();
  await page.getByRole('textbox', { name: 'Security code' }).fill(outbox.messages.find((m) => m.to === email).code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL(/success/);
  await at('success', page.url());
}

/** Raw HTML bytes (KB) of every screen as served, on a flow walked with JavaScript off. */
export async function htmlSizes(browser, appUrl, standinUrl) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const sizes = {};
  const record = async (name, url) => {
    sizes[name] = (await (await page.request.get(new URL(url, appUrl).href)).body()).length / 1024;
  };
  // A fresh account of the family per walk: the stand-in's outbox keeps earlier walks' codes.
  await walkFlow(page, appUrl, standinUrl, `groupfirst.mfa+bench${Date.now().toString(36)}@example.com`, record);
  for (const [name, url] of Object.entries(STATIC_SCREENS)) await record(name, url);
  await context.close();
  return sizes;
}

/**
 * The whole sign-in (e-mail, password, group, MFA, /success) with JavaScript on, as a person
 * clicks it; the median of three, in ms.
 */
export async function fullFlow(browser, appUrl, standinUrl) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ baseURL: appUrl });
    const page = await context.newPage();
    const email = `groupfirst.mfa+flow${i}x${Date.now().toString(36)}@example.com`;
    const started = performance.now();
    await page.goto('/');
    await page.getByLabel(E_MAIL_LABEL).fill(email);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Until hydration the group list is a native select; a click on it then opens nothing.
    await page.locator('input[role="combobox"]').waitFor();
    await page.getByRole('combobox', { name: 'Sales organisation', exact: true }).click();
    await page.getByRole('option', { name: /KitchenPro North/ }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/register-mfa\/code/);
    let code;
    while (!code) code = (await (await fetch(`${standinUrl}/__standin/outbox.json`)).json()).messages.find((m) => m.to === email)?.code;
    await page.getByRole('textbox', { name: 'Security code' }).fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Acting for KitchenPro North Ltd.').waitFor();
    times.push(performance.now() - started);
    await context.close();
  }
  return times.sort((a, b) => a - b)[1];
}

/** The warm-up every RSS "warm" figure follows: the screens and three full sign-ins. */
export async function warmUp(appUrl, standinUrl, { flows = true } = {}) {
  const browser = await chromium.launch({
    executablePath: requireBenchChromium(),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
  try {
    return { html: await htmlSizes(browser, appUrl, standinUrl), flowMs: flows ? await fullFlow(browser, appUrl, standinUrl) : undefined };
  } finally {
    await browser.close();
  }
}
