import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { JSDOM } from 'jsdom';
import { bodyOf, formPost } from './form-client';

/** The form's own submit button (not the language selector's, not a resend or a Cancel). */
export const MAIN_SUBMIT = 'main form:not(.resend) button[type="submit"]:not([form])';
/** The Continue button of the hand-over page a browser without JavaScript gets. */
export const CONTINUE_BUTTON = '#continue-form button[type="submit"]';

/** The hidden fields of a server-rendered page (the action ids of its forms among them). */
export async function hiddenFields(response: APIResponse): Promise<Record<string, string>> {
  const html = await response.text();
  const fields: Record<string, string> = {};
  for (const [, name, value = ''] of html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)) {
    fields[name] = value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  }
  return fields;
}

/**
 * Drives the sign-in the way a browser without JavaScript does: plain form posts carrying the
 * page's action fields, with this origin. Cookies stay in the request context.
 */
export async function openEmailForm(request: APIRequestContext) {
  const page = await request.get('/', { maxRedirects: 5 });
  expect(page.status()).toBe(200);
  const url = new URL(page.url());
  return { url: url.pathname + url.search, requestId: url.searchParams.get('requestId')!, fields: await hiddenFields(page) };
}

export async function postForm(request: APIRequestContext, path: string, fields: Record<string, string>) {
  return request.post(path, {
    headers: { origin: new URL(process.env.E2E_APP_URL!).origin },
    multipart: fields,
    maxRedirects: 0,
  });
}

/** Where a walk by request stops: an address that matches (a pattern of the whole address, or a test of it). */
export type StopAt = RegExp | ((url: URL) => boolean);

/**
 * Where the provider sends the browser back after the password: one of this app's hosted pages,
 * its address with the track (MFA, groups, set-up, consent, missing fields), or the callback
 * (nothing more asked: signed in).
 */
export const BACK_FROM_PROVIDER: StopAt = (url) => url.searchParams.has('track_id') || url.pathname === '/auth/callback';

/** The sign-in step a page asks for, by its form: the hand-over's Continue, the password, the e-mail. */
function stepOf(document: Document, email: string, password: string): { name: string; button: string; fields: Record<string, string> } | undefined {
  if (document.querySelector(CONTINUE_BUTTON)) return { name: 'continue', button: CONTINUE_BUTTON, fields: {} };
  if (document.querySelector('main form input[name="password"]')) return { name: 'password', button: MAIN_SUBMIT, fields: { password } };
  if (document.querySelector('main form input[name="email"]')) return { name: 'email', button: MAIN_SUBMIT, fields: { email } };
  return undefined;
}

/**
 * The sign-in's prefix (start, e-mail, password, Continue) sent as a browser without JavaScript
 * sends it, by the page's own request context: the forms' own fields (the server actions' ids
 * among them) posted with this origin, the provider's redirects followed, the cookies in the
 * browser context's jar, no page drawn. It stops at the first address that matches `until` and
 * answers it unopened, for the test to open with one `page.goto`, with the sign-in's request id.
 *
 * For tests whose subject comes after the password (docs/testing.md "Sign-in by request"): the
 * prefix itself, with and without JavaScript, is what sign-in.spec.ts, keyboard.spec.ts and the
 * accessibility matrix check in the browser.
 */
export async function signInByRequest(page: Page, email: string, password: string, { until }: { until: StopAt }): Promise<{ url: URL; requestId: string }> {
  const stops = (url: URL) => (typeof until === 'function' ? until(url) : until.test(url.href));
  const sent = new Set<string>();
  // The app's start, as a direct visit (the context's base address).
  let answer = await page.request.get('/', { maxRedirects: 0 });
  let url = new URL(answer.url());
  let requestId = '';
  for (let hop = 0; hop < 30; hop++) {
    const location = answer.headers().location;
    if (answer.status() >= 300 && answer.status() < 400 && location) {
      url = new URL(location, url);
      if (stops(url)) return { url, requestId };
      answer = await page.request.get(url.href, { maxRedirects: 0 });
      continue;
    }
    const document = new JSDOM(await answer.text(), { url: url.href }).window.document;
    // A streamed screen sends a browser without scripting on to its one-piece address.
    const refresh = document
      .querySelector('meta[http-equiv="refresh" i]')
      ?.getAttribute('content')
      ?.match(/^0;\s*url=(.+)$/i);
    if (refresh) {
      url = new URL(refresh[1], url);
      if (stops(url)) return { url, requestId };
      answer = await page.request.get(url.href, { maxRedirects: 0 });
      continue;
    }
    requestId ||= url.searchParams.get('requestId') ?? '';
    const step = stepOf(document, email, password);
    // A step met twice was refused (a wrong password, a limit): say what the page said.
    if (!step || sent.has(`${step.name} ${url.pathname}`)) {
      const said = document.querySelector('main h1, [role="alert"], .field-error')?.textContent?.trim();
      throw new Error(`signInByRequest(${email}): stuck at ${url.href} (${answer.status()}): ${said}`);
    }
    sent.add(`${step.name} ${url.pathname}`);
    const post = formPost(document, step.button, step.fields);
    const body = bodyOf(post);
    answer = await page.request.fetch(post.url.href, {
      method: 'POST',
      headers: { origin: url.origin, ...(body instanceof URLSearchParams ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body instanceof URLSearchParams ? { data: body.toString() } : { multipart: body }),
      maxRedirects: 0,
    });
    url = post.url;
  }
  throw new Error(`signInByRequest(${email}): no ${until} after 30 steps`);
}
