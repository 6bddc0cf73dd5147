import { expect, httpTest as test } from '../support/fixtures';

/**
 * Only the health probes, Next's static files and the logos skip proxy.ts (docs/architecture.md "Decisions
 * worth knowing"), so every page Next renders, a 404 included, carries this request's CSP. The request
 * headers proxy.ts hands to the render are never taken from the client, on any path.
 */

/** Near misses of the paths the proxy skips, and those paths themselves. */
const PATHS = [
  '/healthz',
  '/healthzX',
  '/healthz/',
  '/healthz.json',
  '/healthz%2F',
  '/readyz',
  '/readyzX',
  '/readyz/x',
  '/favicon.ico',
  '/favicon.icoX',
  '/_next/image',
  '/_next/imageX',
  '/_next/staticX',
  '/_next/static',
  '/_next/static/x',
  '/_next/static/x/y.js',
  '/brand',
  '/brandX',
  '/brand/',
  '/brand/x/y',
  '/brand/manufacturer',
  '/no-such-page',
];

/** What a client might send to pose as proxy.ts (or as Next's own internal requests). */
const FORGED = {
  'x-nonce': 'attacker-nonce',
  'content-security-policy': "script-src 'nonce-attacker-nonce'",
  'x-signin-locale': 'de-DE',
  'x-signin-path': '/attacker-path',
  'accept-language': 'en-GB',
};

test('no path echoes a client-supplied nonce or locale, and every HTML answer carries the CSP', async ({ request }) => {
  const findings: string[] = [];
  for (const path of PATHS) {
    const response = await request.get(path, { headers: FORGED, maxRedirects: 0 });
    const headers = response.headers();
    const body = await response.text();
    const html = (headers['content-type'] ?? '').includes('text/html');
    if (/attacker/.test(body) || /attacker/.test(JSON.stringify(headers))) findings.push(`${path}: echoes the forged headers`);
    if (html && !/script-src 'nonce-[^']+' 'strict-dynamic'/.test(headers['content-security-policy'] ?? '')) {
      findings.push(`${path}: ${response.status()} HTML without the CSP`);
    }
    if (html && !body.includes('<html lang="en-GB"')) findings.push(`${path}: not rendered in the browser's language`);
  }
  expect(findings).toEqual([]);
});

/**
 * The provider's entry addresses are rewritten by proxy.ts to their entry routes
 * (lib/entry-rewrites.ts). A rewrite to what Next takes for another origin is forwarded over HTTP
 * to this same server: two requests for one, and Next's proxy warning in the log. Each entry must
 * be one request, answered by its entry route (a 303 to the clean page) with nothing logged at
 * error level.
 */
test('an entry address is rewritten inside this server: one request, answered by its entry route', async ({ request, appLog }) => {
  const lines = () =>
    appLog()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { event?: string; reqId?: string; level?: number; path?: string });
  const entries = [
    '/register-mfa?track_id=t1',
    '/group-selection?trackId=t1&sub=s1',
    '/reset-password?rprq=r1&exchangeid=e1',
    '/verify-email-complete?accvid=a1',
  ];
  for (const [i, address] of entries.entries()) {
    const id = `entry-rewrite-${Date.now()}-${i}`;
    const response = await request.get(address, { headers: { 'x-request-id': id }, maxRedirects: 0 });
    expect(response.status(), address).toBe(303);
    await expect.poll(() => lines().filter((l) => l.reqId === id && l.event === 'request').length).toBeGreaterThan(0);
    // The answer is out; a forwarded copy would have been logged before it.
    const mine = lines().filter((l) => l.reqId === id);
    expect(
      mine.filter((l) => l.event === 'request').map((l) => l.path),
      address,
    ).toEqual([address.split('?')[0]]);
    expect(
      mine.filter((l) => (l.level ?? 0) >= 50),
      address,
    ).toEqual([]);
  }
});
