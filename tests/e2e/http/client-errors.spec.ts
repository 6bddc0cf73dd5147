import { connect } from 'node:net';
import { expect, httpTest as test } from '../support/fixtures';

/**
 * Requests that Next alone answers with a server error or a redirect to another host are client
 * errors here (server/client-errors.mjs): nobody can make the log show error-level stack traces,
 * or the 5xx share of a screen (SigninStepErrors, docs/operations.md) rise, by sending them.
 */
type Line = { reqId?: string; level?: number; event?: string; status?: number; err?: unknown };
const lines = (log: string) =>
  log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);

/** What the app logged for the request `reqId` (once its request line is out). */
async function loggedFor(appLog: () => string, reqId: string): Promise<Line[]> {
  await expect.poll(() => lines(appLog()).filter((l) => l.reqId === reqId && l.event === 'request').length).toBe(1);
  return lines(appLog()).filter((l) => l.reqId === reqId);
}

/** One request over a raw socket, so its request target is sent exactly as written. */
function rawRequest(target: string, reqId: string): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(process.env.E2E_APP_URL!);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Request-Id: ${reqId}\r\nConnection: close\r\n\r\n`);
    });
    let head = '';
    socket.on('data', (chunk) => (head += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      resolve({ status, location: /^location: (.*)$/im.exec(head)?.[1]?.trim() });
    });
  });
}

test('a malformed Next-Router-State-Tree header is a 400 without an error-level line; a well-formed one still renders', async ({ request, appLog }) => {
  const malformed = ['garbage', '%7B', '[1,2', '{"children":[]}', encodeURIComponent(JSON.stringify(['', { children: 'x' }]))];
  for (const [i, value] of malformed.entries()) {
    const reqId = `router-state-${Date.now()}-${i}`;
    const response = await request.get('/signed-out', { headers: { rsc: '1', 'next-router-state-tree': value, 'x-request-id': reqId } });
    expect(response.status(), value.slice(0, 40)).toBe(400);
    expect(await response.text()).not.toMatch(/router state|\n\s+at /i);
    const logged = await loggedFor(appLog, reqId);
    expect(logged.filter((l) => (l.level ?? 0) >= 40 || l.err !== undefined)).toEqual([]);
  }
  // What the browser's router sends: the tree it has, answered with the page's payload.
  const tree = encodeURIComponent(JSON.stringify(['', { children: ['signed-out', { children: ['__PAGE__', {}] }] }]));
  const page = await request.get('/signed-out', { headers: { rsc: '1', 'next-router-state-tree': tree } });
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/x-component');
});

test("Next's own error page is not an address: /_global-error and what lies under it are 404, without an error-level line", async ({ request, appLog }) => {
  for (const [i, path] of ['/_global-error', '/_global-error/', '/_global-error?x=1', '/_global-error.segments/_index.segment.rsc'].entries()) {
    for (const headers of [{}, { rsc: '1' }] as Array<Record<string, string>>) {
      const reqId = `global-error-${Date.now()}-${i}-${Object.keys(headers).length}`;
      const response = await request.get(path, { headers: { ...headers, 'x-request-id': reqId }, maxRedirects: 0 });
      expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(404);
      const logged = await loggedFor(appLog, reqId);
      expect(logged.filter((l) => (l.level ?? 0) >= 40 || l.err !== undefined)).toEqual([]);
    }
  }
});

test('a request target that is not a path (absolute form, asterisk) is a 400, never a redirect to the host it names', async ({ appLog }) => {
  // (The authority form, `evil.example:443`, Node's parser refuses itself, before any handler.)
  for (const [i, target] of ['http://evil.example/', 'http://evil.example/login?requestId=abcdefgh', '*'].entries()) {
    const reqId = `request-target-${Date.now()}-${i}`;
    const answer = await rawRequest(target, reqId);
    expect(answer, target).toEqual({ status: 400, location: undefined });
    const logged = await loggedFor(appLog, reqId);
    expect(logged.filter((l) => (l.level ?? 0) >= 40 || l.err !== undefined)).toEqual([]);
  }
  // A path is served as ever.
  expect((await rawRequest('/healthz', `request-target-${Date.now()}-path`)).status).toBe(200);
});
