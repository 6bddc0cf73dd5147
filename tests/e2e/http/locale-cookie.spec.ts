import { expect, httpTest as test } from '../support/fixtures';
import { startOwnApp } from '../support/own-app';

/**
 * The language choice is a cookie like the others (docs/architecture.md "What is kept where"): `__Host-` and
 * Secure when PUBLIC_URL is https, so no sibling host can plant or override it; plain on http.
 */

const PUBLIC_URL = 'https://signin.example.test';

const setCookies = (response: Response) => response.headers.getSetCookie();
const langOf = async (response: Response) => /<html lang="([^"]+)"/.exec(await response.text())?.[1];

test('https: the language form sets __Host-signin_locale (Secure, Path=/, no Domain), and only that cookie is read', async () => {
  const app = await startOwnApp({ PUBLIC_URL });
  try {
    // The browser's same-origin post from the https origin, as proxy.ts's origin guard sees it.
    const posted = await fetch(`${app.url}/language`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'locale=de-DE&return=%2Ferror',
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    const [cookie, ...others] = setCookies(posted);
    expect(others).toEqual([]);
    expect(cookie).toMatch(/^__Host-signin_locale=de-DE;/);
    expect(cookie).toMatch(/; Secure(;|$)/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/i);
    expect(cookie).not.toMatch(/Domain=/i);

    const get = (cookieHeader: string) => fetch(`${app.url}/error`, { headers: { cookie: cookieHeader, 'accept-language': 'en-GB' } });
    expect(await langOf(await get('__Host-signin_locale=de-DE'))).toBe('de-DE');
    // A plain cookie could have been set by another host of the domain: ignored on https.
    expect(await langOf(await get('signin_locale=de-DE'))).toBe('en-GB');
  } finally {
    await app.stop();
  }
});

test('http (loopback development): the plain signin_locale cookie, without Secure', async ({ baseURL }) => {
  const posted = await fetch(`${baseURL}/language`, {
    method: 'POST',
    headers: { origin: new URL(baseURL!).origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'locale=sv-SE&return=%2Ferror',
    redirect: 'manual',
  });
  expect(posted.status).toBe(303);
  const [cookie] = setCookies(posted);
  expect(cookie).toMatch(/^signin_locale=sv-SE;/);
  expect(cookie).not.toMatch(/Secure/i);
  const page = await fetch(`${baseURL}/error`, { headers: { cookie: 'signin_locale=sv-SE', 'accept-language': 'en-GB' } });
  expect(await langOf(page)).toBe('sv-SE');
});
