import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Locale } from '../../../../lib/i18n/locales';
import { ACCOUNTS, BY_FIELD_NAME, expect, toPasswordStep, type StandIn } from '../fixtures';
import { CONTINUE_BUTTON, MAIN_SUBMIT } from '../forms';
import type { KnownLayoutDefects } from '../layout';

/** What the accessibility matrix's tours are made of: a visit, its states, and language-neutral recipe helpers. */

export type Messages = Record<string, Record<string, string>>;

export type Visit = {
  page: Page;
  locale: Locale;
  t: Messages;
  js: boolean;
  standin: StandIn;
  /** The account of this tour (a fresh one per test, where the tour changes it). */
  email: string;
  /** Values one state leaves for the next (a request id, a link, a code). */
  memo: Record<string, string>;
};

export type State = {
  name: string;
  /** Only with (on) or without (off) JavaScript: some states exist in one of the two only. */
  js?: 'on' | 'off';
  reach: (v: Visit) => Promise<void>;
  /** Texts on the screen that are data, not messages (group names, the reference). */
  data?: (v: Visit) => string[];
  /**
   * False for a state its address does not render again: the answer to a form shown in place
   * (a field error, a wrong code), or what the page's scripts show (an open list). Such a state
   * is checked in the fully walked languages only (accessibility-matrix.spec.ts); every other
   * state must come back the same when its address is opened again, or the matrix fails.
   */
  byAddress?: false;
};

export type Tour = { name: string; account: (tag: string) => string; states: State[] };

export const NEW_PASSWORD = 'NewKitchen2027';
/** The languages whose tours are walked with JavaScript: the others re-render the states of the en-GB walk. */
export const WALKED_LOCALES: readonly Locale[] = ['en-GB', 'de-DE', 'ja-JP'];
/** The languages whose tours are walked without JavaScript. */
export const NO_JS_LOCALES: readonly Locale[] = ['en-GB'];

/**
 * App defects this matrix found and reported, per language and state: the named check must still
 * fail there (expectLayout asserts it), so an entry is removed as soon as the app is fixed.
 */
export const KNOWN_LAYOUT_DEFECTS: Array<{ locale: Locale; states: RegExp } & KnownLayoutDefects> = [
  // None open. (sv-SE and de-DE group-selection headings wider than 320 px: fixed in d5d1e32.)
];
export const knownLayoutDefects = (locale: Locale, state: string): KnownLayoutDefects =>
  KNOWN_LAYOUT_DEFECTS.find((d) => d.locale === locale && d.states.test(state)) ?? {};

// ---------------------------------------------------------------------------------------------
// Recipe helpers: language-neutral ways to act on the screens.

