import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { renewalRefused } from '@/lib/auth/refusals';
import { failToErrorPage } from '@/lib/errors';
import { accountRef, log } from '@/lib/log';
import { refreshUser } from '@/lib/provider/tokens';
import type { SignedInUser } from '@/lib/session-types';
import { readUserSession, saveUserSession } from '@/lib/user-session';
import { errorUrl } from '@/lib/flows/step-urls';

/** Only pages that send people here may be returned to. */
const RETURN_PATHS = new Set(['/success']);

/**
 * Renews the signed-in user's tokens with the refresh token (product-spec.md §4 Session), then
 * returns to the page that asked. A page cannot write cookies while it renders, so pages whose
 * tokens are due send the browser through here. A refused renewal (the provider says no, or
 * answers for another subject) ends the session with "please sign in again"; a provider that
 * does not answer leaves the session as it is and shows the error page (503/504).
 */
export async function GET(request: NextRequest) {
  const requested = request.nextUrl.searchParams.get('return') ?? '';
  const back = RETURN_PATHS.has(requested) ? requested : '/success';
  const { user } = await readUserSession();
  if (!user) redirect('/auth/start');

  let renewed: SignedInUser;
  try {
    renewed = await refreshUser(user);
  } catch (error) {
    const refused = renewalRefused(error);
    if (!refused) failToErrorPage(error, { route: 'auth.renew', account: accountRef(user.profile.sub) });
    log.warn({ event: 'renewal-failed', reason: refused, account: accountRef(user.profile.sub) }, 'session renewal failed');
    await saveUserSession({});
    redirect(errorUrl('sign-in-again'));
  }
  await saveUserSession({ user: renewed });
  log.info({ event: 'renewed', account: accountRef(user.profile.sub) }, 'session renewed');
  redirect(back);
}
