import { randomUUID } from 'node:crypto';
import { fail, ok, redirectTo, str, type Req, type Res } from '../http.ts';
import type { Account, Store, Track } from '../store.ts';
import { consentAnswered, consentDue } from './consent.ts';
import type { Context, Route } from './context.ts';
import { openSession } from './sso.ts';

const CODE_TTL_MS = 10 * 60 * 1000;
const TRACK_TTL_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How a login that proved who the person is ends, for every way in (a password or code here, an
 * identity provider's callback in social.ts): a single-use authorization code for the client, or
 * the hosted page of the first open precheck, as cidaas does after a login.
 */
export function loginCompletion(store: Store) {
  /**
   * A single-use authorization code for the request, as the 302 Location to the client; the
   * browser keeps (or gets) the tenant's session for the account (sso.ts).
   */
  const issueCode = (req: Req, res: Res, requestId: string, sub: string, groupId?: string): string => {
    const request = store.requests.get(requestId)!;
    const { sid } = openSession(store, req, res, sub, groupId);
    const code = randomUUID();
    store.codes.set(code, {
      code,
      requestId,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      sub,
      scope: request.scope,
      nonce: request.nonce,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      sid,
      groupId,
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    const target = new URL(request.redirectUri);
    target.searchParams.set('code', code);
    if (request.state) target.searchParams.set('state', request.state);
    return target.toString();
  };

  /** The hosted page of the track's next open precheck, with the parameters cidaas appends (§4). */
  const precheckPage = (track: Track): string => {
    const base = { track_id: track.trackId, sub: track.sub, requestId: track.requestId };
    switch (track.pending[0]) {
      case 'group':
        return store.pageUrl('group_selection', { ...base, group_id: store.requests.get(track.requestId)?.groupId });
      // The docs' example adds q and client_id (docs/provider-contract.md §4).
      case 'login_success':
        return store.pageUrl('login_success', { ...base, q: track.sub, client_id: store.requests.get(track.requestId)?.clientId });
      // Its parameters are not published (docs/provider-contract.md §7): those of the other prechecks.
      case 'suggest':
        return store.pageUrl('suggest_verification_methods', base);
      // Its parameters are not published (docs/provider-contract.md §2.17): what the consent calls need.
      case 'consent': {
        const due = consentDue(store, store.accountBySub(track.sub)!);
        return store.pageUrl('consent_preview', {
          ...base,
          consent_id: due?.consentId,
          consent_version_id: due?.versionId,
          client_id: store.requests.get(track.requestId)?.clientId,
        });
      }
      // The docs' example names the track only, in both spellings (docs/provider-contract.md §2.18).
      case 'missing_fields':
        return store.pageUrl('register_additional_info', { track_id: track.trackId, trackId: track.trackId });
      default:
        return store.pageUrl('mfa_required', { ...base, q: track.sub });
    }
  };

  /**
   * The prechecks an account meets after its first factor, in the order this tenant asks them. A
   * second factor follows a password or an identity provider (the tenant's MFA applies to both),
   * not a passkey.
   */
  const prechecksFor = (account: Account, verifiedType: string): Track['pending'] => {
    const groups = store.groupsOf(account);
    const group = groups.length > 1 || (groups.length === 1 && account.askSingleGroup);
    const mfa = account.mfaRequired && (verifiedType === 'PASSWORD' || verifiedType === 'SOCIAL');
    const pending: Track['pending'] =
      store.precheckOrderOf(account) === 'group-first'
        ? [...(group ? ['group' as const] : []), ...(mfa ? ['mfa' as const] : [])]
        : [...(mfa ? ['mfa' as const] : []), ...(group ? ['group' as const] : [])];
    // The suggestion to set up a method, after a password, until one it names is set up or it was declined for good.
    if (verifiedType === 'PASSWORD' && !account.suggestionDeclined && suggestionOpen(account)) pending.push('suggest');
    if (account.loginSuccessPage) pending.push('login_success');
    // New terms first, as soon as the first factor is proven (this tenant's choice).
    if (consentDue(store, account)) pending.unshift('consent');
    // Missing required profile fields come first: the account must be complete before anything else.
    if (account.missingFields?.length) pending.unshift('missing_fields');
    return pending;
  };

  /**
   * Where a proven login goes: open prechecks send the browser to their hosted pages (one group
   * alone is chosen without asking), otherwise the client gets its code.
   */
  const finish = (req: Req, res: Res, requestId: string, account: Account, verifiedType: string): string => {
    const pending = prechecksFor(account, verifiedType);
    const groups = store.groupsOf(account);
    const onlyGroup = groups.length === 1 ? groups[0].groupId : undefined;
    if (pending.length === 0) return issueCode(req, res, requestId, account.sub, onlyGroup);
    const track: Track = {
      trackId: randomUUID(),
      requestId,
      sub: account.sub,
      pending,
      selectedGroupId: onlyGroup,
      used: false,
      expiresAt: Date.now() + TRACK_TTL_MS,
    };
    store.tracks.set(track.trackId, track);
    return precheckPage(track);
  };

  return { issueCode, precheckPage, finish };
}

/**
 * login-srv: the browser form posts that finish a step (docs/provider-contract.md §2.6, §2.7,
 * §2.9) and the precheck metadata (§2.8). Each answers 302: to the client's redirect_uri with a
 * code, to the hosted page of the next open precheck, or to a hosted page with error parameters.
 * Form posts only: a JSON body reads as a form without fields.
 */
export function loginRoutes({ store }: Context): Route[] {
  const { issueCode, precheckPage, finish } = loginCompletion(store);

  /** Where a refused continuation goes: the hosted error page, with the reason in the query. */
  const refused = (requestId: string | undefined, description: string): string =>
    store.pageUrl('error', { error: 'invalid_request', error_description: description, requestId });

  return [
    [
      'POST',
      '/login-srv/verification/login',
      (req, res, _p, _u, body) => {
        const requestId = str(body.requestId) ?? '';
        const request = store.requests.get(requestId);
        const verified = store.verified.get(str(body.status_id) ?? '');
        const valid =
          request &&
          verified &&
          !verified.used &&
          verified.expiresAt > Date.now() &&
          verified.requestId === requestId &&
          (verified.sub === body.sub || verified.sub === body.q) &&
          str(body.verificationType)?.toUpperCase() === verified.type;
        if (!request || !verified || !valid) {
          return redirectTo(
            res,
            store.pageUrl('login', {
              groupname: store.client.hostedPageGroup,
              view_type: 'login',
              requestId: request ? requestId : undefined,
              error: 'invalid_request',
              error_description: 'verification is invalid or used',
            }),
          );
        }
        verified.used = true;
        const account = store.accountBySub(verified.sub)!;
        if (account.emailVerified === false) {
          // Back to the login page with the reason, as the provider does after a refused login.
          return redirectTo(
            res,
            store.pageUrl('login', {
              groupname: store.client.hostedPageGroup,
              view_type: 'login',
              requestId,
              error: 'email_not_verified',
              error_description: 'email is not verified',
              sub: verified.sub,
              q: verified.sub,
            }),
          );
        }
        redirectTo(res, finish(req, res, requestId, account, verified.type));
      },
      { body: 'form' },
    ],

    // Automatic login after registration or a confirmed address (§2.7).
    [
      'POST',
      '/login-srv/login/handle/afterregister/:trackId',
      (req, res, p) => {
        const track = store.tracks.get(p.trackId);
        if (!track || track.used || track.expiresAt < Date.now()) {
          return redirectTo(res, refused(track?.requestId, 'track is invalid or used'));
        }
        // Declared terms not accepted yet are asked here too, as at any login (its consent precheck).
        const account = store.accountBySub(track.sub);
        if (account && consentDue(store, account) && track.pending.length === 0) {
          track.pending = ['consent'];
          return redirectTo(res, precheckPage(track));
        }
        if (track.pending.length > 0) return redirectTo(res, refused(track.requestId, 'precheck is open'));
        track.used = true;
        // An address still to confirm: refused like a password login, with the track named too.
        if (store.accountBySub(track.sub)?.emailVerified === false) {
          return redirectTo(
            res,
            store.pageUrl('login', {
              groupname: store.client.hostedPageGroup,
              view_type: 'login',
              requestId: track.requestId,
              error: 'email_not_verified',
              error_description: 'email is not verified',
              sub: track.sub,
              track_id: track.trackId,
            }),
          );
        }
        redirectTo(res, issueCode(req, res, track.requestId, track.sub));
      },
      { body: 'form' },
    ],

    // Prechecks answered one at a time (§2.9): the second factor's status id, the group chosen,
    // or the login_success page seen. The request the track belongs to must be named.
    [
      'POST',
      '/login-srv/precheck/continue/:trackId',
      (req, res, p, _u, body) => {
        const track = store.tracks.get(p.trackId);
        const open =
          track &&
          !track.used &&
          track.expiresAt > Date.now() &&
          body.track_id === track.trackId &&
          body.sub === track.sub &&
          body.requestId === track.requestId;
        if (!track || !open) return redirectTo(res, refused(track?.requestId, 'precheck is invalid or used'));
        const step = track.pending[0];
        if (step === 'group') {
          const account = store.accountBySub(track.sub);
          const chosen = str(body.selectedGroupId);
          if (!account || !store.groupsOf(account).some((g) => g.groupId === chosen)) {
            return redirectTo(res, refused(track.requestId, 'selected group is not available'));
          }
          track.selectedGroupId = chosen;
        } else if (step === 'mfa') {
          const verified = store.verified.get(str(body.status_id) ?? '');
          const type = str(body.verificationType)?.toUpperCase();
          if (!verified || verified.used || verified.sub !== track.sub || verified.type === 'PASSWORD' || verified.type !== type) {
            return redirectTo(res, refused(track.requestId, 'verification is invalid or used'));
          }
          verified.used = true;
        } else if (step === 'missing_fields' && store.accountBySub(track.sub)?.missingFields?.length) {
          return redirectTo(res, refused(track.requestId, 'required fields are missing'));
        } else if (step === 'suggest' && !track.suggestionAnswered) {
          return redirectTo(res, refused(track.requestId, 'the suggestion was not answered'));
        } else if (step === 'consent' && !consentAnswered(track)) {
          return redirectTo(res, refused(track.requestId, 'the consent was not accepted'));
        }
        track.pending.shift();
        if (track.pending.length > 0) return redirectTo(res, precheckPage(track));
        track.used = true;
        redirectTo(res, issueCode(req, res, track.requestId, track.sub, track.selectedGroupId));
      },
      { body: 'form' },
    ],

    // Precheck metadata (§2.8): 400 for a malformed id, 204 for an unknown, expired or used track;
    // otherwise the documented envelope, the groups named in the asked language.
    [
      'GET',
      '/token-srv/prelogin/metadata/:trackId',
      (_req, res, p, u) => {
        if (!UUID.test(p.trackId)) return fail(res, 400, 400, 'track_id must be a UUID');
        const track = store.tracks.get(p.trackId);
        const account = track && store.accountBySub(track.sub);
        if (!track || !account || track.used || track.expiresAt < Date.now()) {
          res.writeHead(204, { 'cache-control': 'no-store' });
          return res.end();
        }
        const step = track.pending[0];
        const selectableGroups = step === 'group' ? store.groupsOf(account, u.searchParams.get('acceptLanguage') ?? '') : [];
        const suggestion = step === 'suggest' ? suggestionMetadata(account) : {};
        const missing = step === 'missing_fields' ? missingMetadata(account) : {};
        // The consent step names the version it asks (its current one); where a tenant puts it is not published (§2.17).
        const due = step === 'consent' ? consentDue(store, account) : undefined;
        const consent = due ? { consent_id: due.consentId, consent_version_id: due.versionId } : {};
        ok(res, {
          logged_in: false,
          validation_type:
            step === 'group'
              ? 'group_selection_required'
              : step === 'mfa'
                ? 'mfa_required'
                : step === 'missing_fields'
                  ? 'missing_required_fields'
                  : step === 'suggest'
                    ? 'suggest_verification_methods'
                    : step === 'consent'
                      ? 'common_consent'
                      : 'login_success',
          // The account the track is for (docs/provider-contract.md §2.8); the missing fields' step names more of it.
          meta_data: { identity: { sub: account.sub }, ...suggestion, ...missing, ...consent, selectableGroups, amr_values: ['pwd'] },
          used: false,
        });
      },
    ],
  ];
}

/**
 * What the suggestion's metadata says of skipping (docs/provider-contract.md §2.13; where these
 * sit is not published, the stand-in's choice): `reason` NONE for an optional suggestion,
 * ALLOFMANDATORY with the tenant's `mandatoryConfig` (its methods and `skipUntil`) for a required one.
 */
export function suggestionMetadata(account: Account): Record<string, unknown> {
  const mandatory = account.suggestionMandatory;
  const optional = account.suggestMethods?.length ? { optionalConfig: { methods: account.suggestMethods } } : {};
  if (!mandatory) return { reason: 'NONE', ...optional };
  return {
    reason: 'ALLOFMANDATORY',
    mandatoryConfig: { methods: mandatory.methods, skipUntil: new Date(Date.now() + mandatory.skipUntilDays * 86_400_000).toISOString() },
    ...optional,
  };
}

/** Whether a method is set up: a passkey once there is one, another once it is among the account's methods. */
export function methodConfigured(account: Account, method: string): boolean {
  return method === 'FIDO2' ? Boolean(account.passkeys?.length) : account.methods.some((m) => m.type === method);
}

/**
 * The suggestion stands until one of the methods it names is set up: the passkey of `suggestPasskey`,
 * the suggested ones, the mandatory ones (all of those, where there are any).
 */
function suggestionOpen(account: Account): boolean {
  const mandatory = account.suggestionMandatory?.methods ?? [];
  if (mandatory.length > 0) return mandatory.some((m) => !methodConfigured(account, m));
  const suggested = [...(account.suggestPasskey ? ['FIDO2'] : []), ...(account.suggestMethods ?? [])];
  return suggested.length > 0 && !suggested.some((m) => methodConfigured(account, m));
}

/** SKIP is refused for a mandatory method whose time to skip has run out (the docs' rule). */
export function skipAllowed(account: Account): boolean {
  return !account.suggestionMandatory || account.suggestionMandatory.skipUntilDays > 0;
}

/**
 * The missing fields' metadata (docs/provider-contract.md §2.18): the keys, and what the account
 * has (the SDK models' `identity`: its id, e-mail, names and profile values).
 */
export function missingMetadata(account: Account): Record<string, unknown> {
  const [given_name, ...family] = account.name.split(' ');
  return {
    missing_fields: account.missingFields ?? [],
    identity: {
      sub: account.sub,
      email: account.email,
      email_verified: account.emailVerified !== false,
      given_name,
      family_name: family.join(' '),
      ...account.profile,
    },
  };
}
