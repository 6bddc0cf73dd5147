import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

/** Demo accounts from the stand-in's seed file. */
export const ACCOUNTS = {
  password: { email: 'anna.schmidt@example.com', password: 'KitchenDemo2026' },
  declined: { email: 'declined@example.com', password: 'KitchenDemo2026' },
} as const;

type StandIn = {
  url: string;
  /** Calls the stand-in received whose path contains `fragment`. */
  calls(fragment: string): Promise<Array<{ method: string; path: string }>>;
  fault(args: { pathIncludes: string; mode: 'delay' | 'error' | 'garbage' | 'close'; delayMs?: number }): Promise<void>;
};

const STANDIN_FIXTURE = async ({ request }: { request: APIRequestContext }, use: (s: StandIn) => Promise<void>) => {
  const url = process.env.E2E_STANDIN_URL!;
  await use({
    url,
    async calls(fragment) {
      const response = await request.get(`${url}/__standin/calls?pathIncludes=${encodeURIComponent(fragment)}`);
      return (await response.json()).calls;
    },
    async fault(args) {
      const response = await request.post(`${url}/__standin/faults`, { data: args });
      expect(response.ok()).toBe(true);
    },
  });
};

/** Fixtures for every e2e test: the app's URL, the stand-in's controls, the app's log. */
export const httpTest = base.extend<{ standin: StandIn; appLog: () => string }>({
  baseURL: async ({}, use) => use(process.env.E2E_APP_URL),
  standin: STANDIN_FIXTURE,
  appLog: async ({}, use) => use(() => readFileSync(process.env.E2E_APP_LOG!, 'utf8')),
});

/** Browser tests add the accessibility check and fail on any CSP violation. */
export const test = httpTest.extend<{ expectAccessible: (page: Page) => Promise<void>; cspViolations: void }>({
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
    use((page) => checkAccessible(page, javaScriptEnabled)),
});

export { expect };

/**
 * Zero axe violations (WCAG 2.2 A/AA and best-practice rules) on the page as it is now.
 * Axe runs as a script in the page, which a JavaScript-off page cannot do; there the very HTML
 * the browser received is checked in a scripting context of its own, with the app's scripts
 * removed, its CSS loaded from the server, so it is the no-JS page that is judged.
 */
async function checkAccessible(page: Page, javaScriptEnabled: boolean) {
  await expect(page).toHaveTitle(/\S/);
  const target = javaScriptEnabled ? page : await staticCopy(page);
  try {
    const results = await new AxeBuilder({ page: target })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  } finally {
    if (target !== page) await target.context().close();
  }
}

async function staticCopy(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const url = page.url();
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  const copy = await context.newPage();
  await copy.route('**/*', (route) => {
    const request = route.request();
    if (request.url() === url) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    if (request.resourceType() === 'script') return route.abort();
    return route.continue();
  });
  await copy.goto(url);
  return copy;
}

/** A direct visit: our own authorization request brings the browser back with a requestId. */
export async function startSignIn(page: Page): Promise<string> {
  await page.goto('/');
  await expect(page).toHaveURL(/[?&]requestId=/);
  return new URL(page.url()).searchParams.get('requestId')!;
}

/** Submits the current form. With JavaScript off, the page navigates; with it on, it may not. */
export async function submit(page: Page, name: RegExp | string) {
  await page.getByRole('button', { name }).click();
}

/** After the password step: with JS the continuation posts itself; without, the person clicks. */
export async function continueToProvider(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(/\/continue$/);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
}
