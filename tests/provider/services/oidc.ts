import { createHash, randomBytes } from 'node:crypto';
import { escapeHtml, oauthError, redirectTo, sendHtml, sendJson, str, type Body, type Req } from '../http.ts';
import type { Context, Route } from './context.ts';
import { sessionOf, SSO_COOKIE } from './sso.ts';

/**
 * The OIDC side, at cidaas's paths (docs/provider-contract.md §2.10, §2.11): discovery,
 * authorize (to the hosted login page with a requestId; with `prompt=none` a code at once while
 * the browser's session at the tenant lasts, else `login_required`), token with PKCE (the scopes
 * the client may have, a refresh token where the client has that grant), revocation, userinfo,
 * JWKS, introspection and end_session.
 */
export function oidcRoutes(ctx: Context): Route[] {
  const { store, signer, issuer } = ctx;
  const url = (path: string) => `${issuer}${path}`;

  return [
    [
      'GET',
      '/.well-known/openid-configuration',
      (_req, res) =>
        sendJson(res, 200, {
          issuer,
          authorization_endpoint: url('/authz-srv/authz'),
          token_endpoint: url('/token-srv/token'),
          userinfo_endpoint: url('/users-srv/userinfo'),
          introspection_endpoint: url('/token-srv/introspect'),
          revocation_endpoint: url('/token-srv/revoke'),
          jwks_uri: url('/.well-known/jwks.json'),
          end_session_endpoint: url('/session/end_session'),
          response_types_supported: ['code'],
          response_modes_supported: ['query', 'fragment', 'form_post'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['plain', 'S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          scopes_supported: ['openid', 'email', 'profile', 'groups', 'roles', 'offline_access'],
        }),
    ],

    ['GET', '/.well-known/jwks.json', (_req, res) => sendJson(res, 200, signer.jwks)],

    [
      'GET',
      '/authz-srv/authz',
      (req, res, _p, u) => {
        const q = u.searchParams;
        const client = store.client;
        if (q.get('client_id') !== client.clientId) return sendJson(res, 400, { error: 'invalid_client', error_description: 'AUTH10001 unknown client_id' });
        const redirectUri = q.get('redirect_uri') ?? '';
        if (!client.redirectUris.includes(redirectUri))
          return sendJson(res, 400, { error: 'invalid_request', error_description: 'redirect_uri is not registered' });
        if (q.get('response_type') !== 'code') return sendJson(res, 400, { error: 'unsupported_response_type', error_description: 'AUTH10013' });
        const requestId = store.newId();
        const scope = grantedScopes(q.get('scope') ?? 'openid', client.allowedScopes);
        store.requests.set(requestId, {
          requestId,
          clientId: client.clientId,
          redirectUri,
          scope,
          state: q.get('state') ?? undefined,
          nonce: q.get('nonce') ?? undefined,
          codeChallenge: q.get('code_challenge') ?? undefined,
          codeChallengeMethod: q.get('code_challenge_method') ?? undefined,
          uiLocales: q.get('ui_locales') ?? undefined,
          groupId: q.get('group_id') ?? undefined,
          createdAt: Date.now(),
        });
        if (q.get('prompt') === 'none') return answerSilently(ctx, req, res, requestId);
        // The authz answer names exactly groupname, lang, view_type and requestId (docs/provider-contract.md §4).
        // An invitation's authorization (view_type=register) goes to the register page, with the
        // invitation passed on as an extra parameter (docs/provider-contract.md §2.16).
        const inviteId = q.get('invite_id');
        if (q.get('view_type') === 'register' && inviteId) {
          return redirectTo(
            res,
            store.pageUrl('register', {
              groupname: client.hostedPageGroup,
              lang: q.get('ui_locales') ?? '',
              view_type: 'register',
              requestId,
              invite_id: inviteId,
            }),
          );
        }
        redirectTo(res, store.pageUrl('login', { groupname: client.hostedPageGroup, lang: q.get('ui_locales') ?? '', view_type: 'login', requestId }));
      },
    ],

    [
      'GET',
      '/authz-srv/authz/resolve_redirect/:requestId',
      (_req, res, p, u) => {
        if (!store.requests.has(p.requestId)) return sendHtml(res, 400, '<h1>Unknown request</h1>');
        if (u.searchParams.get('view_type') === 'register') {
          return sendHtml(
            res,
            200,
            '<!doctype html><html lang="en"><meta charset="utf-8"><title>Registration (stand-in)</title><h1>Registration (stand-in)</h1><p>The provider\'s own registration page would be shown here.</p>',
          );
        }
        const request = store.requests.get(p.requestId);
        redirectTo(
          res,
          store.pageUrl('login', { groupname: store.client.hostedPageGroup, lang: request?.uiLocales ?? '', view_type: 'login', requestId: p.requestId }),
        );
      },
    ],

    // JSON or form (docs/provider-contract.md §1); the admin client may only use client_credentials.
    [
      'POST',
      '/token-srv/token',
      async (req, res, _p, _u, body) => {
        if (body.grant_type === 'client_credentials') return adminToken(ctx, req, body, res);
        if (!authenticateClient(ctx, req, body)) return oauthError(res, 401, 'invalid_client', 'client authentication failed');
        if (body.grant_type === 'authorization_code') return exchangeCode(ctx, body, res);
        if (body.grant_type === 'refresh_token') return refresh(ctx, body, res);
        oauthError(res, 400, 'unsupported_grant_type', 'grant_type not supported');
      },
      { body: 'either', malformed: (res) => oauthError(res, 400, 'invalid_request', 'body must be JSON or form-urlencoded') },
    ],

    // RFC 7009: the client revokes a refresh token (or an access token: nothing is kept for those).
    [
      'POST',
      '/token-srv/revoke',
      (req, res, _p, _u, body) => {
        if (!authenticateClient(ctx, req, body)) return oauthError(res, 401, 'invalid_client', 'client authentication failed');
        const token = str(body.token);
        if (!token) return oauthError(res, 400, 'invalid_request', 'token is required');
        const entry = store.refreshTokens.get(token);
        if (entry) {
          store.refreshTokens.delete(token);
          store.revokedRefreshTokens.set(token, entry.sub);
        }
        res.writeHead(200, { 'cache-control': 'no-store' });
        res.end();
      },
      { body: 'form', malformed: (res) => oauthError(res, 400, 'invalid_request', 'body must be form-urlencoded') },
    ],

    [
      'GET',
      '/users-srv/userinfo',
      async (req, res) => {
        const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        const claims = token ? await signer.verify(token) : null;
        const account = claims && store.accountBySub(claims.sub);
        if (!account) return oauthError(res, 401, 'invalid_token', 'access token invalid');
        sendJson(res, 200, { sub: account.sub, email: account.email, email_verified: true, name: account.name });
      },
    ],

    [
      'POST',
      '/token-srv/introspect',
      async (_req, res, _p, _u, body) => {
        const token = str(body.token);
        if (!token) return oauthError(res, 400, 'invalid_request', 'token is required');
        const claims = await signer.verify(token);
        if (!claims || (typeof claims.sid === 'string' && store.revokedSids.has(claims.sid))) {
          return sendJson(res, 200, { active: false, token_type: 'Bearer' });
        }
        sendJson(res, 200, { active: true, token_type: 'Bearer', ...claims, scopes: String(claims.scope ?? '').split(' '), roles: [] });
      },
      // RFC 7662 and what the app sends (openid-client): a form. Only the token endpoint is
      // documented to take JSON too (docs/provider-contract.md, Encoding).
      { body: 'form', malformed: (res) => oauthError(res, 400, 'invalid_request', 'body must be form-urlencoded') },
    ],

    [
      'GET',
      '/session/end_session',
      async (_req, res, _p, u) => {
        const hint = u.searchParams.get('id_token_hint') ?? u.searchParams.get('access_token_hint');
        const claims = hint ? await signer.verify(hint) : null;
        if (claims && typeof claims.sid === 'string') store.revokedSids.add(claims.sid);
        // The browser's session at the tenant ends too (and its cookie).
        const session = sessionOf(store, _req);
        if (session) store.revokedSids.add(session.sid);
        res.setHeader('set-cookie', `${SSO_COOKIE}=; Path=/; Max-Age=0`);
        const target = u.searchParams.get('post_logout_redirect_uri');
        if (target && store.client.postLogoutRedirectUris.includes(target)) return redirectTo(res, target);
        sendHtml(
          res,
          200,
          `<!doctype html><title>Signed out</title><h1>Signed out</h1>${target ? `<p>Not a registered target: ${escapeHtml(target)}</p>` : ''}`,
        );
      },
    ],
  ];
}

function credentialsOf(req: Req, body: Body): { id: unknown; secret: unknown } {
  const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (!basic) return { id: body.client_id, secret: body.client_secret };
  const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':').map(decodeURIComponent);
  return { id, secret };
}

function authenticateClient(ctx: Context, req: Req, body: Body): boolean {
  const { client } = ctx.store;
  const { id, secret } = credentialsOf(req, body);
  return id === client.clientId && secret === client.clientSecret;
}

/** Scopes the admin client holds (docs/provider-contract.md §6). */
export const ADMIN_SCOPES = ['cidaas:hosted_pages_read', 'cidaas:hosted_pages_write'];

/** An admin client's token for the management APIs (client_credentials, as the Terraform provider asks). */
async function adminToken(ctx: Context, req: Req, body: Body, res: Parameters<Route[2]>[1]) {
  const admin = ctx.store.adminClient;
  const { id, secret } = credentialsOf(req, body);
  if (!admin || id !== admin.clientId || secret !== admin.clientSecret) return oauthError(res, 401, 'invalid_client', 'client authentication failed');
  const accessToken = await ctx.signer.sign(
    { sub: admin.clientId, aud: admin.clientId, client_id: admin.clientId, scope: ADMIN_SCOPES.join(' '), jti: ctx.store.newId() },
    600,
  );
  sendJson(res, 200, { token_type: 'Bearer', access_token: accessToken, expires_in: 600, scope: ADMIN_SCOPES.join(' ') });
}

async function exchangeCode(ctx: Context, body: Body, res: Parameters<Route[2]>[1]) {
  const code = ctx.store.codes.get(str(body.code) ?? '');
  if (!code || code.used || code.expiresAt < Date.now()) {
    return oauthError(res, 400, 'invalid_grant', 'The provided authorization grant is invalid : invalid code or expired or already used or revoked');
  }
  code.used = true;
  if (body.redirect_uri !== code.redirectUri) return oauthError(res, 400, 'invalid_grant', 'redirect_uri mismatch');
  if (code.codeChallenge) {
    const verifier = str(body.code_verifier) ?? '';
    const computed = code.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
    if (computed !== code.codeChallenge) return oauthError(res, 400, 'invalid_grant', 'PKCE verification failed');
  }
  await issueTokens(ctx, res, { sub: code.sub, scope: code.scope, sid: code.sid, nonce: code.nonce, clientId: code.clientId, groupId: code.groupId });
}

async function refresh(ctx: Context, body: Body, res: Parameters<Route[2]>[1]) {
  const token = str(body.refresh_token) ?? '';
  const entry = ctx.store.refreshTokens.get(token);
  if (!entry || ctx.store.revokedSids.has(entry.sid)) return oauthError(res, 400, 'invalid_grant', 'refresh token invalid or revoked');
  ctx.store.refreshTokens.delete(token);
  await issueTokens(ctx, res, { ...entry, nonce: undefined });
}

async function issueTokens(
  ctx: Context,
  res: Parameters<Route[2]>[1],
  args: { sub: string; scope: string; sid: string; nonce?: string; clientId: string; groupId?: string },
) {
  const account = ctx.store.accountBySub(args.sub);
  if (!account) return oauthError(res, 400, 'invalid_grant', 'account no longer exists');
  const ttl = ctx.store.tokenTtlBySub.get(args.sub) ?? ctx.tokenTtlSeconds;
  // The group chosen at sign-in, in the access token only, as the provider's docs say; the claim's
  // name is not published (docs/provider-contract.md §7: the stand-in's choice).
  const group = args.groupId ? ctx.store.groupsOf(account).find((g) => g.groupId === args.groupId) : undefined;
  const groupClaims = group ? { selected_group: { groupId: group.groupId, groupName: group.groupName } } : {};
  const accessToken = await ctx.signer.sign(
    { sub: args.sub, aud: args.clientId, scope: args.scope, sid: args.sid, jti: ctx.store.newId(), ...groupClaims },
    ttl,
  );
  const idToken = await ctx.signer.sign(
    {
      sub: args.sub,
      aud: args.clientId,
      sid: args.sid,
      auth_time: Math.floor(Date.now() / 1000),
      ...(args.nonce ? { nonce: args.nonce } : {}),
      email: account.email,
      email_verified: true,
      name: account.name,
    },
    ttl,
  );
  // A refresh token only where the client has the refresh_token grant (and not for an account a
  // test set up as such a client's).
  const refreshToken = ctx.store.client.refreshTokens && !account.noRefreshToken ? randomBytes(32).toString('base64url') : undefined;
  if (refreshToken)
    ctx.store.refreshTokens.set(refreshToken, { sub: args.sub, clientId: args.clientId, scope: args.scope, sid: args.sid, groupId: args.groupId });
  sendJson(res, 200, {
    token_type: 'Bearer',
    sub: args.sub,
    expires_in: ttl,
    id_token_expires_in: ttl,
    access_token: accessToken,
    id_token: idToken,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    scope: args.scope,
    identity_id: args.sub,
  });
}

/** What is granted of the scopes asked for: those the client may have, in the order asked. */
function grantedScopes(requested: string, allowed: string[]): string {
  return requested
    .split(/\s+/)
    .filter((scope) => scope && allowed.includes(scope))
    .join(' ');
}

/**
 * `prompt=none`: nothing is shown. While the browser's session at the tenant lasts, the request is
 * answered with a code for that session's account (and its group); otherwise with login_required.
 */
function answerSilently(ctx: Context, req: Req, res: Parameters<Route[2]>[1], requestId: string) {
  const { store } = ctx;
  const request = store.requests.get(requestId)!;
  const target = new URL(request.redirectUri);
  if (request.state) target.searchParams.set('state', request.state);
  const session = sessionOf(store, req);
  if (!session || !store.accountBySub(session.sub)) {
    target.searchParams.set('error', 'login_required');
    target.searchParams.set('error_description', 'no session at the provider');
    return redirectTo(res, target.toString());
  }
  const code = store.newId();
  store.codes.set(code, {
    code,
    requestId,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    sub: session.sub,
    scope: request.scope,
    nonce: request.nonce,
    codeChallenge: request.codeChallenge,
    codeChallengeMethod: request.codeChallengeMethod,
    sid: session.sid,
    groupId: session.groupId,
    expiresAt: Date.now() + 10 * 60 * 1000,
    used: false,
  });
  target.searchParams.set('code', code);
  redirectTo(res, target.toString());
}
