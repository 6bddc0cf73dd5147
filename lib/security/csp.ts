/**
 * The Content-Security-Policy of every page (README: Architecture). Scripts run only with this request's
 * nonce; forms may post only to this app, the provider and the allow-listed origins (Chrome and
 * Safari also check form-action on every redirect after a submit, so the final client origins must
 * be listed too).
 */
export function buildCsp(args: {
  nonce: string;
  providerOrigin: string;
  formOrigins: readonly string[];
  development: boolean;
  /** Only behind https: on plain-http loopback it would rewrite posts to the stand-in to https. */
  upgradeInsecureRequests: boolean;
}): string {
  const formAction = ["'self'", args.providerOrigin, ...args.formOrigins];
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': [`'nonce-${args.nonce}'`, "'strict-dynamic'", ...(args.development ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", `'nonce-${args.nonce}'`],
    'img-src': ["'self'", 'data:', args.providerOrigin],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(args.development ? ['ws:'] : [])],
    'manifest-src': ["'self'"],
    'form-action': [...new Set(formAction)],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    ...(args.upgradeInsecureRequests ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}
