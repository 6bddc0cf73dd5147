import type { NextRequest } from 'next/server';
import { renewalRefused } from '@/lib/auth/refusals';
import { renewOnce } from '@/lib/auth/renewal';
import { recordFailure } from '@/lib/errors';
import { errorUrl } from '@/lib/flows/step-urls';
import { accountRef, log } from '@/lib/log';
import { seeOther } from '@/lib/redirects';
import type { SignedInUser } from '@/lib/session-types';
import { readUserSession, saveUserSession } from '@/lib/user-session';

/** Only pages that send people here may be returned to. */
const RETURN_PATHS = new Set(['/success']);

/**
 * Renews the signed-in user's tokens with the refresh token (README: This deployment's own session), then
 * returns to the page that asked. A page cannot write cookies while it renders, so a page whose
 * tokens are due shows a form that posts here (sent at once with JavaScript). A POST, so it
 * passes proxy.ts's origin check: no other site can make a browser renew (or, with concurrent
 * renewals, end) a session. Concurrent renewals share one result (lib/auth/renewal.ts). A refused
 * renewal (the provider says no, or answers for another subject) ends the session with "please
 * sign in again"; a provider that does not answer leaves the session as it is and shows the error
 * page (503/504).
 */
export async function POST(request: NextRequest) {
  const form = await request.formData().catch(() => undefined);
  const requested = form?.get('return');
  const back = typeof requested === 'string' && RETURN_PATHS.has(requested) ? requested : '/success';
  const { user } = await readUserSession();
  if (!user) return seeOther('/auth/start');

  let renewed: SignedInUser;
  try {
    renewed = await renewOnce(user);
  } catch (error) {
    const refused = renewalRefused(error);
    if (!refused) return seeOther(recordFailure(error, { route: 'auth.renew', account: accountRef(user.profile.sub) }));
    log.warn({ event: 'renewal-failed', reason: refused, account: accountRef(user.profile.sub) }, 'session renewal failed');
    await saveUserSession({});
    return seeOther(errorUrl('sign-in-again'));
  }
  await saveUserSession({ user: renewed });
  log.info({ event: 'renewed', account: accountRef(user.profile.sub) }, 'session renewed');
  return seeOther(back);
}
