// tenant:check's rows about the tokens the tenant issues this deployment's client, from the
// synthetic sign-in (scripts/tenant-signin.ts): the scopes granted, the refresh token, which token
// names the chosen group, and the revocation that sign-out relies on.
import * as client from 'openid-client';
import { accessTokenClaims, groupFromClaims, missingScopes } from '../lib/auth/token-claims.ts';
import { getOidcConfiguration, SCOPES } from '../lib/provider/oidc.ts';
import { revokeRefreshToken } from '../lib/provider/tokens.ts';
import type { SignedInUser } from '../lib/session-types.ts';
import { describeFailure, type Check } from './tenant-report.ts';

/** What the tokens settled (docs/provider-contract.md §7), for the check's summary. */
export type TokenFacts = { scopes: string; refreshToken: boolean; groupIn: string[] };

export async function tokenChecks(user: SignedInUser, groupChosen: boolean): Promise<{ checks: Check[]; facts: TokenFacts }> {
  const checks: Check[] = [];
  const add = (name: string, result: Check['result'], detail: string) => checks.push({ name, result, detail });

  const missing = missingScopes(SCOPES, user.scope);
  if (missing.length === 0) add('Scopes granted', 'PASS', `${user.scope || SCOPES} (asked: ${SCOPES})`);
  else
    add(
      'Scopes granted',
      'FAIL',
      `the tenant granted "${user.scope}" of "${SCOPES}": ${missing.join(' and ')} missing.\n` +
        `Allow ${missing.join(', ')} among the client's scopes (cidaas admin: Apps → the client → scopes), or the portal gets no sales organisation and roles.`,
    );

  add(
    'Refresh token',
    'PASS',
    user.refreshToken
      ? 'issued: sessions renew with it, and sign-out revokes it'
      : "not issued: sessions renew by a silent authorization request (prompt=none) while the tenant's own session lasts",
  );

  // Where the chosen group is named: the access token (the provider's docs), userinfo, the ID token.
  const groupIn: string[] = [];
  if (groupFromClaims(accessTokenClaims(user.accessToken))) groupIn.push('access token');
  try {
    if (groupFromClaims(await client.fetchUserInfo(await getOidcConfiguration(), user.accessToken, user.profile.sub))) groupIn.push('userinfo');
  } catch (error) {
    add('Userinfo', 'UNKNOWN', `not read: ${describeFailure(error)}`);
  }
  if (user.idToken && groupFromClaims(accessTokenClaims(user.idToken))) groupIn.push('ID token');
  if (!groupChosen && groupIn.length === 0)
    add('Group claim', 'UNKNOWN', 'the test account chose no sales organisation: use one with several to see which token names it');
  else if (groupIn.length > 0) add('Group claim', 'PASS', `the chosen group (claim selected_group) is in: ${groupIn.join(', ')}`);
  else
    add(
      'Group claim',
      'FAIL',
      'a group was chosen, yet no token, and not userinfo, names it as selected_group: the portal would not know the sales organisation.\n' +
        'Send the claim cidaas uses with the tokens (docs/provider-contract.md §7) with the report of --record.',
    );

  if (!user.refreshToken) add('Refresh token revocation', 'UNKNOWN', 'no refresh token to revoke');
  else {
    try {
      const revoked = await revokeRefreshToken(user.refreshToken);
      add(
        'Refresh token revocation',
        revoked ? 'PASS' : 'FAIL',
        revoked ? "the test sign-in's refresh token was revoked" : 'the tenant names no revocation_endpoint: sign-out cannot revoke refresh tokens',
      );
    } catch (error) {
      add('Refresh token revocation', 'FAIL', `refused: ${describeFailure(error)}`);
    }
  }
  return { checks, facts: { scopes: user.scope, refreshToken: Boolean(user.refreshToken), groupIn } };
}
