import { randomUUID } from 'node:crypto';
import type { Context, Route } from './context.ts';
import { escapeHtml, fail, ok, readBody, redirectTo, sendHtml, str } from '../http.ts';
import type { Track } from '../store.ts';

const CODE_TTL_MS = 10 * 60 * 1000;
const TRACK_TTL_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * login-srv: the browser form POST that finishes a verification (provider-api.md §5.6). On
 * success it answers 302 to the client's redirect_uri with a code; otherwise 302 back to the
 * hosted login page with error parameters.
 */
export function loginRoutes({ store }: Context): Route[] {
  /** A single-use authorization code for the request, as the 302 Location to the client. */
  const issueCode = (requestId: string, sub: string, groupId?: string): string => {
    const request = store.requests.get(requestId)!;
    const code = randomUUID();
    store.codes.set(code, {
      code, requestId, clientId: request.clientId, redirectUri: request.redirectUri, sub,
      scope: request.scope, nonce: request.nonce, codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod, sid: randomUUID(), groupId, expiresAt: Date.now() + CODE_TTL_MS, used: false,
    });
    const target = new URL(request.redirectUri);
    target.searchParams.set('code', code);
    if (request.state) target.searchParams.set('state', request.state);
    return target.toString();
  };

  /** The hosted page of the track's next open precheck. */
  const precheckPage = (track: Track): string => {
    if (track.pending[0] === 'group') {
      const page = new URL(`/group-selection/${track.trackId}/${track.sub}`, store.client.loginPageUrl);
      page.searchParams.set('requestId', track.requestId);
      const hint = store.requests.get(track.requestId)?.groupId;
      if (hint) page.searchParams.set('group_id', hint);
      return page.toString();
    }
    const page = new URL('/register-mfa', store.client.loginPageUrl);
    for (const [k, v] of Object.entries({ track_id: track.trackId, sub: track.sub, q: track.sub, requestId: track.requestId })) page.searchParams.set(k, v);
    return page.toString();
  };

  /** Where a refused continuation goes: the hosted error page, with the reason in the query. */
  const refused = (requestId: string | undefined, description: string): string => {
    const page = new URL('/error', store.client.loginPageUrl);
    page.searchParams.set('error', 'invalid_request');
    page.searchParams.set('error_description', description);
    if (requestId) page.searchParams.set('requestId', requestId);
    return page.toString();
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
      const account = store.accountBySub(verified.sub)!;
      if (account.emailVerified === false) {
        // Back to the login page with the reason, as the provider does after a refused login.
        const back = new URL(store.client.loginPageUrl);
        for (const [k, v] of Object.entries({ requestId, error: 'email_not_verified', sub: verified.sub, view_type: 'login' })) back.searchParams.set(k, v);
        return redirectTo(res, back.toString());
      }
      // Open prechecks (group selection, then MFA) send the browser to their hosted pages, as
      // the provider does; one group alone is chosen without asking.
      const groups = store.groupsOf(account);
      const pending: Track['pending'] = [];
      if (groups.length > 1 || (groups.length === 1 && account.askSingleGroup)) pending.push('group');
      if (account.mfaRequired && verified.type === 'PASSWORD') pending.push('mfa');
      const onlyGroup = groups.length === 1 ? groups[0].groupId : undefined;
      if (pending.length === 0) return redirectTo(res, issueCode(requestId, verified.sub, onlyGroup));
      const track: Track = { trackId: randomUUID(), requestId, sub: verified.sub, pending, selectedGroupId: onlyGroup, used: false, expiresAt: Date.now() + TRACK_TTL_MS };
      store.tracks.set(track.trackId, track);
      redirectTo(res, precheckPage(track));
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

    // Prechecks answered one at a time: the group chosen, or the second factor's status id.
    ['POST', '/login-srv/precheck/continue/:trackId', async (req, res, p) => {
      const body = await readBody(req);
      const track = store.tracks.get(p.trackId);
      const open = track && !track.used && track.expiresAt > Date.now() && body.track_id === track.trackId && body.sub === track.sub;
      if (!track || !open) return redirectTo(res, refused(track?.requestId, 'precheck is invalid or used'));
      const step = track.pending[0];
      if (step === 'group') {
        const account = store.accountBySub(track.sub);
        const chosen = str(body.selectedGroupId);
        if (!account || !store.groupsOf(account).some((g) => g.groupId === chosen)) {
          return redirectTo(res, refused(track.requestId, 'selected group is not available'));
        }
        track.selectedGroupId = chosen;
      } else {
        const verified = store.verified.get(str(body.status_id) ?? '');
        if (!verified || verified.used || verified.sub !== track.sub || verified.type === 'PASSWORD') {
          return redirectTo(res, refused(track.requestId, 'verification is invalid or used'));
        }
        verified.used = true;
      }
      track.pending.shift();
      if (track.pending.length > 0) return redirectTo(res, precheckPage(track));
      track.used = true;
      redirectTo(res, issueCode(track.requestId, track.sub, track.selectedGroupId));
    }],

    // Precheck metadata (provider-api.md §5.8): 400 for a malformed id, 204 for an unknown,
    // expired or used track; otherwise the groups to choose from, named in the asked language.
    ['GET', '/token-srv/prelogin/metadata/:trackId', (_req, res, p, u) => {
      if (!UUID.test(p.trackId)) return fail(res, 400, 400, 'track_id must be a UUID');
      const track = store.tracks.get(p.trackId);
      const account = track && store.accountBySub(track.sub);
      if (!track || !account || track.used || track.expiresAt < Date.now()) {
        res.writeHead(204, { 'cache-control': 'no-store' });
        return res.end();
      }
      const selectableGroups = track.pending.includes('group')
        ? store.groupsOf(account, u.searchParams.get('acceptLanguage') ?? '')
        : [];
      ok(res, { track_id: track.trackId, sub: track.sub, prechecks: track.pending, meta_data: { selectableGroups } });
    }],
  ];
}