const catalogues = new Map<Locale, Messages>();
/** A language's messages (messages/<locale>.json), read once. */
export const messages = (locale: Locale): Messages => {
  if (!catalogues.has(locale)) catalogues.set(locale, JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')));
  return catalogues.get(locale)!;
};

/** The form's own submit button (not the language selector's, not a resend or a Cancel). */
export const mainSubmit = (page: Page) => page.locator(MAIN_SUBMIT).first();

/**
 * The field is marked invalid and its error shown. Shown, not only present: a streamed screen's
 * content is in the document (hidden) before React reveals it in place of the skeleton, and the
 * checks that follow must see the screen a person sees.
 */
export async function expectFieldError(v: Visit, field: string, key: string) {
  await expect(v.page.locator(`#${field}-error`)).toBeVisible();
  await expect(v.page.locator(`#${field}`)).toHaveAttribute('aria-invalid', 'true');
  // `errors.<key>`, or a field's own message (`fieldErrors.<key>`, its name filled in: any text there).
  const [namespace, name] = key.includes('.') ? key.split('.') : ['errors', key];
  const message = v.t[namespace][name];
  await expect(v.page.locator(`#${field}-error`)).toHaveText(
    namespace === 'errors' ? message : new RegExp(`^${message.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`),
  );
}

/**
 * The new password refused by its rules: the field invalid and described by the checklist, with
 * `failed` rules failed there (a forbidden character counts as one), and no message of its own.
 */
export async function expectChecklistRefusal(v: Visit, failed: number) {
  await expect(v.page.locator('#password')).toHaveAttribute('aria-invalid', 'true');
  await expect(v.page.locator('#password')).toHaveAttribute('aria-describedby', /(^| )password-rules( |$)/);
  await expect(v.page.locator('#password-rules li.failed')).toHaveCount(failed);
  await expect(v.page.locator('#password-error')).toHaveCount(0);
}

export async function expectHeading(v: Visit, text: string) {
  await expect(v.page.locator('main h1')).toHaveText(text);
}

/** A page reached by its address alone, known by its heading. */
export const visit = (path: string, title: (t: Messages) => string) => async (v: Visit) => {
  await v.page.goto(path);
  await expectHeading(v, title(v.t));
};

/** Without JavaScript the hand-over to the provider waits for a press of Continue. */
export async function continueWithoutJs(v: Visit) {
  if (v.js) return;
  await expect(v.page).toHaveURL(/\/continue\?requestId=/);
  await v.page.locator(CONTINUE_BUTTON).click();
}

export async function signInWithPassword(v: Visit, password = ACCOUNTS.password.password) {
  v.memo.requestId = await toPasswordStep(v.page, v.email, BY_FIELD_NAME);
  await v.page.locator('#password').fill(password);
  await mainSubmit(v.page).click();
  await continueWithoutJs(v);
}

/** Waits out the resend countdown (3 s in the e2e app), then sends again. */
export async function resend(v: Visit) {
  const button = v.page.locator('main form.resend button');
  if (v.js) {
    await expect(button).not.toHaveAttribute('aria-disabled', 'true', { timeout: 8_000 });
  } else {
    const left = Number(v.memo.sentAt) + 3_300 - Date.now();
    if (left > 0) await v.page.waitForTimeout(left);
  }
  await button.click();
  await expect(v.page).toHaveURL(/[?&]resent=1/);
}

export async function latestLink(v: Visit): Promise<string> {
  const links = async () => (await v.standin.outbox(v.email)).filter((m) => m.link);
  await expect.poll(async () => (await links()).length, 'a link in the outbox').toBeGreaterThan(0);
  return (await links()).at(-1)!.link!;
}

export async function chooseNewPassword(v: Visit, password: string, repeat = password) {
  await v.page.locator('#password').fill(password);
  await v.page.locator('#confirmPassword').fill(repeat);
  await mainSubmit(v.page).click();
}

export async function enterCode(v: Visit, code: string) {
  await v.page.locator('#code').fill(code);
  await mainSubmit(v.page).click();
}

/** The groups of groups.many as the stand-in names them in this language (seed.json). */
export function groupTexts(v: Visit): string[] {
  const seed = JSON.parse(readFileSync('tests/provider/seed.json', 'utf8')) as {
    accounts: Array<{ email: string; groups?: Array<{ groupName: string; names?: Record<string, string>; customerNumber?: string }> }>;
  };
  const groups = seed.accounts.find((a) => a.email.startsWith('groups.many'))!.groups!;
  const language = v.locale.split('-')[0];
  return groups.flatMap((g) => {
    const name = g.names?.[language] ?? g.groupName;
    const number = v.t.groups.customerNumber.replace('{number}', g.customerNumber ?? '');
    return [name, `${name} – ${number}`];
  });
}

export const GROUP_URL = /\/group-selection\?requestId=[\w-]+(&render=sync)?$/;

/** The medium names the stand-in sends for `mfa.choice+…` (seed.json), as data on the screen. */
export const NAMED_MEDIUMS = ['m•••@example.com', '+49 ••• ••12', 'Pixel 8'];

/**
 * An option naming its destination splits the message at it ("Text message to " + the number),
 * so each part of the message stands as a text of its own.
 */
export function namedOptionTexts(v: Visit): string[] {
  const parts = ['optionEmailTo', 'optionSmsTo', 'optionPushOn'].flatMap((key) => v.t.mfa[key].split('{destination}'));
  return [...NAMED_MEDIUMS, ...parts.map((p) => p.trim()).filter(Boolean)];
}

/** The push page's button that asks whether the request was approved. */
export const pushCheck = (v: Visit) => v.page.locator('main form.push-check button[type="submit"]');
