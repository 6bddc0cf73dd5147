import { expect, type Page } from '@playwright/test';

/** The steps of a sign-in every flow spec walks through, written once. */

/** A direct visit: our own authorization request brings the browser back with a requestId. */
export async function startSignIn(page: Page): Promise<string> {
  await page.goto('/');
  await expect(page).toHaveURL(/[?&]requestId=/);
  return new URL(page.url()).searchParams.get('requestId')!;
}

/** Submits the current form. With JavaScript off, the page navigates; with it on, it may not. */
export async function submit(page: Page, name: RegExp | string) {
  await page.getByRole('button', { name, exact: true }).click();
}

/** From a fresh sign-in to the password step for `email`. */
export async function toPasswordStep(page: Page, email: string): Promise<string> {
  const requestId = await startSignIn(page);
  await page.getByLabel('E-mail address').fill(email);
  await submit(page, 'Next');
  await expect(page).toHaveURL(/\/login\?requestId=/);
  return requestId;
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
