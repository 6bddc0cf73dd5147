import { NextResponse, type NextRequest } from 'next/server';
import { getConfig } from './lib/config';
import { entryRewrite } from './lib/entry-rewrites';
import { FORM_POST_HEADER } from './lib/form-post';
import { LOCALE_HEADER, localeCookie, pageAddress, PATH_HEADER, resolveLocale } from './lib/i18n/locales';
import { buildCsp, newNonce } from './lib/security/csp';
import { isSameOriginPost } from './lib/security/origin';

/**
 * Runs before every page and action: rejects cross-origin POSTs (Next lets a POST without an
 * Origin header through), makes this request's CSP nonce, resolves the display language and
 * sends the provider's hosted-page entries to their entry routes (lib/entry-rewrites.ts).
 * It does no I/O: every page and action still checks its own session.
 */
export function proxy(request: NextRequest) {
  const config = getConfig();
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const { headers } = request;
    if (!isSameOriginPost(headers.get('origin'), headers.get('sec-fetch-site'), config.publicOrigin)) {
      return new NextResponse('Forbidden', {
        status: 403,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
  }

  const nonce = newNonce();
  const csp = buildCsp({
    nonce,
    providerOrigin: config.providerOrigin,
    formOrigins: config.redirectAllowlist,
    development: process.env.NODE_ENV === 'development',
    upgradeInsecureRequests: config.publicUrl.protocol === 'https:',
  });
  const locale = resolveLocale({
    cookie: request.cookies.get(localeCookie(config.secureCookies).name)?.value,
    acceptLanguage: request.headers.get('accept-language'),
    uiLocales: request.nextUrl.searchParams.get('ui_locales'),
    lang: request.nextUrl.searchParams.get('lang'),
  });

  const requestHeaders = new Headers(request.headers);
  if (request.method === 'POST') {
    // Passed the guard above: a null Origin here is a same-origin form post under no-referrer.
    // Next's own action check would refuse it, so the attested origin is handed on explicitly.
    requestHeaders.set('origin', config.publicOrigin);
    // Next compares that origin with the Host the balancer passed on; the check above already
    // decided, and a rewritten or forged Host must neither break nor steer the action.
    requestHeaders.set('x-forwarded-host', config.publicUrl.host);
    if (!request.headers.has('next-action')) requestHeaders.set(FORM_POST_HEADER, '1');
  }
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set(LOCALE_HEADER, locale);
  requestHeaders.set(PATH_HEADER, pageAddress(request.nextUrl));
  const response = entryResponse(request, requestHeaders) ?? NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', csp);
  return response;
}

/** The rewrite to an entry route (the query kept), when this address is one of the provider's entries. */
function entryResponse(request: NextRequest, headers: Headers): NextResponse | undefined {
  const entry = entryRewrite(request.nextUrl.pathname, request.nextUrl.searchParams);
  if (!entry) return undefined;
  // On the address as the request named it (request.url; next.config.ts skipProxyUrlNormalize):
  // nextUrl writes a loopback host as `localhost`, and a rewrite to another origin than the
  // request's own would be forwarded over HTTP instead of served here.
  return NextResponse.rewrite(new URL(entry + request.nextUrl.search, request.url), { request: { headers } });
}

export const config = {
  // Skipped: exactly the probes, Next's static files and the logos (one segment under /brand/).
  // Anchored, so a near miss (/healthzX, /brand/a/b) is a page like any other and gets the CSP;
  // there is no favicon.ico (app/icon.svg is the icon), so its 404 page gets it too.
  matcher: ['/((?!_next/static/|brand/[^/]+$|healthz$|readyz$).*)'],
};
