import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { refusalOf } from '@/lib/auth/refusals';
import { getConfig } from '@/lib/config';
import { failToErrorPage } from '@/lib/errors';
import { errorUrl } from '@/lib/flows/step-urls';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { PENDING_MAX_AGE_MS } from '@/lib/provider/oidc';
import { exchangeCode } from '@/lib/provider/tokens';
import { endFlow, type SignedInUser } from '@/lib/session';
import { readUserSession, saveUserSession } from '@/lib/user-session';

/**
 * The provider's answer to our own authorization request: exchange the code (PKCE verifier,
 * state, nonce, issuer and audience are all checked by openid-client) and keep the user.
 * The pending request is used up either way, so a replayed callback finds nothing to finish.
 *
 * A silent request (a renewal by `prompt=none`, app/auth/renew/route.ts) renews the signed-in
 * user: a refusal (`login_required` once the tenant's session has ended) or an answer for another
 * subject ends the session with "please sign in again".
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
  const previous = pending.silent ? session.user : undefined;

  let user: SignedInUser;
  try {
    user = await exchangeCode(currentUrl, pending);
  } catch (error) {
    const refused = refusalOf(error);
    // A refused renewal ends the session; any other failure leaves it as it was.
    await saveUserSession({ user: refused && pending.silent ? undefined : session.user });
    if (refused) {
      log.info({ event: pending.silent ? 'renewal-failed' : 'sign-in-refused', reason: refused }, 'callback refused');
      redirect(errorUrl('sign-in-again'));
    }
    failToErrorPage(error, { route: 'auth.callback' });
  }

  if (pending.silent && user.profile.sub !== previous?.profile.sub) {
    await saveUserSession({});
    log.warn({ event: 'renewal-failed', reason: 'subject_changed' }, 'silent renewal answered for another subject');
    redirect(errorUrl('sign-in-again'));
  }
  // A renewal leaves a sign-in in progress in another tab alone.
  await Promise.all([saveUserSession({ user }), pending.silent ? undefined : endFlow()]);
  if (pending.silent) log.info({ event: 'renewed', method: 'prompt-none', account: accountRef(user.profile.sub) }, 'session renewed');
  else log.info(counted({ event: 'signed-in', account: accountRef(user.profile.sub) }), 'signed in');
  redirect('/success');
}
