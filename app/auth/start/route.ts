import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { beginAuthorization } from '@/lib/auth/authorize';
import { failToErrorPage } from '@/lib/errors';
import { inviteIdOf, queryOf } from '@/lib/flows/entry-params';
import { readUserSession, saveUserSession } from '@/lib/user-session';

/**
 * A direct visitor (no requestId) signs in through this deployment's own OIDC client:
 * authorization code with PKCE (S256), state and nonce kept in the sealed user cookie.
 * The provider then sends the browser to its login page, which is this app, with a requestId.
 *
 * It is also the client's `initiate_login_uri` for invitations (docs/provider-contract.md §2.16):
 * the tenant's invitation link arrives here with `invite_id`, and the authorization asks for the
 * register page with it (`view_type=register`; the tenant passes extra parameters on to its pages).
 */
export async function GET(request: NextRequest) {
  let authorizationUrl: URL;
  try {
    const [locale, session] = await Promise.all([getLocale(), readUserSession()]);
    const inviteId = inviteIdOf(queryOf(request.nextUrl.searchParams));
    const extra = inviteId ? { view_type: 'register', invite_id: inviteId } : undefined;
    const { url, pending } = await beginAuthorization({ locale, extra });
    authorizationUrl = url;
    // A new sign-in replaces an unfinished one; a signed-in user stays until the callback.
    await saveUserSession({ ...session, pending });
  } catch (error) {
    failToErrorPage(error, { route: 'auth.start' });
  }
  redirect(authorizationUrl.toString());
}
