/**
 * CSRF guard for state-changing requests (docs/architecture.md "Decisions worth knowing", CSRF). Accepted:
 * - an Origin equal to this deployment's public origin;
 * - `Origin: null` (or none) together with `Sec-Fetch-Site: same-origin`. Browsers send the null
 *   origin on same-origin form posts because every page carries `Referrer-Policy: no-referrer`
 *   (Fetch spec, "serializing a request origin"), which is how every form posts with JavaScript
 *   off. Sec-Fetch-Site is set by the browser and cannot be changed by a page, so a cross-site
 *   page (including a sandboxed frame, whose origin is also null) is still refused.
 * Everything else (a foreign origin, null from another site, no provenance at all) is refused.
 */
export function isSameOriginPost(origin: string | null, secFetchSite: string | null, publicOrigin: string): boolean {
  if (origin && origin !== 'null') return origin === publicOrigin;
  return secFetchSite === 'same-origin';
}
