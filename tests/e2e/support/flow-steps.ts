import { expect, type Page } from '@playwright/test';

/** The steps of a sign-in every flow spec walks through, written once. */

/** A direct visit: our own authorization request brings the browser back with a requestId. */
export async function startSignIn(page: Page): Promise<string> {
  await page.goto('/');
  await expect(page).toHaveURL(/[?&]requestId=/);
  return new URL(page.url()).searchParams.get('requestId')!;
}

/**
 * A sign-in's requestId, got by following the redirects without opening the e-mail step: a test
 * can then change what the tenant says of the client before any page reads (and the app keeps) it.
 */
export async function unreadRequest(page: Page): Promise<string> {
  const start = await page.request.get('/auth/start', { maxRedirects: 0 });
  const authorize = await page.request.get(start.headers().location, { maxRedirects: 0 });
  return new URL(authorize.headers().location).searchParams.get('requestId')!;
}

/** Submits the current form. With JavaScript off, the page navigates; with it on, it may not. */
export async function submit(page: Page, name: RegExp | string) {
  await page.getByRole('button', { name, exact: true }).click();
}

/** The e-mail step's field label and button, in the language the page is read in. */
export type EmailStepLabels = { email: string; next: string };

/** The e-mail step found by its field's name, not its texts: for a page read in any language. */
export const BY_FIELD_NAME = 'by-field-name';

const ENGLISH: EmailStepLabels = { email: 'E\u2011mail address', next: 'Next' };

/**
 * From a fresh sign-in to the password step for `email`; answers the request id. The e-mail step
 * is found by its English texts unless `labels` gives another language's (or BY_FIELD_NAME).
 */
export async function toPasswordStep(page: Page, email: string, labels: EmailStepLabels | typeof BY_FIELD_NAME = ENGLISH): Promise<string> {
  const requestId = await startSignIn(page);
  if (labels === BY_FIELD_NAME) {
    await page.locator('input[name="email"]').fill(email);
    await page.locator('form:has(input[name="email"]) button[type="submit"]').click();
  } else {
    await page.getByLabel(labels.email).fill(email);
    await submit(page, labels.next);
  }
  await expect(page).toHaveURL(/\/login\?requestId=/);
  return requestId;
}

/** The part of the stand-in's controls a reset link needs. */
type Outbox = { outbox(to: string): Promise<Array<{ link?: string }>> };

/** Opens the reset link the stand-in sent to `email` (the first in its outbox), once there is one. */
export async function openResetLink(page: Page, standin: Outbox, email: string) {
  await expect.poll(async () => (await standin.outbox(email)).filter((m) => m.link).length).toBeGreaterThan(0);
  await page.goto((await standin.outbox(email)).filter((m) => m.link)[0].link!);
}

/** From a fresh sign-in to the new-password form: "forgot password", send the link, open it. */
export async function toNewPasswordStep(page: Page, standin: Outbox, email: string) {
  await toPasswordStep(page, email);
  await page.locator('main a[href^="/reset-password-init"]').click();
  await page.locator('main form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/reset-password-confirmation/);
  await openResetLink(page, standin, email);
}

/**
 * Chooses a language with the selector of the page frame: with JavaScript the choice applies
 * at once; without it, the frame's Change language button (shown only then) sends it. `label` is
 * the selector's name in the page's current language.
 */
export async function chooseLanguage(page: Page, locale: string, javaScriptEnabled: boolean, label = 'Language') {
  await page.getByLabel(label, { exact: true }).selectOption(locale);
  if (!javaScriptEnabled) await page.locator('form.language button[type="submit"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** After the password step: with JS the continuation posts itself; without, the person clicks. */
export async function continueToProvider(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(/\/continue\?requestId=/);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
}

/**
 * Reloads `page` with its scripts held back (a route also turns the HTTP cache off), so the
 * server-rendered page is all there is, as on a slow device before hydration. Returns what lets
 * them through and removes the route.
 */
export async function reloadWithScriptsHeld(page: Page): Promise<() => Promise<void>> {
  let letScriptsThrough!: () => void;
  const held = new Promise<void>((resolve) => (letScriptsThrough = resolve));
  await page.route('**/_next/static/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  return async () => {
    letScriptsThrough();
    await page.unrouteAll({ behavior: 'wait' });
  };
}
