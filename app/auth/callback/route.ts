import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { refusalOf } from '@/lib/auth/refusals';
import { getConfig } from '@/lib/config';
import { failToErrorPage } from '@/lib/errors';
import { errorUrl } from '@/lib/flows/step-urls';
import { accountRef, log } from '@/lib/log';
import { PENDING_MAX_AGE_MS } from '@/lib/provider/oidc';
import { exchangeCode } from '@/lib/provider/tokens';
import { endFlow, type SignedInUser } from '@/lib/session';
import { readUserSession, saveUserSession } from '@/lib/user-session';

/**
 * The provider's answer to our own authorization request: exchange the code (PKCE verifier,
 * state, nonce, issuer and audience are all checked by openid-client) and keep the user.
 * The pending request is used up either way, so a replayed callback finds nothing to finish.
 */
export async function GET(request: NextRequest) {
  const session = await readUserSession();
  const pending = session.pending;
  if (!pending || Date.now() - pending.createdAt > PENDING_MAX_AGE_MS) {
    if (pending) await saveUserSession({ user: session.user });
    redirect(errorUrl('expired'));
  }
  // Built from PUBLIC_URL, not the Host header, so a forged Host cannot change what is checked.
  const currentUrl = new URL(request.nextUrl.pathname + request.nextUrl.search, getConfig().publicUrl);

  let user: SignedInUser;
  try {
    user = await exchangeCode(currentUrl, pending);
  } catch (error) {
    await saveUserSession({ user: session.user });
    const refused = refusalOf(error);
    if (refused) {
      log.info({ event: 'sign-in-refused', reason: refused }, 'callback refused');
      redirect(errorUrl('sign-in-again'));
    }
    failToErrorPage(error, { route: 'auth.callback' });
  }

  await Promise.all([saveUserSession({ user }), endFlow()]);
  log.info({ event: 'signed-in', account: accountRef(user.profile.sub) }, 'signed in');
  redirect('/success');
}
