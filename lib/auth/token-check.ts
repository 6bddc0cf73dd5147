/**
 * The offline token check of product-spec.md §5: three flags from the token's own claims, no
 * call to the provider and no signature check (that is openid-client's job when tokens arrive;
 * this answers "does the token we hold still fit"). A token must have three dot-separated parts.
 */
export type OfflineCheck = { isExpiryValid: boolean; isScopesValid: boolean; isIssuerValid: boolean };

export class TokenFormatError extends Error {
  readonly status = 417;
}

export function checkTokenOffline(
  token: string,
  expected: { issuer: string; scopes: string; now?: number; clockSkewSeconds?: number },
): OfflineCheck {
  const claims = decodePayload(token);
  const now = (expected.now ?? Date.now()) / 1000;
  const skew = expected.clockSkewSeconds ?? 0;
  const granted = typeof claims.scope === 'string' ? claims.scope.split(' ') : Array.isArray(claims.scopes) ? claims.scopes : [];
  return {
    isExpiryValid: typeof claims.exp === 'number' && claims.exp + skew > now,
    isScopesValid: sameSet(granted.map(String).filter(Boolean), expected.scopes.split(' ').filter(Boolean)),
    isIssuerValid: typeof claims.iss === 'string' && trimSlash(claims.iss) === trimSlash(expected.issuer),
  };
}

function decodePayload(token: string): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)) || !parts[1]) {
    throw new TokenFormatError('token must have three dot-separated parts');
  }
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) return payload as Record<string, unknown>;
  } catch {
    // falls through to the format error
  }
  throw new TokenFormatError('token payload is not a JSON object');
}

const sameSet = (a: string[], b: string[]) => new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));
const trimSlash = (url: string) => url.replace(/\/+$/, '');
