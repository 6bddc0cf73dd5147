import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { LOCALE_NAMES } from '../../../lib/i18n/locales';

/** Demo accounts from the stand-in's seed file. */
export const ACCOUNTS = {
  password: { email: 'anna.schmidt@example.com', password: 'KitchenDemo2026' },
  declined: { email: 'declined@example.com', password: 'KitchenDemo2026' },
  /** Each address matching lockout+*@example.com is its own account with its own failure counter. */
  lockout: (tag: string) => ({ email: `lockout+${tag}@example.com`, password: 'KitchenDemo2026' }),
  federated: { email: 'someone@federated.example' },
} as const;

/** Accounts with a second factor; a tag makes a fresh account per test. */
export const MFA = {
  email: (tag: string) => `mfa.email+${tag}@example.com`,
  sms: (tag: string) => `mfa.sms+${tag}@example.com`,
  totp: (tag: string) => `mfa.totp+${tag}@example.com`,
  all: (tag: string) => `mfa.all+${tag}@example.com`,
  fallback: (tag: string) => `mfa.fallback+${tag}@example.com`,
  redirect: (tag: string) => `mfa.redirect+${tag}@example.com`,
  password: 'KitchenDemo2026',
  /** The stand-in's TOTP secret (README), for computing authenticator codes. */
  totpSecret: 'JBSWY3DPEHPK3PXP',
} as const;

/** The stand-in client's display name (tests/provider/seed.json). */
export const CLIENT_NAME = 'Kitchen Equipment Sales Portal (demo)';

type OutboxMessage = { to: string; code?: string; link?: string; channel: string };

export type StandIn = {
  url: string;
  /** Messages the stand-in "sent" to an address (SMS are addressed "sms:<e-mail>"). */
  outbox(to: string): Promise<OutboxMessage[]>;
  /** Ages every pending code of an account past its expiry. */
  expireCodes(email: string): Promise<void>;
  /** Ages every reset link of an account past its expiry. */
  expireResets(email: string): Promise<void>;
  /** Calls the stand-in received whose path contains `fragment` (and whose body named `requestId`). */
  calls(fragment: string, requestId?: string): Promise<Array<{ method: string; path: string }>>;
  /**
   * Makes the stand-in fail the calls whose path contains `pathIncludes` and whose body names the
   * sign-in `requestId` (either, or both): the next `times` of them, or all.
   */
  fault(args: ({ pathIncludes: string; requestId?: string } | { requestId: string; pathIncludes?: string }) & { mode: 'delay' | 'error' | 'garbage' | 'close'; delayMs?: number; times?: number }): Promise<string>;
  /** Ends a fault `fault` made (the provider is back). */
  clearFault(id: string): Promise<void>;
  /** Tokens of this account live `seconds` (renewal without waiting an hour). */
  tokenTtl(email: string, seconds: number): Promise<void>;
  /** Ends the account's provider sessions, as a sign-out elsewhere would. */
  endSessions(email: string): Promise<void>;
};

/** Which provider API generation a project runs against (docs/provider-contract.md §3). */
export type Generation = 'current' | 'legacy';
const legacy = (generation: Generation) => generation === 'legacy';

const STANDIN_FIXTURE = async ({ request, generation }: { request: APIRequestContext; generation: Generation }, use: (s: StandIn) => Promise<void>) => {
  await use(standinClient(request, legacy(generation) ? process.env.E2E_LEGACY_STANDIN_URL! : process.env.E2E_STANDIN_URL!));
};

/** The controls of the stand-in at `url` (the shared one is the `standin` fixture). */
export function standinClient(request: APIRequestContext, url: string): StandIn {
  return {
    url,
    async outbox(to) {
      const response = await request.get(`${url}/__standin/outbox.json`);
      return ((await response.json()).messages as OutboxMessage[]).filter((m) => m.to === to);
    },
    async expireCodes(email) {
      expect((await request.post(`${url}/__standin/expire-codes`, { data: { email } })).ok()).toBe(true);
    },
    async expireResets(email) {
      expect((await request.post(`${url}/__standin/expire-resets`, { data: { email } })).ok()).toBe(true);
    },
    async calls(fragment, requestId) {
      const query = new URLSearchParams({ pathIncludes: fragment, ...(requestId ? { requestId } : {}) });
      const response = await request.get(`${url}/__standin/calls?${query}`);
      return (await response.json()).calls;
    },
    async fault(args) {
      const response = await request.post(`${url}/__standin/faults`, { data: args });
      expect(response.ok()).toBe(true);
      return ((await response.json()) as { id: string }).id;
    },
    async clearFault(id) {
      expect((await request.post(`${url}/__standin/faults/${id}/clear`)).ok()).toBe(true);
    },
    async tokenTtl(email, seconds) {
      expect((await request.post(`${url}/__standin/token-ttl`, { data: { email, seconds } })).ok()).toBe(true);
    },
    async endSessions(email) {
      expect((await request.post(`${url}/__standin/end-sessions`, { data: { email } })).ok()).toBe(true);
    },
  };
}

