import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { isProviderError } from '@/lib/provider/errors';
import { accountRef, log } from '@/lib/log';
import { refreshUser } from '@/lib/provider/tokens';
import { localPath } from '@/lib/redirects';
import type { SignedInUser } from '@/lib/session-types';
import { readUserSession, saveUserSession } from '@/lib/user-session';

/**
 * Renews the signed-in user's tokens with the refresh token (product-spec.md §4 Session), then
 * returns to the page that asked. A page cannot write cookies while it renders, so pages whose
 * tokens are due send the browser through here. A refused or failed renewal ends the session
 * with "please sign in again"; a changed subject does too.
 */
export async function GET(request: NextRequest) {
  const requested = request.nextUrl.searchParams.get('return');
  const back = requested ? localPath(requested) : '/success';
  const { user } = await readUserSession();
  if (!user) redirect('/auth/start');

  let renewed: SignedInUser;
  try {
    renewed = await refreshUser(user);
  } catch (error) {
    const reason = isProviderError(error) ? error.kind : error instanceof Error ? error.name : 'unknown';
    log.warn({ event: 'renewal-failed', reason, account: accountRef(user.profile.sub) }, 'session renewal failed');
    await saveUserSession({});
    redirect('/error?reason=sign-in-again');
  }
  await saveUserSession({ user: renewed });
  log.info({ event: 'renewed', account: accountRef(user.profile.sub) }, 'session renewed');
  redirect(back);
}
