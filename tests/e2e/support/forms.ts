import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

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
