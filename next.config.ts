import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

// Messages are compiled at build time (next-intl's precompile): the page formats them without
// parsing ICU syntax or building an IntlMessageFormat per message and request, which the CPU
// profile showed at ~0.2 ms of a page (bench/profile.md). `t.raw` then returns the compiled form,
// so templates for client components come from lib/i18n/template.ts.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/** Headers every response gets (pages, actions, errors, static files); the CSP comes from proxy.ts. */
const securityHeaders = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'no-referrer' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
  // Nothing here is for search engines. As a header rather than a <meta> it is not sent twice in
  // every page (in the HTML and again in the inline RSC payload), and covers non-HTML answers too.
  { key: 'X-Robots-Tag', value: 'noindex, nofollow' },
];

const nextConfig: NextConfig = {
  output: 'standalone',
  // Replicas of one build share it; a new build gets a new one (README: Deploy). Clients of an
  // older build then reload on navigation instead of mixing builds.
  deploymentId: process.env.DEPLOYMENT_ID || undefined,
  poweredByHeader: false,
  reactStrictMode: true,
  images: { unoptimized: true },
  serverExternalPackages: ['pino'],
  experimental: {
    serverActions: { bodySizeLimit: '64kb' },
  },
  async rewrites() {
    return {
      // The provider's hosted-page entries (docs/provider-contract.md §4) are handled by a route
      // that moves what their address carries (tokens, the track, the subject) into the flow
      // cookie and redirects to the clean page: the reset link (…/reset-password?rprq=…), an open
      // e-mail confirmation (…/verify-email-complete?accvid=…), the precheck pages (a track_id
      // or trackId), the login page's refusal until the address is confirmed, and the pages
      // after a reset or a confirmation (a track).
      beforeFiles: [
        ...['track_id', 'trackId'].flatMap((key) =>
          ['/register-mfa', '/group-selection', '/login-success', '/setup-passkey'].map((source) => ({
            source,
            has: [{ type: 'query' as const, key }],
            destination: `${source}/entry`,
          })),
        ),
        ...['sub', 'q'].map((key) => ({
          source: '/',
          has: [
            { type: 'query' as const, key: 'error', value: 'email_not_verified' },
            { type: 'query' as const, key },
          ],
          destination: '/verify-email/entry',
        })),
        { source: '/reset-password', has: [{ type: 'query', key: 'rprq' }], destination: '/reset-password/link' },
        {
          source: '/verify-email-complete',
          has: [{ type: 'query', key: 'accvid' }],
          missing: [{ type: 'query', key: 'suggested_action' }],
          destination: '/verify-email-complete/entry',
        },
        // The track beside a finished reset (unused) or a confirmed address (a sign-in offer).
        ...['track_id', 'trackId'].flatMap((key) => [
          { source: '/reset-password-success', has: [{ type: 'query' as const, key }], destination: '/reset-password-success/entry' },
          { source: '/verify-email-complete', has: [{ type: 'query' as const, key }], destination: '/verify-email-complete/sign-in-entry' },
        ]),
      ],
      // After the files that exist, before the catch-all page (app/[...unknown]): a missing
      // static file is answered in plain text (app/static-asset-missing/route.ts).
      afterFiles: [{ source: '/_next/static/:path*', destination: '/static-asset-missing' }],
      fallback: [],
    };
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      {
        // Pages, actions and route handlers: nothing here may be cached by anyone.
        source: '/((?!_next/static|brand/).*)',
        headers: [{ key: 'Cache-Control', value: 'no-store, private' }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
