import { expect, test } from 'vitest';
import { LOCALE_HEADER, PATH_HEADER } from '@/lib/i18n/locales';
import { stripForgedHeaders } from '../../server/forged-headers.mjs';

/**
 * server/entry.mjs drops, from every incoming request, the headers proxy.ts hands to the render
 * and those Next uses between its own parts: a client must not be able to pose as either, also
 * on the paths proxy.ts skips (docs/architecture.md "Decisions worth knowing").
 */
test('the nonce, CSP, locale, path and Next-internal request headers never come from the client', () => {
  const forged = {
    'x-nonce': 'attacker',
    'content-security-policy': "script-src 'nonce-attacker'",
    [LOCALE_HEADER]: 'de-DE',
    [PATH_HEADER]: '//evil.example/',
    'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy',
    'x-nextjs-data': '1',
    'next-resume': '1',
  };
  const kept = { accept: 'text/html', 'x-request-id': 'req-12345678', origin: 'https://login.example.com' };
  const request = {
    headers: { ...forged, ...kept } as Record<string, string>,
    rawHeaders: Object.entries({ ...forged, ...kept }).flatMap(([name, value]) => [name.toUpperCase(), value]),
  };
  stripForgedHeaders(request);
  expect(request.headers).toEqual(kept);
  expect(request.rawHeaders).toEqual(Object.entries(kept).flatMap(([name, value]) => [name.toUpperCase(), value]));
});

test('a trace context from the client is dropped unless a proxy in front is trusted to set it', () => {
  const trace = {
    traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    tracestate: 'vendor=attacker',
    baggage: 'user=someone',
  };
  const request = () => ({
    headers: { accept: 'text/html', ...trace } as Record<string, string>,
    rawHeaders: Object.entries({ accept: 'text/html', ...trace }).flat(),
  });
  const fromClient = request();
  stripForgedHeaders(fromClient);
  expect(fromClient.headers).toEqual({ accept: 'text/html' });
  expect(fromClient.rawHeaders).toEqual(['accept', 'text/html']);
  const fromTrustedProxy = request();
  stripForgedHeaders(fromTrustedProxy, { keepTraceContext: true });
  expect(fromTrustedProxy.headers).toEqual({ accept: 'text/html', ...trace });
});
