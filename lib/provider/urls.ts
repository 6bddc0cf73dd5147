/**
 * Browser destinations at the provider (navigations, never proxied: they set the provider's own
 * cookies). One place for their shapes.
 */

/** Back to the provider's login for the same request, keeping the client's context (docs/provider-contract.md §2.10). */
export function resolveRedirectUrl(providerUrl: URL, requestId: string): string {
  return new URL(`/authz-srv/authz/resolve_redirect/${encodeURIComponent(requestId)}`, providerUrl).toString();
}

/**
 * The provider's registration for the same request. Inferred, not verified against a tenant: the
 * hosted pages pick the register view from `view_type=register`, as the SDKs' authorize calls do.
 */
export function registrationUrl(providerUrl: URL, requestId: string): string {
  const url = new URL(resolveRedirectUrl(providerUrl, requestId));
  url.searchParams.set('view_type', 'register');
  return url.toString();
}