/**
 * Fixtures for every e2e test: the app's URL, the stand-in's controls, the app's log, for the
 * project's provider API generation (the `-legacy` projects run the tests tagged @generations
 * against a stand-in and an app of the legacy generation).
 */
export const httpTest = base.extend<{ standin: StandIn; appLog: () => string }, { generation: Generation }>({
  generation: ['current', { option: true, scope: 'worker' }],
  baseURL: async ({ generation }, use) => use(legacy(generation) ? process.env.E2E_LEGACY_APP_URL : process.env.E2E_APP_URL),
  standin: STANDIN_FIXTURE,
  appLog: async ({ generation }, use) =>
    use(() => readFileSync(legacy(generation) ? process.env.E2E_LEGACY_APP_LOG! : process.env.E2E_APP_LOG!, 'utf8')),
});

export type ColorScheme = 'light' | 'dark';

/** The screen sizes of the contact sheet: a desktop and a phone. */
export const PHOTO_SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

export type AxeOptions = {
  /** The colour scheme to judge the page in (default: light). */
  colorScheme?: ColorScheme;
  /** Only these axe rules (default: every rule of the WCAG 2.2 A/AA and best-practice tags). */
  rules?: string[];
};

/** The axe rules whose outcome depends on colours: what is worth repeating in the other scheme. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type ScreenChecks = {
  /** Zero axe violations on the page as it is now. */
  expectAccessible: (page: Page, options?: AxeOptions) => Promise<void>;
  /** Every visible text and accessible name is a message of `locale` (or one of `data`). */
  expectOnlyMessages: (page: Page, locale: string, data?: string[]) => Promise<void>;
  /**
   * Writes the whole page on a desktop (1280 × 800) and a phone (375 × 740), light and dark, to
   * test-results/screenshots/ as `<name>-<scheme>-<width>-js-<on|off>.png` (the names
   * scripts/contact-sheet.mjs reads; it shows the first screen of each and links the whole page).
   */
  photograph: (page: Page, name: string, schemes?: ColorScheme[]) => Promise<void>;
};

