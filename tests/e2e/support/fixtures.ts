import { appendFileSync, readFileSync } from 'node:fs';
import { test as base, expect, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { checkAccessible, checkOnlyMessages, currentScheme, imagesSettled, openCopies, PHOTO_SIZES, type AxeOptions, type ColorScheme } from './screen-checks';
import { legacy, STANDIN_FIXTURE, type Generation, type StandIn } from './standin';

// What the specs import from here, kept in one place: the fixtures below, and by purpose
// accounts.ts (demo accounts), standin.ts (the stand-in's controls), screen-checks.ts (axe,
// messages, photographs), flow-steps.ts (the sign-in steps every flow walks through) and
// run-modes.ts (which projects a test runs in, and why).
export { ACCOUNTS, CLIENT_NAME, MFA, SETUP, TERMS } from './accounts';
export { standinClient, type Generation, type StandIn } from './standin';
export { PHOTO_SIZES, type AxeOptions, type ColorScheme } from './screen-checks';
export { generations, jsOffOnly, noJs, runModes } from './run-modes';
export {
  BY_FIELD_NAME,
  chooseLanguage,
  continueToProvider,
  openResetLink,
  reloadWithScriptsHeld,
  startSignIn,
  submit,
  toNewPasswordStep,
  toPasswordStep,
  unreadRequest,
} from './flow-steps';

/**
 * Fixtures for every e2e test: the app's URL, the stand-in's controls, the app's log, for the
 * project's provider API generation (the `-legacy` projects run the tests tagged @generations
 * against a stand-in and an app of the legacy generation).
 */
export const httpTest = base.extend<{ standin: StandIn; appLog: () => string }, { generation: Generation }>({
  generation: ['current', { option: true, scope: 'worker' }],
  baseURL: async ({ generation }, use) => use(legacy(generation) ? process.env.E2E_LEGACY_APP_URL : process.env.E2E_APP_URL),
  standin: STANDIN_FIXTURE,
  appLog: async ({ generation }, use) => use(() => readFileSync(legacy(generation) ? process.env.E2E_LEGACY_APP_LOG! : process.env.E2E_APP_LOG!, 'utf8')),
});

type ScreenChecks = {
  /** Zero axe violations on the page as it is now. */
  expectAccessible: (page: Page, options?: AxeOptions) => Promise<void>;
  /** Every visible text and accessible name is a message of `locale` (or one of `data`). */
  expectOnlyMessages: (page: Page, locale: string, data?: string[]) => Promise<void>;
  /**
   * Writes the whole page on a desktop (1280 × 800) and a phone (375 × 740), light and dark, to
   * test-results/screenshots/ as `<name>-<scheme>-<width>-js-<on|off>.png` (the names
   * scripts/contact-sheet.mjs reads; it shows the first screen of each and links the whole page).
   * The sizes are visited in a snake order (light: desktop, phone; dark: phone, desktop), so the
   * viewport changes once less per scheme; `atPhone`, if given, runs once at the phone size, in
   * the first scheme, before that picture is taken (a check that needs the phone's viewport
   * then costs no resize of its own).
   */
  photograph: (page: Page, name: string, schemes?: ColorScheme[], atPhone?: () => Promise<void>) => Promise<void>;
};

/** Browser tests add the screen checks and fail on any CSP violation. */
export const test = httpTest.extend<ScreenChecks & { cspViolations: void; staticCopies: void; routeCoverage: void }>({
  expectOnlyMessages: async ({}, use) => use((page, locale, data = []) => checkOnlyMessages(page, locale, data)),
  photograph: async ({ javaScriptEnabled }, use) =>
    use(async (page, name, schemes = ['light', 'dark'], atPhone) => {
      const original = page.viewportSize();
      const originalScheme = await currentScheme(page);
      for (const [index, scheme] of schemes.entries()) {
        await page.emulateMedia({ colorScheme: scheme });
        const sizes = index % 2 === 0 ? PHOTO_SIZES : [...PHOTO_SIZES].reverse();
        for (const { width, height } of sizes) {
          const now = page.viewportSize();
          if (now?.width !== width || now?.height !== height) await page.setViewportSize({ width, height });
          if (index === 0 && width === PHONE.width && atPhone) await atPhone();
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
  expectAccessible: async ({ javaScriptEnabled }, use) => use((page, options) => checkAccessible(page, javaScriptEnabled, options)),
  staticCopies: [
    async ({}, use) => {
      await use();
      await Promise.all([...openCopies].map((context) => context.close()));
      openCopies.clear();
    },
    { auto: true },
  ],
  // With COVERAGE_LOG=<file> (scripts/route-coverage.mjs), every request the test's browser
  // contexts send to an app is appended to the file, so two runs can be compared route by route.
  // Without it, nothing is recorded.
  routeCoverage: [
    async ({ browser, baseURL }, use, testInfo) => {
      const file = process.env.COVERAGE_LOG;
      if (!file) return use();
      const sharedApp = new URL(baseURL!).origin;
      const seen = new Set<string>();
      const watch = (context: BrowserContext) =>
        context.on('response', (response) => {
          const entry = appRequest(response.request(), response.headers(), sharedApp);
          if (entry) seen.add(JSON.stringify({ project: testInfo.project.name, ...entry }));
        });
      // The contexts other automatic fixtures opened before this one (the page's), and every later one.
      browser.contexts().forEach(watch);
      const restore = watchNewContexts(browser, watch);
      try {
        await use();
      } finally {
        restore();
        if (seen.size > 0) appendFileSync(file, [...seen].map((line) => `${line}\n`).join(''));
      }
    },
    { auto: true },
  ],
});

/** Calls `watch` on every context the browser opens until the returned function is called. */
function watchNewContexts(browser: Browser, watch: (context: BrowserContext) => void) {
  const newContext = browser.newContext;
  browser.newContext = async (...args) => {
    const context = await newContext.apply(browser, args);
    watch(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/**
 * A request answered by an app (its responses carry X-Request-Id, the stand-in's do not): the
 * project's shared app or one a test started, method, path without the query, and the server
 * action it posted, named by the `Next-Action` header (with JavaScript) or by the action fields
 * of the form (without it).
 */
function appRequest(request: Request, headers: Record<string, string>, sharedApp: string) {
  if (!headers['x-request-id']) return undefined;
  const url = new URL(request.url());
  const body = request.postDataBuffer()?.toString('latin1') ?? '';
  let form = body;
  try {
    form = decodeURIComponent(body.replaceAll('+', ' '));
  } catch {
    // a multipart body, or one that is not URL-encoded: read as it is
  }
  const action =
    request.headers()['next-action'] ??
    /\$ACTION_ID_([0-9a-f]+)/.exec(form)?.[1] ??
    (form.includes('$ACTION_REF_') ? /"id":"([0-9a-f]+)"/.exec(form)?.[1] : undefined);
  return { app: url.origin === sharedApp ? 'shared' : 'own', method: request.method(), path: url.pathname, action: action ?? null };
}

/** The phone of PHOTO_SIZES, where `photograph` runs its `atPhone` check. */
const PHONE = PHOTO_SIZES[1];

export { expect };
