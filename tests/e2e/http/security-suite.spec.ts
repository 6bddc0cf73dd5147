import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { expect, httpTest as test } from '../support/fixtures';
import { openEmailForm, postForm } from '../support/forms';
import { newRequestId } from '../support/own-app';

/** The security checklist (headers and CSP, framing, forged hosts, leaked errors, body limits), run against the built server on loopback. */

const BASELINE = {
  'strict-transport-security': /^max-age=\d{8,}; includeSubDomains$/,
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/,
  'referrer-policy': /^no-referrer$/,
  'cross-origin-resource-policy': /^same-origin$/,
  'x-robots-tag': /^noindex, nofollow$/,
};

test.describe('header matrix', () => {
  test('200, 303, 404, 500/503, static, action and route responses all carry the baseline; documents the CSP', async ({ request, standin }) => {
    const form = await openEmailForm(request);
    const staticPath = /\/_next\/static\/[^"]+\.css/.exec(await (await request.get(form.url)).text())![0];
    const failingId = await newRequestId();
    await standin.fault({ pathIncludes: failingId, mode: 'error' });
    const cases = {
      page200: await request.get(form.url),
      redirect303: await postForm(request, form.url, { ...form.fields, email: 'anna.schmidt@example.com' }),
      notFound404: await request.get('/no-such-page'),
      outage503: await request.get(`/?requestId=${failingId}`),
      static: await request.get(staticPath),
      action: await request.post(form.url, {
        headers: { origin: new URL(form.url, process.env.E2E_APP_URL).origin, 'next-action': 'f'.repeat(42) },
        data: '[]',
      }),
      route: await request.get('/healthz'),
    };
    expect(cases.page200.status()).toBe(200);
    expect(cases.redirect303.status()).toBe(303);
    expect(cases.notFound404.status()).toBe(404);
    expect(cases.outage503.status()).toBe(503);
    expect(cases.static.status()).toBe(200);
    for (const [name, response] of Object.entries(cases)) {
      const headers = response.headers();
      for (const [header, pattern] of Object.entries(BASELINE)) expect(headers[header], `${name}: ${header}`).toMatch(pattern);
      expect(headers['x-powered-by'], name).toBeUndefined();
      expect(headers.server, name).toBeUndefined();
      if (name === 'static') expect(headers['cache-control']).toContain('immutable');
      else expect(headers['cache-control'], name).toContain('no-store');
    }
    for (const name of ['page200', 'notFound404', 'outage503'] as const) {
      const headers = cases[name].headers();
      expect(headers['content-security-policy'], name).toMatch(/default-src 'none'.*script-src 'nonce-[^']+' 'strict-dynamic'/);
      expect(headers['content-security-policy'], name).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(headers['cross-origin-opener-policy'], name).toBe('same-origin');
    }
  });

  test('100 responses, 100 distinct CSP nonces', async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 100; i++) nonces.add(/'nonce-([^']+)'/.exec((await request.get('/error')).headers()['content-security-policy'])![1]);
    expect(nonces.size).toBe(100);
  });
});

test('clickjacking: a page of another origin cannot frame the sign-in', async ({ browser }) => {
  const appUrl = process.env.E2E_APP_URL!;
  const attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>attacker</title><iframe id="f" src="${appUrl}/error" width="600" height="400"></iframe>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const blocked = page
      .waitForEvent('console', { predicate: (m) => /frame-ancestors|X-Frame-Options|refused to display/i.test(m.text()), timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const framed = frame
      ? await frame
          .getByText('Something went wrong')
          .count()
          .catch(() => 0)
      : 0;
    expect(framed).toBe(0);
    expect(await blocked).toBe(true);
  } finally {
    await context.close();
    attacker.close();
  }
});

test('Host and X-Forwarded-Host cannot steer redirects or the provider calls', async ({ request, standin }) => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const start = await request.get('/', { headers: forged, maxRedirects: 0 });
  expect(start.status()).toBeGreaterThanOrEqual(300);
  expect(start.headers().location ?? '').not.toContain('evil.example');
  const toProvider = await request.get('/auth/start', { headers: forged, maxRedirects: 0 });
  const location = new URL(toProvider.headers().location!);
  expect(location.origin).toBe(new URL(standin.url).origin);
  expect(location.searchParams.get('redirect_uri')).toBe(`${process.env.E2E_APP_URL}/auth/callback`);

  const form = await openEmailForm(request);
  const posted = await request.post(form.url, {
    headers: { ...forged, origin: new URL(process.env.E2E_APP_URL!).origin },
    multipart: { ...form.fields, email: 'anna.schmidt@example.com' },
    maxRedirects: 0,
  });
  expect(posted.headers().location ?? '').not.toContain('evil.example');
  expect((await standin.calls(`userexistence/${form.requestId}`)).length).toBe(1);
});

