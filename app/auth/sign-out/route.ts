import * as client from 'openid-client';
import { getConfig } from '@/lib/config';
import { accountRef, log } from '@/lib/log';
import { getOidcConfiguration } from '@/lib/provider/oidc';
import { revokeRefreshToken } from '@/lib/provider/tokens';
import { allowedRedirectOrigins, checkRedirect, seeOther } from '@/lib/redirects';
import { readUserSession, saveUserSession } from '@/lib/user-session';

/** Where the provider sends the browser back after signing out (registered with the client). */
const SIGNED_OUT_PATH = '/signed-out';

/**
 * Sign-out (a POST from /success; proxy.ts checks its origin): the session goes first, then the
 * browser goes to the provider's end_session with the ID token as hint (the access token when
 * there is no ID token) and the signed-out page as the way back, checked against the allow-list.
 * The refresh token is revoked at the tenant first (RFC 7009), so no copy of it renews anything.
 */
export async function POST() {
  const config = getConfig();
  const { user } = await readUserSession();
  await saveUserSession({});
  const signedOut = new URL(SIGNED_OUT_PATH, config.publicUrl).toString();
  if (!user) return seeOther(signedOut);
  log.info({ event: 'signed-out', account: accountRef(user.profile.sub) }, 'signed out');
  if (user.refreshToken) await revoke(user.refreshToken);

  let target = signedOut;
  try {
    const endSession = client.buildEndSessionUrl(await getOidcConfiguration(), {
      ...(user.idToken ? { id_token_hint: user.idToken } : { access_token_hint: user.accessToken }),
      post_logout_redirect_uri: signedOut,
    });
    target = checkRedirect(endSession.toString(), allowedRedirectOrigins(config)) ?? signedOut;
  } catch (error) {
    // Without the provider's metadata the local session is still gone; say so and go on.
    log.warn({ event: 'sign-out-provider-skipped', reason: error instanceof Error ? error.name : 'unknown' }, 'end_session not reached');
  }
  return seeOther(target);
}

/** Revokes the refresh token; a tenant that cannot be reached does not keep anyone signed in here. */
async function revoke(refreshToken: string) {
  try {
    const revoked = await revokeRefreshToken(refreshToken);
    log.info({ event: revoked ? 'refresh-token-revoked' : 'refresh-token-not-revocable' }, revoked ? 'refresh token revoked' : 'no revocation endpoint');
  } catch (error) {
    log.warn({ event: 'refresh-token-revocation-failed', reason: error instanceof Error ? error.name : 'unknown' }, 'refresh token not revoked');
  }
}
