import { fail, isInternationalNumber, ok, str, type Body, type Req } from '../http.ts';
import type { Account, AuthRequest, Registration, Store } from '../store.ts';
import type { Context, Route } from './context.ts';
import { takeInvitation } from './invitations.ts';
import { registerNewcomer } from './progressive.ts';

/**
 * Self-registration (docs/provider-contract.md, "Registration"). The field list: the current
 * generation serves the 4.x `user-srv/public/fields` (which leaves CONSENT fields out: "Use Consent
 * Management APIs") and the legacy `registration-setup-srv/public/list` every SDK still calls; the
 * legacy generation serves only the legacy list. The register call is JSON with the `requestId`
 * header (the only required header), answers 417 code 507 "<field> cannot be null" for a missing
 * required field, and creates an account that can then sign in with its password.
 *
 * What a tenant answers for an address that already has an account is not published: the stand-in
 * answers 409 (the status the 4.x registration documents for a conflict) with the users-srv error
 * object, marked U in the contract.
 */
export function registrationRoutes({ store, generation }: Context): Route[] {
  const legacyList: Route = [
    'GET',
    '/registration-setup-srv/public/list',
    (_req, res, _p, u) => {
      const requestId = u.searchParams.get('requestId') ?? '';
      if (!store.requests.has(requestId)) return fail(res, 400, 10001, 'invalid requestId', 'RegistrationSetupException');
      ok(res, localised(store.registration, u.searchParams.get('acceptlanguage')));
    },
  ];
  const currentList: Route = [
    'GET',
    '/user-srv/public/fields',
    (_req, res, _p, u) => {
      const requestId = u.searchParams.get('requestId');
      if (!requestId) return fail(res, 404, 404, 'requestId is missing', 'UserException');
      if (!store.requests.has(requestId)) return fail(res, 400, 10001, 'invalid requestId', 'UserException');
      const fields = localised(store.registration, u.searchParams.get('ui_locales')).filter((f) => f.dataType !== 'CONSENT');
      ok(res, fields);
    },
  ];
  return [
    ...(generation === 'current' ? [currentList] : []),
    legacyList,
    [
      'POST',
      '/users-srv/register',
      (req, res, _p, u, body) => register(store, generation, req, res, body, u.searchParams.get('invite_id')),
      { body: 'json', malformed: (res) => fail(res, 415, 415, 'unsupported media type', 'UsersException') },
    ],
  ];
}

/** The fields with the asked language's `localeText` (its first part: `de-DE` → `de`), else English. */
function localised(registration: Registration, locale: string | null): Array<Record<string, unknown>> {
  const language = (locale ?? '').split(/[-_,;]/)[0].toLowerCase();
  return registration.fields.map(({ localeText, ...field }) => {
    const text = localeText[language] ?? localeText.en ?? {};
    return { ...field, localeText: { locale: language in localeText ? language : 'en', language: language in localeText ? language : 'en', ...text } };
  });
}

