import { z } from 'zod';
import type { SignedInUser } from '../session-types';

/**
 * What the tokens say beyond the subject: the sales organisation chosen at sign-in, and the
 * scopes the tenant granted (docs/provider-contract.md §2.11).
 */
type Group = SignedInUser['profile']['group'];

/**
 * The claims of a JWT access token, or undefined when the token is opaque (not three base64url
 * parts with a JSON object in the middle). Not verified: the token came straight from the token
 * endpoint over TLS to this authenticated client (as the ID token of a code flow may be trusted by
 * its channel, OIDC Core §3.1.3.7), and only what the page displays is read from it.
 */
export function accessTokenClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1].length > 16_384) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const Name = z.string().trim().min(1).max(512);
const SelectedGroup = z.union([
  z.object({ groupId: Name, groupName: Name.optional() }).loose(),
  Name.transform((groupId) => ({ groupId, groupName: undefined })),
]);

/**
 * The group chosen at sign-in. The claim's name is not published (U, docs/provider-contract.md §7):
 * `selected_group`, an object `{groupId, groupName}` or the id alone.
 */
export function groupFromClaims(claims: Record<string, unknown> | undefined): Group {
  const parsed = SelectedGroup.safeParse(claims?.selected_group);
  return parsed.success ? { id: parsed.data.groupId, name: parsed.data.groupName } : undefined;
}

/** Where the chosen group was found, in the order the provider's docs suggest (access token first). */
export type GroupSource = 'access_token' | 'userinfo' | 'id_token' | 'none';

/**
 * The scopes this deployment needs that the tenant did not grant. A token answer without `scope`
 * granted what was asked (RFC 6749 §5.1). `groups` and `roles` are the ones the portal reads.
 */
export function missingScopes(requested: string, granted: string | undefined): string[] {
  if (granted === undefined) return [];
  const have = new Set(granted.split(/\s+/).filter(Boolean));
  return requested.split(/\s+/).filter((scope) => scope && !have.has(scope));
}
