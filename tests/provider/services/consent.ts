import { fail, ok, str, type Body } from '../http.ts';
import type { Account, Consent, Store, Track } from '../store.ts';
import type { Context, Route } from './context.ts';

/**
 * The consent service (docs/provider-contract.md §2.17), as strict as its documentation: JSON
 * bodies; `consent_id`, `consent_version_id` and `sub` or `q` required (400); an unknown consent
 * or version is 404; an acceptance needs the client and, without a user's token, the open track
 * of that account (401 otherwise), and answers 200 `{accepted, consent_id, consent_version_id}`,
 * or 204 when the version was accepted before. The localised version details are served by the
 * current generation only; the legacy generation serves what every SDK calls.
 */
export function consentRoutes({ store, generation }: Context): Route[] {
  const malformed = { body: 'json' as const, malformed: (res: Parameters<Route[2]>[1]) => fail(res, 415, 415, 'unsupported media type', 'ConsentException') };
  const details: Route = [
    'GET',
    '/consent-management-srv/v2/consent/versions/details/:consentId',
    (_req, res, p, u) => {
      const consent = store.consents.find((c) => c.consentId === p.consentId);
      if (!consent) return fail(res, 404, 404, 'consent not found', 'ConsentException');
      const latest = consent.versions[consent.versions.length - 1];
      const [locale, text] = localised(latest, u.searchParams.get('locale'));
      ok(res, {
        id: latest.id,
        consent_id: consent.consentId,
        version: latest.version,
        consent_locale: { consent_id: consent.consentId, consent_version_id: latest.id, locale, ...text },
      });
    },
  ];
  return [
    ...(generation === 'current' ? [details] : []),
    [
      'POST',
      '/consent-management-srv/v2/consent/usage/public/info',
      (req, res, _p, _u, body) => {
        const asked = consentAsked(store, body);
        if ('error' in asked) return fail(res, asked.status, asked.status, asked.error, 'ConsentException');
        const [, text] = localised(asked.version, req.headers['accept-language'] ?? null);
        ok(res, {
          consent_id: asked.consent.consentId,
          consent_name: asked.consent.name,
          consent_version_id: asked.version.id,
          content: text.content,
          url: text.url,
          scopes: [],
          sub: str(body.sub) ?? str(body.q),
        });
      },
      malformed,
    ],
    [
      'POST',
      '/consent-management-srv/v2/consent/usage/accept',
      (_req, res, _p, _u, body) => {
        if (!str(body.client_id)) return fail(res, 400, 400, 'client_id is required', 'ConsentException');
        const asked = consentAsked(store, body);
        if ('error' in asked) return fail(res, asked.status, asked.status, asked.error, 'ConsentException');
        if (body.client_id !== store.client.clientId) return fail(res, 401, 401, 'client is not allowed', 'ConsentException');
        const sub = str(body.sub) ?? str(body.q);
        const track = store.tracks.get(str(body.trackId) ?? '');
        const account = store.accountBySub(sub);
        // Without a user's token, the track of that account's sign-in vouches for it.
        if (!account || !track || track.used || track.expiresAt < Date.now() || track.sub !== sub) {
          return fail(res, 401, 401, 'not authorised for this subject', 'ConsentException');
        }
        if (body.action_type !== undefined && body.action_type !== 'login' && body.action_type !== 'register') {
          return fail(res, 400, 400, 'action_type is invalid', 'ConsentException');
        }
        const before = account.acceptedConsentVersions?.includes(asked.version.id) ?? false;
        if (track.pending[0] === 'consent' && asked.consent.consentId === account.asksConsent) track.consentAccepted = true;
        if (before) {
          res.writeHead(204, { 'cache-control': 'no-store' });
          return res.end();
        }
        account.acceptedConsentVersions = [...(account.acceptedConsentVersions ?? []), asked.version.id];
        ok(res, { accepted: true, consent_id: asked.consent.consentId, consent_version_id: asked.version.id });
      },
      malformed,
    ],
  ];
}

type Asked = { consent: Consent; version: Consent['versions'][number] } | { status: number; error: string };

function consentAsked(store: Store, body: Body): Asked {
  const consentId = str(body.consent_id);
  const versionId = str(body.consent_version_id);
  if (!consentId || !versionId) return { status: 400, error: 'consent_id and consent_version_id are required' };
  if (!str(body.sub) && !str(body.q)) return { status: 400, error: 'sub or q is required' };
  const consent = store.consents.find((c) => c.consentId === consentId);
  const version = consent?.versions.find((v) => v.id === versionId);
  if (!consent || !version) return { status: 404, error: 'consent instance or version not found' };
  return { consent, version };
}

/** The version's text in the asked language (its first part), else English. */
function localised(version: Consent['versions'][number], locale: string | null): [string, Consent['versions'][number]['locales'][string]] {
  const language = (locale ?? '').split(/[-_,;]/)[0].toLowerCase();
  return language in version.locales ? [language, version.locales[language]] : ['en', version.locales.en];
}

/** The consent version an account must accept before its sign-in completes, if any. */
export function consentDue(store: Store, account: Account): { consentId: string; versionId: string } | undefined {
  const consent = account.asksConsent ? store.consents.find((c) => c.consentId === account.asksConsent) : undefined;
  const latest = consent?.versions[consent.versions.length - 1];
  if (!consent || !latest || account.acceptedConsentVersions?.includes(latest.id)) return undefined;
  return { consentId: consent.consentId, versionId: latest.id };
}

/** Whether the track's consent step may be continued: its version was accepted on it. */
export function consentAnswered(track: Track): boolean {
  return track.consentAccepted === true;
}