function register(store: Store, generation: Context['generation'], req: Req, res: Parameters<Route[2]>[1], body: Body, inviteId: string | null) {
  const requestId = req.headers.requestid;
  if (typeof requestId !== 'string' || !store.requests.has(requestId)) return fail(res, 400, 10001, 'Invalid request id', 'UsersException');
  // A client that asks for a captcha refuses a registration without its answer (the code is unknown: docs/provider-contract.md §2.15).
  if (store.requests.get(requestId)?.captcha && !req.headers.captcha) return fail(res, 400, 10009, 'captcha is required', 'UsersException');
  if (store.requests.get(requestId)?.registrationOff && !new URL(req.url ?? '/', 'http://x').searchParams.get('invite_id'))
    return fail(res, 403, 10010, 'registration is not enabled for this client', 'UsersException');
  // A newcomer from an identity provider completes the registration with its track (progressive.ts).
  const trackId = req.headers.trackid;
  if (typeof trackId === 'string' && trackId !== '') return registerNewcomer(store, generation, res, requestId, trackId, body);
  const customFields = body.customFields && typeof body.customFields === 'object' ? (body.customFields as Record<string, unknown>) : {};
  for (const field of store.registration.fields) {
    if (field.is_group === true || field.isGroupTitle === true) continue;
    // The 4.x list leaves consents to the consent service, so the 4.x register does not ask for them here (I).
    if (generation === 'current' && field.dataType === 'CONSENT') continue;
    const key = String(field.fieldKey);
    const value = field.fieldType === 'CUSTOM' ? customFields[key] : body[key];
    const missing = value === undefined || value === null || value === '' || (field.dataType === 'CONSENT' && value !== true);
    if (missing && field.required === true) return fail(res, 417, 507, `${key} cannot be null`, 'UsersException');
    // A mobile number is taken in its international form only (+ and country code: docs/onboarding.md, "Mobile numbers").
    if (field.dataType === 'MOBILE' && typeof value === 'string' && value !== '' && !isInternationalNumber(value))
      return fail(res, 417, 507, `${key} is not a valid mobile number`, 'UsersException');
    // The tenant checks its pattern (Go RE2; the seed's `(?i)…\z` is the only non-JavaScript part).
    const regex = (field.fieldDefinition as { regex?: string } | undefined)?.regex;
    if (
      regex &&
      typeof value === 'string' &&
      value !== '' &&
      !new RegExp(regex.replace(/^\(\?i\)/, '').replace(/\\z$/, '$'), regex.startsWith('(?i)') ? 'i' : '').test(value)
    ) {
      return fail(res, 417, 507, `${key} does not match the pattern`, 'UsersException');
    }
  }
  const password = str(body.password) ?? '';
  if (password !== body.password_echo) return fail(res, 417, 10009, 'password and password_echo not matching', 'UsersException');
  if (!meetsPolicy(password, store.requests.get(requestId)?.passwordPolicy)) return fail(res, 400, 'VER_0005', 'password policy not met', 'UsersException');
  if (store.accountByEmail(body.email)) return fail(res, 409, 409, 'user already exists', 'UsersException');
  const refusal = inviteId === null ? undefined : takeInvitation(store, inviteId, body.email);
  if (refusal) return fail(res, refusal.status, refusal.code, refusal.error, 'UsersException');
  const account: Account = {
    sub: store.newId(),
    email: String(body.email).trim().toLowerCase(),
    name: [str(body.given_name), str(body.family_name)].filter(Boolean).join(' '),
    password,
    status: 'active',
    methods: [{ type: 'PASSWORD' }],
    // A tenant that wants the address confirmed first: no sign-in until it is (login.ts refuses it).
    ...(store.requests.get(requestId)?.confirmEmail ? { emailVerified: false } : {}),
  };
  if (store.requests.get(requestId)?.termsAtFirstLogin) declaredTerms(store, generation, account, body, customFields);
  store.accounts.set(account.email, account);
  // With the app's auto_login_after_register, a track the after-register login takes in place of a password.
  let track: { track_id: string } | undefined;
  if (store.requests.get(requestId)?.autoLogin) {
    const trackId = store.newId();
    store.tracks.set(trackId, { trackId, requestId, sub: account.sub, pending: [], used: false, expiresAt: Date.now() + 10 * 60_000 });
    track = { track_id: trackId };
  }
  ok(res, {
    sub: account.sub,
    userStatus: 'VERIFIED',
    email_verified: false,
    suggested_action: track ? 'LOGIN' : store.registration.suggestedAction,
    ...track,
  });
}

/**
 * The declared terms a new account must accept (the seed's first consent), asked at its first login
 * (the consent precheck, login.ts), unless the legacy form's CONSENT field naming them was ticked:
 * that is the acceptance of their current version.
 */
function declaredTerms(store: Store, generation: Context['generation'], account: Account, body: Body, customFields: Record<string, unknown>) {
  const terms = store.consents[0];
  if (!terms) return;
  account.asksConsent = terms.consentId;
  if (generation !== 'legacy') return;
  const accepted = store.registration.fields.some((field) => {
    const refs = Array.isArray(field.consent_refs) ? field.consent_refs : [];
    const value = field.fieldType === 'CUSTOM' ? customFields[String(field.fieldKey)] : body[String(field.fieldKey)];
    return field.dataType === 'CONSENT' && refs.includes(terms.consentId) && value === true;
  });
  if (accepted) account.acceptedConsentVersions = [terms.versions[terms.versions.length - 1].id];
}

/** The tenant's password policy for this request's client, else the demo tenant's (10 to 30 characters). */
function meetsPolicy(password: string, policy: AuthRequest['passwordPolicy']): boolean {
  if (!policy) return password.length >= 10 && password.length <= 30;
  const count = (pattern: RegExp) => [...password.matchAll(pattern)].length;
  return (
    [...password].length >= policy.minimumLength &&
    [...password].length <= policy.maximumLength &&
    count(/\p{Nd}/gu) >= policy.noOfDigits &&
    count(/[^\p{L}\p{N}\s]/gu) >= policy.noOfSpecialChars &&
    (!policy.lowerAndUpperCase || (/\p{Ll}/u.test(password) && /\p{Lu}/u.test(password)))
  );
}
