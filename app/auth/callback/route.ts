import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import * as client from 'openid-client';
import { getConfig } from '@/lib/config';
import { failToErrorPage } from '@/lib/errors';
import { log } from '@/lib/log';
import { getOidcConfiguration, PENDING_MAX_AGE_MS } from '@/lib/oidc';
import { endFlow, getUserSession, type SignedInUser } from '@/lib/session';

/**
 * The provider's answer to our own authorization request: exchange the code (PKCE verifier,
 * state, nonce, issuer and audience are all checked by openid-client) and keep the user.
 */
export async function GET(request: NextRequest) {
  const session = await getUserSession();
  const pending = session.pending;
  if (!pending || Date.now() - pending.createdAt > PENDING_MAX_AGE_MS) {
    redirect('/error?reason=expired');
  }
  // Built from PUBLIC_URL, not the Host header, so a forged Host cannot change what is checked.
  const currentUrl = new URL(request.nextUrl.pathname + request.nextUrl.search, getConfig().publicUrl);

  let user: Omit<SignedInUser, 'signedInAt'>;
  try {
    const tokens = await client.authorizationCodeGrant(await getOidcConfiguration(), currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token claims');
    user = { sub: claims.sub, email: typeof claims.email === 'string' ? claims.email : undefined, group: groupOf(claims) };
  } catch (error) {
    delete session.pending;
    await session.save();
    failToErrorPage(error, { route: 'auth.callback' });
  }

  delete session.pending;
  session.user = { ...user, signedInAt: Date.now() };
  await Promise.all([session.save(), endFlow()]);
  log.info({ event: 'signed-in' }, 'signed in');
  redirect('/success');
}

/**
 * The group chosen at sign-in, from the ID token. Which claim a real tenant uses for it is not
 * documented; `selected_group` ({groupId, groupName}) is what the stand-in sends (README).
 */
function groupOf(claims: Record<string, unknown>): SignedInUser['group'] {
  const claim = claims.selected_group as { groupId?: unknown; groupName?: unknown } | undefined;
  if (!claim || typeof claim.groupId !== 'string' || claim.groupId === '') return undefined;
  return { id: claim.groupId, name: typeof claim.groupName === 'string' ? claim.groupName : undefined };
}
