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
  // Replicas of one build share it; a new build gets a new one (docs/operations.md "Replicas share nothing
  // but configuration"). Clients of an older build then reload on navigation instead of mixing builds.
  deploymentId: process.env.DEPLOYMENT_ID || undefined,
  poweredByHeader: false,
  // proxy.ts sees the address as the request named it (its own Host), so a rewrite it makes to
  // one of this app's routes stays an internal one: normalised, the proxy's URL names the server's
  // own hostname, which differs from the Host a browser or balancer sent, and Next would then
  // forward the rewritten request to itself over HTTP as if to another origin.
  skipProxyUrlNormalize: true,
  reactStrictMode: true,
  // `npm run test:checks` runs `tsc --noEmit` over the same tsconfig just before the build and sets
  // this, so the project is type-checked once per test run; every other build (the Dockerfile's,
  // `npm run build`) checks types itself.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === '1' },
  images: { unoptimized: true },
  serverExternalPackages: ['pino', 'prom-client'],
  experimental: {
    serverActions: { bodySizeLimit: '64kb' },
  },
  async rewrites() {
    // The provider's hosted-page entries are rewritten by proxy.ts (lib/entry-rewrites.ts), not
    // here: Next compiles every rewrite listed here again on each page render.
    return {
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
