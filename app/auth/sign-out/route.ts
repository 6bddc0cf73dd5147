import * as client from 'openid-client';
import { getConfig } from '@/lib/config';
import { accountRef, log } from '@/lib/log';
import { getOidcConfiguration } from '@/lib/provider/oidc';
import { allowedRedirectOrigins, checkRedirect, seeOther } from '@/lib/redirects';
import { readUserSession, saveUserSession } from '@/lib/user-session';

/** Where the provider sends the browser back after signing out (registered with the client). */
const SIGNED_OUT_PATH = '/signed-out';

/**
 * Sign-out (a POST from /success; proxy.ts checks its origin): the session goes first, then the
 * browser goes to the provider's end_session with the ID token as hint (the access token when
 * there is no ID token) and the signed-out page as the way back, checked against the allow-list.
 */
export async function POST() {
  const config = getConfig();
  const { user } = await readUserSession();
  await saveUserSession({});
  const signedOut = new URL(SIGNED_OUT_PATH, config.publicUrl).toString();
  if (!user) return seeOther(signedOut);
  log.info({ event: 'signed-out', account: accountRef(user.profile.sub) }, 'signed out');

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
