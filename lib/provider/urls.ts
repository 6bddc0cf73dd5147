/**
 * Browser destinations at the provider (navigations, never proxied: they set the provider's own
 * cookies). One place for their shapes.
 */

/** Back to the provider's login for the same request, keeping the client's context (docs/provider-contract.md §2.10). */
export function resolveRedirectUrl(providerUrl: URL, requestId: string): string {
  return new URL(`/authz-srv/authz/resolve_redirect/${encodeURIComponent(requestId)}`, providerUrl).toString();
}
