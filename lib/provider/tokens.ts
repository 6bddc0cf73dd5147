import 'server-only';
import * as client from 'openid-client';
import { groupFromClaims } from '../auth/signed-in';
import type { PendingAuthorization, SignedInUser } from '../session-types';
import { getOidcConfiguration } from './oidc';

/**
 * The token service for this deployment's own OIDC client (README: This deployment's own session,
 * §7 "Tokens"): code exchange, refresh, introspection and the user profile, through
 * openid-client, which checks issuer, audience, signatures, state, nonce and PKCE. Empty inputs
 * fail before any call, with the spec's 417 messages.
 */
export class TokenInputError extends Error {
  readonly status = 417;
  override readonly name = 'TokenInputError';
}

function required(value: string | undefined, message: string): asserts value is string {
  if (!value) throw new TokenInputError(message);
}

/** The provider answered the refresh with tokens for someone else. */
export class SubjectChangedError extends Error {}

export async function exchangeCode(currentUrl: URL, pending: PendingAuthorization): Promise<SignedInUser> {
  // A provider error in the callback has no code; openid-client reports that error instead.
  if (!currentUrl.searchParams.has('error')) required(currentUrl.searchParams.get('code') ?? undefined, 'code cannot be empty');
  const tokens = await client.authorizationCodeGrant(await getOidcConfiguration(), currentUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  return toSignedInUser(tokens, currentUrl.searchParams.get('session_state') ?? undefined);
}

/** New tokens for the same person; anything else ends the session (the caller decides). */
export async function refreshUser(user: SignedInUser): Promise<SignedInUser> {
  required(user.refreshToken, 'refresh_token cannot be empty');
  const tokens = await client.refreshTokenGrant(await getOidcConfiguration(), user.refreshToken);
  const claims = tokens.claims();
  if (claims && claims.sub !== user.profile.sub) throw new SubjectChangedError('refresh returned another subject');
  const renewed = toSignedInUser(tokens, user.sessionState, user);
  return { ...renewed, refreshToken: renewed.refreshToken ?? user.refreshToken };
}

export async function introspect(token: string, tokenTypeHint: string): Promise<client.IntrospectionResponse> {
  required(token && tokenTypeHint ? token : undefined, 'token or token_type_hint cannot be empty');
  return client.tokenIntrospection(await getOidcConfiguration(), token, { token_type_hint: tokenTypeHint });
}

function toSignedInUser(
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  sessionState: string | undefined,
  previous?: SignedInUser,
): SignedInUser {
  const claims = tokens.claims();
  // The first sign-in must bring an ID token (openid-client insists); a refresh may not.
  if (!claims && !previous) throw new Error('no ID token in the token response');
  const idToken = tokens.id_token ?? previous?.idToken;
  const issuedAt = Math.floor(Date.now() / 1000);
  return {
    idToken,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    tokenType: tokens.token_type,
    scope: tokens.scope ?? previous?.scope ?? '',
    sessionState,
    profile: claims
      ? {
          sub: claims.sub,
          sid: typeof claims.sid === 'string' ? claims.sid : undefined,
          email: typeof claims.email === 'string' ? claims.email : undefined,
          group: groupFromClaims(claims),
        }
      : previous!.profile,
    issuedAt,
    expiresAt: issuedAt + (tokens.expiresIn() ?? 300),
  };
}
