import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import * as client from 'openid-client';
import { failToErrorPage } from '@/lib/errors';
import { callbackUrl, getOidcConfiguration, SCOPES } from '@/lib/provider/oidc';
import { readUserSession, saveUserSession } from '@/lib/user-session';

/**
 * A direct visitor (no requestId) signs in through this deployment's own OIDC client:
 * authorization code with PKCE (S256), state and nonce kept in the sealed user cookie.
 * The provider then sends the browser to its login page, which is this app, with a requestId.
 */
export async function GET() {
  let authorizationUrl: URL;
  try {
    const [configuration, locale, session] = await Promise.all([getOidcConfiguration(), getLocale(), readUserSession()]);
    const codeVerifier = client.randomPKCECodeVerifier();
    const pending = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier, createdAt: Date.now() };
    authorizationUrl = client.buildAuthorizationUrl(configuration, {
      redirect_uri: callbackUrl(),
      scope: SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
      ui_locales: locale,
    });
    // A new sign-in replaces an unfinished one; a signed-in user stays until the callback.
    await saveUserSession({ ...session, pending });
  } catch (error) {
    failToErrorPage(error, { route: 'auth.start' });
  }
  redirect(authorizationUrl.toString());
}