test('no stack traces or upstream text reach a page', async ({ request, standin }) => {
  const requestId = await newRequestId();
  await standin.fault({ pathIncludes: requestId, mode: 'error' });
  const body = await (await request.get(`/?requestId=${requestId}`)).text();
  expect(body).not.toMatch(/SECRET-STACK|NullPointerException|\n\s+at [\w.<>]+ \(|node_modules\//);
  const unknown = await (await request.get('/%E0%A4%A')).text();
  expect(unknown).not.toMatch(/URIError|\n\s+at [\w.<>]+ \(/);
});

test('request bodies over the limit are refused without reaching the provider', async ({ request, standin }) => {
  const form = await openEmailForm(request);
  const response = await postForm(request, form.url, { ...form.fields, email: `${'a'.repeat(100_000)}@example.com` });
  expect(response.status()).toBe(413);
  expect(await response.text()).not.toMatch(/\n\s+at [\w.<>]+ \(/);
  expect((await standin.calls(`userexistence/${form.requestId}`)).length).toBe(0);
});

test('MDN HTTP Observatory: over plain HTTP only TLS-bound checks fail', async () => {
  test.setTimeout(60_000);
  const conf = 'node_modules/@mdn/mdn-http-observatory/conf/hsts-preload.json';
  // Its postinstall downloads the HSTS preload list, which this offline machine cannot.
  if (!existsSync(conf)) writeFileSync(conf, '{}');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['node_modules/@mdn/mdn-http-observatory/src/scan.js', new URL(process.env.E2E_APP_URL!).host],
    { timeout: 50_000 },
  );
  const result = JSON.parse(stdout) as { scan: { score: number }; tests: Record<string, { pass: boolean; result: string }> };
  const failed = Object.entries(result.tests).filter(([, t]) => !t.pass);
  // redirection and HSTS need TLS; the cookies' Secure flag is set exactly when PUBLIC_URL is
  // https (tests/unit/session.test.ts), which a plain-HTTP loopback scan cannot be.
  expect(Object.fromEntries(failed.map(([name, t]) => [name, t.result]))).toEqual({
    redirection: 'redirection-not-to-https',
    'strict-transport-security': 'hsts-not-implemented-no-https',
    cookies: 'cookies-without-secure-flag',
  });
  expect(result.tests['content-security-policy'].result).toBe('csp-implemented-with-no-unsafe-default-src-none');
  expect(result.scan.score).toBeGreaterThanOrEqual(40);
});

test('an action called without its form (the one-argument form post, or a script with other arguments) is a 400 with one log line', async ({
  request,
  standin,
  appLog,
}) => {
  const form = await openEmailForm(request);
  const bound = Object.entries(form.fields).find(([name]) => /^\$ACTION_\d+:0$/.test(name));
  const actionId = (JSON.parse(bound![1]) as { id: string }).id;
  const origin = new URL(process.env.E2E_APP_URL!).origin;
  // What a page of this app never sends: the action named alone, so Next calls it with the form's data only.
  const oneArgument = await request.post(form.url, {
    headers: { origin },
    multipart: { [`$ACTION_ID_${actionId}`]: '', requestId: form.requestId, email: 'anna.schmidt@example.com' },
    maxRedirects: 0,
  });
  const scripted = await request.post(form.url, {
    headers: { origin, 'next-action': actionId, 'content-type': 'text/plain;charset=UTF-8' },
    data: '["not a form"]',
    maxRedirects: 0,
  });
  for (const response of [oneArgument, scripted]) {
    expect(response.status()).toBe(400);
    expect(await response.text()).not.toMatch(/\n\s+at [\w.<>]+ \(|TypeError/);
    const lines = appLog()
      .split('\n')
      .filter((line) => line.includes(response.headers()['x-request-id']));
    expect(lines.filter((line) => line.includes('"event":"malformed-action-call"'))).toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/"stack"|"level":50/);
  }
  expect((await standin.calls(`userexistence/${form.requestId}`)).length).toBe(0);
});
