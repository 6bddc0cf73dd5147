import { expect, httpTest as test } from '../support/fixtures';
import { openEmailForm } from '../support/forms';

const existenceCalls = async (standin: { calls(f: string): Promise<unknown[]> }, requestId: string) =>
  (await standin.calls(`userexistence/${requestId}`)).length;

test.describe('cross-origin form posts are refused before they reach the provider', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['a foreign Origin', { origin: 'http://evil.example' }],
    ['a foreign Origin with a next-action header', { origin: 'http://evil.example', 'next-action': 'x' }],
    ['Origin: null from another site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['no Origin and no fetch metadata', {}],
  ];
  for (const [label, headers] of cases) {
    test(`${label} → 403, provider not called`, async ({ request, standin }) => {
      const form = await openEmailForm(request);
      const response = await request.post(form.url, {
        headers,
        multipart: { ...form.fields, email: 'anna.schmidt@example.com' },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(403);
      expect(await existenceCalls(standin, form.requestId)).toBe(0);
    });
  }

  test('the same post from this origin is accepted (the check can pass)', async ({ request, standin, baseURL }) => {
    const form = await openEmailForm(request);
    const response = await request.post(form.url, {
      headers: { origin: new URL(baseURL!).origin },
      multipart: { ...form.fields, email: 'anna.schmidt@example.com' },
      maxRedirects: 0,
    });
    expect(response.status()).toBeLessThan(400);
    expect(await existenceCalls(standin, form.requestId)).toBe(1);
  });
});

test.describe('security headers', () => {
  test('pages carry a strict nonce CSP and the baseline headers', async ({ request }) => {
    const response = await request.get('/?requestId=00000000-0000-4000-8000-000000000000', { maxRedirects: 0 });
    const headers = response.headers();
    const csp = headers['content-security-policy'];
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:\d+/);
    expect(headers['strict-transport-security']).toMatch(/max-age=\d{8,}/);
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toContain('no-store');
    expect(headers['x-powered-by']).toBeUndefined();
  });

  test('every response gets a fresh nonce', async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const csp = (await request.get('/error')).headers()['content-security-policy'];
      nonces.add(/'nonce-([^']+)'/.exec(csp)![1]);
    }
    expect(nonces.size).toBe(10);
  });

  test('the flow cookie is HttpOnly, SameSite=Lax, host-wide and short-lived', async ({ request }) => {
    const form = await openEmailForm(request);
    const response = await request.post(form.url, {
      headers: { origin: new URL(process.env.E2E_APP_URL!).origin },
      multipart: { ...form.fields, email: 'anna.schmidt@example.com' },
      maxRedirects: 0,
    });
    const cookie = response.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('signin_flow='));
    expect(cookie?.value).toMatch(/HttpOnly/i);
    expect(cookie?.value).toMatch(/SameSite=Lax/i);
    expect(cookie?.value).toMatch(/Path=\//);
    expect(cookie?.value).not.toMatch(/Domain=/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie!.value)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(840);
    expect(cookie!.value.length).toBeLessThan(4096);
  });
});
