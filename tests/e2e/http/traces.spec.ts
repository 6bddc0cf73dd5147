import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, submit, httpTest as test, toPasswordStep } from '../support/fixtures';
import { startOwnTenant, type OwnTenant } from '../support/own-app';

/**
 * OpenTelemetry traces (docs/operations.md "Traces", issue 36): an app of its own exports to a
 * small OTLP/HTTP receiver here; one sign-in gives Next's request span with the provider calls as
 * its descendants, named and statused without personal data, and the app's log lines of that
 * request carry its trace id.
 */
type Span = { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: Array<{ key: string; value: Record<string, unknown> }> };
const received: Span[] = [];
let receiver: http.Server;
let app: OwnTenant;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const payload = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: Span[] }> }> };
        for (const resource of payload.resourceSpans) for (const scope of resource.scopeSpans) received.push(...scope.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const { port } = receiver.address() as AddressInfo;
  app = await startOwnTenant({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_BSP_SCHEDULE_DELAY: '200', OTEL_SERVICE_NAME: 'signin-e2e' });
});
test.afterAll(async () => {
  await app?.stop();
  receiver?.close();
});

/** The top of `span`'s chain of parents among the spans received so far (its parent id set while one is missing). */
function rootOf(span: Span): Span {
  const byId = new Map(received.filter((s) => s.traceId === span.traceId).map((s) => [s.spanId, s]));
  let at = span;
  while (at.parentSpanId && byId.get(at.parentSpanId)) at = byId.get(at.parentSpanId)!;
  return at;
}

const attribute = (span: Span, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

test('one sign-in: the request span with its provider calls below it, and its trace id in the app’s log lines', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `lockout+traces-${Date.now()}@example.com`;
  await toPasswordStep(page, email);
  await page.getByLabel('Password', { exact: true }).fill('KitchenDemo2026');
  await submit(page, 'Sign in');
  await expect(page).toHaveURL(/\/continue\?requestId=|\/success/);
  await context.close();

  // The password check's span, once exported; then the chain of parents up to the request's span.
  await expect.poll(() => received.some((s) => s.name === 'provider verification.authenticate'), { timeout: 15_000 }).toBe(true);
  const check = received.find((s) => s.name === 'provider verification.authenticate')!;
  expect(attribute(check, 'provider.service')).toBe('verification-srv');
  expect(attribute(check, 'provider.outcome')).toBe('ok');
  expect(attribute(check, 'http.response.status_code')).toBe(200);
  await expect
    .poll(
      () => {
        const root = rootOf(check);
        return root.parentSpanId ? undefined : `${root.name} ${String(attribute(root, 'next.span_type'))}`;
      },
      { timeout: 15_000 },
    )
    // Next's span of the whole request (the password form's post), the root of the trace.
    .toMatch(/^POST\b.* BaseServer\.handleRequest$/);
  // Nothing personal or secret in any span: no address, no password, no query (request ids, tokens).
  expect(JSON.stringify(received)).not.toContain(email);
  expect(JSON.stringify(received)).not.toContain('KitchenDemo2026');
  expect(JSON.stringify(received)).not.toMatch(/requestId=|rprq=|code=/);
  expect(received.some((s) => attribute(s, 'http.target') === '/login')).toBe(true);

  // The app's log lines of that request carry the trace id.
  const lines = app
    .output()
    .split('\n')
    .filter((l) => l.includes(`"trace_id":"${check.traceId}"`));
  expect(lines.some((l) => l.includes('"event":"password.verified"'))).toBe(true);
});

test('a trace context sent by a client is not continued: the request gets a trace of its own', async () => {
  const forgedTraceId = '0af7651916cd43dd8448eb211c80319c';
  const forgedSpanId = 'b7ad6b7169203331';
  const response = await fetch(`${app.url}/signed-out`, { headers: { traceparent: `00-${forgedTraceId}-${forgedSpanId}-01`, baggage: 'user=someone' } });
  expect(response.status).toBe(200);
  await expect.poll(() => received.some((s) => attribute(s, 'http.target') === '/signed-out'), { timeout: 15_000 }).toBe(true);
  const span = received.find((s) => attribute(s, 'http.target') === '/signed-out')!;
  expect(span.traceId).not.toBe(forgedTraceId);
  expect(received.filter((s) => s.traceId === forgedTraceId || s.parentSpanId === forgedSpanId)).toEqual([]);
  // Its chain of parents ends in a root of this server's own, not in the client's span.
  await expect.poll(() => rootOf(span).parentSpanId ?? '', { timeout: 15_000 }).toBe('');
});
