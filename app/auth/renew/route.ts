import { getLocale } from 'next-intl/server';
import type { NextRequest } from 'next/server';
import { beginAuthorization } from '@/lib/auth/authorize';
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
 * Renews the signed-in user's tokens with the refresh token (docs/features.md "This deployment's own
 * session"), then returns to the page that asked. A page cannot write cookies while it renders, so a page
 * whose tokens are due shows a form that posts here (sent at once with JavaScript). A POST, so it passes
 * proxy.ts's origin check: no other site can make a browser renew (or, with concurrent renewals, end) a
 * session. Concurrent renewals share one result (lib/auth/renewal.ts). A refused renewal (the provider says
 * no, or answers for another subject) ends the session with "please sign in again"; a provider that does not
 * answer leaves the session as it is and shows the error page (503/504). A tenant that issued no refresh
 * token is asked again without showing anything (`prompt=none`; its answer comes to /auth/callback, which
 * keeps the person signed in while the tenant's own session lasts), instead of ending the session at the
 * first expiry.
 */
export async function POST(request: NextRequest) {
  const form = await request.formData().catch(() => undefined);
  const requested = form?.get('return');
  const back = typeof requested === 'string' && RETURN_PATHS.has(requested) ? requested : '/success';
  const { user } = await readUserSession();
  if (!user) return seeOther('/auth/start');
  if (!user.refreshToken) return renewSilently(user);

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

/** Renewal by a fresh authorization request with `prompt=none` (lib/auth/authorize.ts). */
async function renewSilently(user: SignedInUser): Promise<Response> {
  let target: URL;
  try {
    const { url, pending } = await beginAuthorization({ locale: await getLocale(), silent: true });
    await saveUserSession({ user, pending });
    target = url;
  } catch (error) {
    return seeOther(recordFailure(error, { route: 'auth.renew', account: accountRef(user.profile.sub) }));
  }
  log.info({ event: 'renewal-silent', account: accountRef(user.profile.sub) }, 'session renewal without a refresh token (prompt=none)');
  return seeOther(target.toString());
}