/** Browser tests add the screen checks and fail on any CSP violation. */
export const test = httpTest.extend<ScreenChecks & { cspViolations: void; staticCopies: void }>({
  expectOnlyMessages: async ({}, use) => use((page, locale, data = []) => checkOnlyMessages(page, locale, data)),
  photograph: async ({ javaScriptEnabled }, use) =>
    use(async (page, name, schemes = ['light', 'dark']) => {
      const original = page.viewportSize();
      const originalScheme = await currentScheme(page);
      for (const scheme of schemes) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const { width, height } of PHOTO_SIZES) {
          await page.setViewportSize({ width, height });
          await imagesSettled(page);
          await page.screenshot({
            path: `test-results/screenshots/${name}-${scheme}-${width}-js-${javaScriptEnabled ? 'on' : 'off'}.png`,
            fullPage: true,
            animations: 'disabled',
          });
        }
      }
      await page.emulateMedia({ colorScheme: originalScheme });
      if (original) await page.setViewportSize(original);
    }),
  // Every browser test fails if the page reports a Content-Security-Policy violation: a script or
  // style without this request's nonce would be blocked for real users too.
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to (load|execute|apply|send)/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      await use();
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
  expectAccessible: async ({ javaScriptEnabled }, use) =>
    use((page, options) => checkAccessible(page, javaScriptEnabled, options)),
  staticCopies: [
    async ({}, use) => {
      await use();
      await Promise.all([...openCopies].map((context) => context.close()));
      openCopies.clear();
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Zero axe violations (WCAG 2.2 A/AA and best-practice rules) on the page as it is now.
 *
 * axe-core is put into the page once per document and run there directly (about 0.1 s a run,
 * where @axe-core/playwright's partial run and its finishing page took close to 1 s). Axe needs
 * a scripting context, which a JavaScript-off page does not have; there the very HTML the browser
 * received is checked in a context of its own, with the app's scripts removed and its CSS loaded
 * from the server, so it is the no-JS page that is judged. That copy is kept while the page
 * stays as it is, so checking it light, dark and again costs one copy.
 */
async function checkAccessible(page: Page, javaScriptEnabled: boolean, options: AxeOptions = {}) {
  await expect(page).toHaveTitle(/\S/);
  const scheme = options.colorScheme ?? 'light';
  const originalScheme = await currentScheme(page);
  const emulate = javaScriptEnabled && scheme !== originalScheme;
  if (emulate) await page.emulateMedia({ colorScheme: scheme });
  try {
    const results = await runAxe(page, javaScriptEnabled, scheme, options.rules);
    const where = (v: AxeRuleResult) =>
      v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').trim()}]` : ''}`).join('; ');
    expect(
      results.violations.map((v) => `${v.id} (${scheme}): ${v.help} (${v.nodes.length}: ${where(v)})`),
      `axe violations in ${scheme} mode`,
    ).toEqual([]);
    // target-size (WCAG 2.5.8) is off by default in axe; selecting it by its tag turns it on.
    // Make sure it and the colour rules really ran, so a silent skip cannot pass for a pass.
    const ran = new Set([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id));
    for (const rule of options.rules ?? ['target-size', 'color-contrast', 'link-in-text-block']) {
      expect(ran.has(rule), `axe ran ${rule}`).toBe(true);
    }
  } finally {
    if (emulate) await page.emulateMedia({ colorScheme: originalScheme });
  }
}

type AxeRuleResult = { id: string; help: string; nodes: Array<{ target: string[]; failureSummary?: string }> };
type AxeResults = Record<'violations' | 'passes' | 'incomplete' | 'inapplicable', AxeRuleResult[]>;

const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

async function runAxe(page: Page, javaScriptEnabled: boolean, scheme: ColorScheme, rules?: string[]): Promise<AxeResults> {
  const target = javaScriptEnabled ? page : await staticCopy(page);
  if (target !== page) await target.emulateMedia({ colorScheme: scheme });
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: AXE_TAGS };
  return target.evaluate(
    // Details of the violations only; the other lists still name every rule that ran.
    (runOnly) => (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(document, { runOnly, resultTypes: ['violations'] }),
    runOnly,
  );
}

/** The no-JS page's HTML, scripts removed, served again in a scripting context (see above). */
const copies = new WeakMap<Page, { key: string; copy: Page }>();
/** The copies' contexts still open; closed when the test ends (fixture `staticCopies`). */
const openCopies = new Set<BrowserContext>();

async function staticCopy(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const url = page.url();
  const viewport = page.viewportSize() ?? undefined;
  const key = `${url} ${viewport?.width}×${viewport?.height}\n${html}`;
  const cached = copies.get(page);
  if (cached && cached.key === key && !cached.copy.isClosed()) return cached.copy;
  if (cached) {
    openCopies.delete(cached.copy.context());
    await cached.copy.context().close();
  }
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport });
  openCopies.add(context);
  const copy = await context.newPage();
  await copy.route('**/*', (route) => {
    const request = route.request();
    if (request.url() === url) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    if (request.resourceType() === 'script') return route.abort();
    return route.continue();
  });
  await copy.goto(url);
  copies.set(page, { key, copy });
  return copy;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Every image loaded, in the version for the scheme now emulated: a <picture> swaps in the dark
 * logo by itself, and a screenshot taken before it arrived would show the light one. Polled with
 * evaluations, which work with scripting off too.
 */
async function imagesSettled(page: Page) {
  for (let tries = 0; tries < 50; tries++) {
    const settled = await page.evaluate(() => {
      const dark = matchMedia('(prefers-color-scheme: dark)').matches;
      return [...document.images].every((image) => {
        if (!image.complete || image.naturalWidth === 0) return false;
        const source = image.parentElement?.matches('picture') ? image.parentElement.querySelector('source') : null;
        return !source || image.currentSrc.endsWith('-dark') === dark;
      });
    });
    if (settled) return;
    await page.waitForTimeout(50);
  }
}

/** The colour scheme the page is emulating now (works with scripting off too). */
async function currentScheme(page: Page): Promise<ColorScheme> {
  return (await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) ? 'dark' : 'light';
}

/** Messages of a locale as whole-string patterns; {placeholders} match any non-empty text. */
function messagePatterns(locale: string): RegExp[] {
  const flatten = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : Object.values(value as Record<string, unknown>).flatMap(flatten);
  const messages = flatten(JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')));
  return messages.map(
    (message) => new RegExp(`^${message.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`, 's'),
  );
}

/**
 * Fails when a screen shows text that does not come from the messages: every text node and every
 * alt text and accessible-name attribute must be a whole message, a language's own name in the
 * selector, or one of the data values the test passes (an e-mail, a reference id).
 */
async function checkOnlyMessages(page: Page, locale: string, data: string[]) {
  const patterns = messagePatterns(locale);
  const allowed = new Set([...Object.values(LOCALE_NAMES), ...data]);
  // An evaluation runs in a page without JavaScript too (it is the browser's, not the page's).
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // Phrases of one text joined by <wbr> (Japanese, Chinese: lib/i18n/typeset.tsx) are one text.
    let last: Node | null = null;
    let raw = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template, [aria-hidden="true"]')) continue;
      const before = node.previousSibling;
      if (last && before?.nodeName === 'WBR' && before.previousSibling === last) {
        raw += node.textContent ?? '';
        found[found.length - 1] = raw.trim();
        last = node;
        continue;
      }
      raw = node.textContent ?? '';
      const text = raw.trim();
      if (text) found.push(text);
      last = text ? node : null;
    }
    for (const element of document.body.querySelectorAll('[alt], [aria-label], [title], [placeholder]')) {
      for (const name of ['alt', 'aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  const strays = texts.filter((text) => !allowed.has(text) && !patterns.some((p) => p.test(text)));
  expect(strays, 'texts on the page that are not messages').toEqual([]);
  const title = await page.title();
  const titleParts = title.split(' · ');
  expect(titleParts.every((part) => patterns.some((p) => p.test(part))), `title "${title}"`).toBe(true);
}

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
