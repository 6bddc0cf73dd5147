import { randomUUID } from 'node:crypto';
import type { Context, Route } from './context.ts';
import { escapeHtml, readBody, redirectTo, sendHtml, str } from '../http.ts';

const CODE_TTL_MS = 10 * 60 * 1000;
const TRACK_TTL_MS = 60 * 60 * 1000;

/**
 * login-srv: the browser form POST that finishes a verification (provider-api.md §5.6). On
 * success it answers 302 to the client's redirect_uri with a code; otherwise 302 back to the
 * hosted login page with error parameters.
 */
export function loginRoutes({ store }: Context): Route[] {
  /** A single-use authorization code for the request, as the 302 Location to the client. */
  const issueCode = (requestId: string, sub: string): string => {
    const request = store.requests.get(requestId)!;
    const code = randomUUID();
    store.codes.set(code, {
      code, requestId, clientId: request.clientId, redirectUri: request.redirectUri, sub,
      scope: request.scope, nonce: request.nonce, codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod, sid: randomUUID(), expiresAt: Date.now() + CODE_TTL_MS, used: false,
    });
    const target = new URL(request.redirectUri);
    target.searchParams.set('code', code);
    if (request.state) target.searchParams.set('state', request.state);
    return target.toString();
  };

  return [
    // Where a federated domain's users are sent (the real provider forwards to their IdP).
    ['GET', '/login-srv/social/login/:provider/:requestId', (_req, res, p, u) => {
      const hint = u.searchParams.get('login_hint') ?? '';
      sendHtml(res, 200, `<!doctype html><html lang="en"><meta charset="utf-8"><title>Federated sign-in (stand-in)</title>
<h1>Federated sign-in (stand-in)</h1><p>The provider would now forward to the identity provider <strong>${escapeHtml(p.provider)}</strong> for <strong>${escapeHtml(hint)}</strong>.</p>`);
    }],

    ['POST', '/login-srv/verification/login', async (req, res) => {
      const body = await readBody(req);
      const requestId = str(body.requestId) ?? '';
      const request = store.requests.get(requestId);
      const verified = store.verified.get(str(body.status_id) ?? '');
      const valid =
        request && verified && !verified.used && verified.expiresAt > Date.now() &&
        verified.requestId === requestId && verified.sub === body.sub;
      if (!request || !verified || !valid) {
        const back = new URL(store.client.loginPageUrl);
        if (request) back.searchParams.set('requestId', requestId);
        back.searchParams.set('error', 'invalid_request');
        back.searchParams.set('error_description', 'verification is invalid or used');
        return redirectTo(res, back.toString());
      }
      verified.used = true;
      const unverified = store.accountBySub(verified.sub);
      if (unverified?.emailVerified === false) {
        // Back to the login page with the reason, as the provider does after a refused login.
        const back = new URL(store.client.loginPageUrl);
        for (const [k, v] of Object.entries({ requestId, error: 'email_not_verified', sub: verified.sub, view_type: 'login' })) back.searchParams.set(k, v);
        return redirectTo(res, back.toString());
      }
      // An open precheck (here: MFA) sends the browser to its hosted page, as the provider does.
      const account = store.accountBySub(verified.sub);
      if (account?.mfaRequired && verified.type === 'PASSWORD') {
        const trackId = randomUUID();
        store.tracks.set(trackId, { trackId, requestId, sub: verified.sub, used: false, expiresAt: Date.now() + TRACK_TTL_MS });
        const mfaPage = new URL('/register-mfa', store.client.loginPageUrl);
        for (const [k, v] of Object.entries({ track_id: trackId, sub: verified.sub, q: verified.sub, requestId })) mfaPage.searchParams.set(k, v);
        return redirectTo(res, mfaPage.toString());
      }
      redirectTo(res, issueCode(requestId, verified.sub));
    }],

    // Automatic login after registration / verification (provider-api.md §5.10).
    ['POST', '/login-srv/login/handle/afterregister/:trackId', async (req, res, p) => {
      await readBody(req);
      const track = store.tracks.get(p.trackId);
      if (!track || track.used || track.expiresAt < Date.now()) {
        const back = new URL(store.client.loginPageUrl);
        if (track) back.searchParams.set('requestId', track.requestId);
        back.searchParams.set('error', 'invalid_request');
        return redirectTo(res, back.toString());
      }
      track.used = true;
      redirectTo(res, issueCode(track.requestId, track.sub));
    }],

    ['POST', '/login-srv/precheck/continue/:trackId', async (req, res, p) => {
      const body = await readBody(req);
      const track = store.tracks.get(p.trackId);
      const verified = store.verified.get(str(body.status_id) ?? '');
      const valid =
        track && !track.used && track.expiresAt > Date.now() && body.track_id === track.trackId &&
        verified && !verified.used && verified.sub === track.sub && body.sub === track.sub && verified.type !== 'PASSWORD';
      if (!track || !verified || !valid) {
        const back = new URL(store.client.loginPageUrl);
        if (track) back.searchParams.set('requestId', track.requestId);
        back.searchParams.set('error', 'invalid_request');
        back.searchParams.set('error_description', 'precheck is invalid or used');
        return redirectTo(res, back.toString());
      }
      track.used = true;
      verified.used = true;
      redirectTo(res, issueCode(track.requestId, track.sub));
    }],
  ];
}
