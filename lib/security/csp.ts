import { randomFillSync } from 'node:crypto';

/**
 * The Content-Security-Policy of every page (docs/architecture.md "Decisions worth knowing"). Scripts run
 * only with this request's nonce; forms may post only to this app, the provider and the allow-listed origins
 * (Chrome and Safari also check form-action on every redirect after a submit, so the final client origins
 * must be listed too).
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

/**
 * A fresh nonce for one response: 128 bits from the system's CSPRNG, base64. The bytes are drawn
 * 256 nonces at a time and each is handed out once (Node keeps an entropy cache for randomUUID
 * the same way): one `randomFillSync` every 256 responses instead of a `randomBytes` call per page,
 * which the CPU profile showed at 0.5 % of a page (Next wraps node:crypto to watch it).
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

export function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** The nonce of this request's policy (proxy.ts puts the policy on the request for Next and the page). */
export function nonceOf(csp: string | null | undefined): string | undefined {
  return csp?.match(/'nonce-([^']+)'/)?.[1];
}
