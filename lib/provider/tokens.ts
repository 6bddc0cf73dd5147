import 'server-only';
import * as client from 'openid-client';
import { accessTokenClaims, groupFromClaims, missingScopes, type GroupSource } from '../auth/token-claims';
import { log } from '../log';
import type { PendingAuthorization, SignedInUser } from '../session-types';
import { getOidcConfiguration, SCOPES } from './oidc';

/**
 * The token service for this deployment's own OIDC client (docs/features.md "This deployment's own session",
 * §7 "Tokens"): code exchange, refresh, revocation, introspection and the user profile, through
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

type Tokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

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
  const renewed = await toSignedInUser(tokens, user.sessionState, user);
  return { ...renewed, refreshToken: renewed.refreshToken ?? user.refreshToken };
}

/**
 * Revokes a refresh token at the tenant's revocation endpoint (RFC 7009), at sign-out: a token
 * left valid could renew a session the person ended. Resolves false when the tenant names no
 * revocation endpoint; a failure is the caller's to log (sign-out goes on regardless).
 */
export async function revokeRefreshToken(refreshToken: string): Promise<boolean> {
  const configuration = await getOidcConfiguration();
  if (!configuration.serverMetadata().revocation_endpoint) return false;
  await client.tokenRevocation(configuration, refreshToken, { token_type_hint: 'refresh_token' });
  return true;
}

export async function introspect(token: string, tokenTypeHint: string): Promise<client.IntrospectionResponse> {
  required(token && tokenTypeHint ? token : undefined, 'token or token_type_hint cannot be empty');
  return client.tokenIntrospection(await getOidcConfiguration(), token, { token_type_hint: tokenTypeHint });
}

async function toSignedInUser(tokens: Tokens, sessionState: string | undefined, previous?: SignedInUser): Promise<SignedInUser> {
  const claims = tokens.claims();
  // The first sign-in must bring an ID token (openid-client insists); a refresh may not.
  if (!claims && !previous) throw new Error('no ID token in the token response');
  const idToken = tokens.id_token ?? previous?.idToken;
  const issuedAt = Math.floor(Date.now() / 1000);
  const sub = claims?.sub ?? previous!.profile.sub;
  warnOfMissingScopes(tokens.scope);
  return {
    idToken,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    tokenType: tokens.token_type,
    scope: tokens.scope ?? previous?.scope ?? SCOPES,
    sessionState,
    profile: {
      sub,
      sid: claims ? (typeof claims.sid === 'string' ? claims.sid : undefined) : previous?.profile.sid,
      email: claims ? (typeof claims.email === 'string' ? claims.email : undefined) : previous?.profile.email,
      group: await chosenGroup(tokens, sub),
    },
    issuedAt,
    expiresAt: issuedAt + (tokens.expiresIn() ?? 300),
  };
}

/**
 * The group chosen at sign-in: the provider's docs put it into the access token; a tenant may
 * name it in userinfo or the ID token instead (docs/provider-contract.md §2.11). The first that
 * names it wins, and the log says which, so an operator sees where the tenant puts it.
 */
async function chosenGroup(tokens: Tokens, sub: string): Promise<SignedInUser['profile']['group']> {
  let source: GroupSource = 'access_token';
  let group = groupFromClaims(accessTokenClaims(tokens.access_token));
  if (!group) {
    source = 'userinfo';
    group = groupFromClaims(await userinfo(tokens.access_token, sub));
  }
  if (!group) {
    source = 'id_token';
    group = groupFromClaims(tokens.claims());
  }
  log.info({ event: 'group-claim', source: group ? source : 'none' }, group ? 'chosen group found' : 'no chosen group in the tokens');
  return group;
}

/** The userinfo answer for the token; a failure here only means no group from it (logged). */
async function userinfo(accessToken: string, sub: string): Promise<Record<string, unknown> | undefined> {
  try {
    return await client.fetchUserInfo(await getOidcConfiguration(), accessToken, sub);
  } catch (error) {
    log.warn({ event: 'userinfo-failed', reason: error instanceof Error ? error.name : 'unknown' }, 'userinfo not read');
    return undefined;
  }
}

/** Warned once per process and set of missing scopes: a tenant setting, not a sign-in's fault. */
const warned = new Set<string>();
function warnOfMissingScopes(granted: string | undefined) {
  const missing = missingScopes(SCOPES, granted);
  const key = missing.join(' ');
  if (missing.length === 0 || warned.has(key)) return;
  warned.add(key);
  log.warn(
    { event: 'scopes-not-granted', missing, granted },
    `the tenant did not grant the scopes ${key}: allow them for the client (CLIENT_ID) in the tenant's app settings (scopes), or the sales organisation and roles are missing from the tokens`,
  );
}
