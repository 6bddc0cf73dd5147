import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { beginAuthorization } from '@/lib/auth/authorize';
import { failToErrorPage } from '@/lib/errors';
import { readUserSession, saveUserSession } from '@/lib/user-session';

/**
 * A direct visitor (no requestId) signs in through this deployment's own OIDC client:
 * authorization code with PKCE (S256), state and nonce kept in the sealed user cookie.
 * The provider then sends the browser to its login page, which is this app, with a requestId.
 */
export async function GET() {
  let authorizationUrl: URL;
  try {
    const [locale, session] = await Promise.all([getLocale(), readUserSession()]);
    const { url, pending } = await beginAuthorization({ locale });
    authorizationUrl = url;
    // A new sign-in replaces an unfinished one; a signed-in user stays until the callback.
    await saveUserSession({ ...session, pending });
  } catch (error) {
    failToErrorPage(error, { route: 'auth.start' });
  }
  redirect(authorizationUrl.toString());
}
