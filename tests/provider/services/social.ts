import { randomUUID } from 'node:crypto';
import { escapeHtml, fail, redirectTo, sendHtml, str, type Res } from '../http.ts';
import type { Track } from '../store.ts';
import type { Context, Route } from './context.ts';
import { loginCompletion } from './login.ts';

const SOCIAL_LOGIN_TTL_MS = 10 * 60 * 1000;
const TRACK_TTL_MS = 60 * 60 * 1000;

/**
 * Sign-in through another identity provider (docs/provider-contract.md "Identity providers"):
 * `GET /login-srv/social/login/{provider_name lower-case}/{requestId}` (400 for an unknown request
 * or a provider the tenant does not offer the client; the real tenant answers 302 to the identity
 * provider, and the stand-in, being its own identity provider, shows that provider's login page
 * at once), and the provider's callback, `GET /login-srv/social/callback/{provider_name}`, which
 * ends as a password login does (login.ts `finish`): a code for the client, or the first open
 * precheck's hosted page. A person without an account lands on register_additional_info with the
 * request and a track (both spellings, as the docs' example).
 */
export function socialRoutes({ store }: Context): Route[] {
  const { finish } = loginCompletion(store);
  const refused = (res: Res, requestId: string | undefined, description: string) =>
    redirectTo(res, store.pageUrl('error', { error: 'access_denied', error_description: description, requestId }));

  return [
    [
      'GET',
      '/login-srv/social/login/:provider/:requestId',
      (_req, res, p, u) => {
        if (!store.requests.has(p.requestId)) return fail(res, 400, 'invalid_request', 'request ID is invalid', 'LoginException');
        // The SDKs send the provider's name in lower case; another spelling is not a provider of this client.
        const provider = p.provider === p.provider.toLowerCase() ? store.identityProvider(p.provider) : undefined;
        if (!provider) return fail(res, 400, 'invalid_provider', 'the provider is not configured for this client', 'LoginException');
        const state = randomUUID();
        store.socialLogins.set(state, { state, requestId: p.requestId, provider: provider.name, used: false, expiresAt: Date.now() + SOCIAL_LOGIN_TTL_MS });
        const hint = u.searchParams.get('login_hint') ?? '';
        const identities = store.identityProviders.identities[provider.name] ?? [];
        sendHtml(
          res,
          200,
          `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Federated sign-in (stand-in)</title>
<main><h1>Federated sign-in (stand-in)</h1>
<p>This page stands for the identity provider <strong>${escapeHtml(provider.displayName)}</strong>${hint ? ` (suggested account: <strong>${escapeHtml(hint)}</strong>)` : ''}.</p>
<form method="get" action="/login-srv/social/callback/${encodeURIComponent(provider.name)}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<fieldset><legend>Sign in as</legend>
${identities
  .map(
    (identity, i) =>
      `<p><label><input type="radio" name="identity" value="${escapeHtml(identity.id)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(identity.name)} (${escapeHtml(identity.email)})${identity.newUser ? ', no account yet' : ''}</label></p>`,
  )
  .join('\n')}
</fieldset>
<p><button type="submit">Sign in at ${escapeHtml(provider.displayName)}</button></p>
</form></main>`,
        );
      },
    ],

    [
      'GET',
      '/login-srv/social/callback/:provider',
      (req, res, p, u) => {
        const login = store.socialLogins.get(u.searchParams.get('state') ?? '');
        if (!login || login.used || login.expiresAt < Date.now() || login.provider !== p.provider || !store.requests.has(login.requestId)) {
          return refused(res, login?.requestId, 'the identity provider sign-in is invalid or used');
        }
        login.used = true;
        const identity = (store.identityProviders.identities[login.provider] ?? []).find((i) => i.id === str(u.searchParams.get('identity')));
        if (!identity) return refused(res, login.requestId, 'the identity provider did not sign anybody in');
        const account = identity.newUser ? undefined : store.accountByEmail(identity.email);
        if (!account) {
          const track: Track = {
            trackId: randomUUID(),
            requestId: login.requestId,
            sub: '',
            pending: [],
            // Each sign-in as a newcomer stands for another new person (a fresh address), so one
            // registration does not turn the next test's newcomer into a known account.
            socialRegistration: { provider: login.provider, email: identity.newUser ? freshAddress(identity.email) : identity.email, name: identity.name },
            used: false,
            expiresAt: Date.now() + TRACK_TTL_MS,
          };
          store.tracks.set(track.trackId, track);
          return redirectTo(res, store.pageUrl('register_additional_info', { requestId: login.requestId, trackId: track.trackId, track_id: track.trackId }));
        }
        redirectTo(res, finish(req, res, login.requestId, account, 'SOCIAL'));
      },
    ],

    // The tenant's stored logos of its providers (a logo_url in the seed starting with /).
    [
      'GET',
      '/identity-logos/:name',
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' });
        res.end(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="#6b2fa3"/><path fill="#fff" d="M12 4.5 5 19.5h3.2l1.3-3h5l1.3 3H19L12 4.5zm0 6.2 1.6 3.6h-3.2l1.6-3.6z"/></svg>',
        );
      },
    ],
  ];
}

/** `nina.newcomer@gmail.example` → `nina.newcomer+3f9c2a1b@gmail.example`. */
function freshAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, at)}+${randomUUID().slice(0, 8)}${email.slice(at)}`;
}
