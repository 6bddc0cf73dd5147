/**
 * The provider's hosted-page entries (docs/provider-contract.md §4) that carry tokens, a track or
 * the subject in their address: proxy.ts rewrites each to the route that moves those into the flow
 * cookie and redirects to the clean page. They are not next.config rewrites because Next compiles
 * every configured rewrite's matcher again on each page render, to check whether one applies
 * (bench/profile.md); here it is a few string comparisons, in the proxy that runs anyway.
 *
 * - the precheck pages with a track (`track_id` or `trackId`);
 * - the login page's refusal until the address is confirmed, with the subject (`sub` or `q`);
 * - the reset link (`rprq`);
 * - an open e-mail confirmation (`accvid`, unless it already names the next step);
 * - the track beside a finished reset (unused) or a confirmed address (a sign-in offer);
 * - the register page opened from an invitation (`invite_id` or `inviteId`).
 */
const PRECHECK_PAGES = new Set(['/register-mfa', '/group-selection', '/login-success', '/setup-passkey', '/consent', '/register-additional-info']);

/** Present and not empty, as Next's own `has` condition reads a query parameter. */
const has = (query: URLSearchParams, key: string) => Boolean(query.get(key));
const hasTrack = (query: URLSearchParams) => has(query, 'track_id') || has(query, 'trackId');

/** The entry route for this address, or undefined when it is a page like any other. */
export function entryRewrite(pathname: string, query: URLSearchParams): string | undefined {
  if (query.size === 0) return undefined;
  if (PRECHECK_PAGES.has(pathname)) return hasTrack(query) ? `${pathname}/entry` : undefined;
  switch (pathname) {
    case '/':
      return query.get('error') === 'email_not_verified' && (has(query, 'sub') || has(query, 'q')) ? '/verify-email/entry' : undefined;
    case '/register':
      return has(query, 'invite_id') || has(query, 'inviteId') ? '/register/entry' : undefined;
    case '/reset-password':
      return has(query, 'rprq') ? '/reset-password/link' : undefined;
    case '/reset-password-success':
      return hasTrack(query) ? '/reset-password-success/entry' : undefined;
    case '/verify-email-complete':
      if (has(query, 'accvid') && !has(query, 'suggested_action')) return '/verify-email-complete/entry';
      return hasTrack(query) ? '/verify-email-complete/sign-in-entry' : undefined;
    default:
      return undefined;
  }
}
