import { randomUUID } from 'node:crypto';
import { fail, isInternationalNumber, ok, type Body, type Req, type Res } from '../http.ts';
import type { Account, Store, Track } from '../store.ts';
import type { Context, Route } from './context.ts';

const TRACK_TTL_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The fields one account alone may hold: a 409 when another account has the value. */
const UNIQUE = ['email', 'mobile_number', 'username'];

/**
 * Missing profile fields (docs/provider-contract.md §2.18).
 *
 * - `POST /login-srv/progressive/update/user`: JSON, the headers `requestId` and `trackId` both
 *   required (400 otherwise), the track's open precheck must be the missing fields of that request;
 *   the body is the answers flat (custom fields under `customFields`, as on register), 400 when a
 *   missing field is still empty or the body is wrapped (`userData`, the Android SDK's form);
 *   409 "unique field already used" when another account holds the e-mail or mobile number.
 * - `GET /public-srv/public/trackinfo/{requestId}/{trackId}` (current generation only; its answer
 *   is not published, the stand-in's choice): `{missing_fields: [keys], identity: {…}}` for a
 *   newcomer's track of that request, 400 otherwise.
 * - A newcomer's `POST /users-srv/register` with the `trackid` header (registration.ts hands it
 *   here): the missing fields, no password; the identity provider's e-mail and name complete it.
 *   The continuation after it is not published; the stand-in answers `suggested_action: LOGIN`
 *   with a new `track_id` that the automatic login after registration
 *   (`/login-srv/login/handle/afterregister/{trackId}`) takes, as it does after a confirmed address.
 */
export function progressiveRoutes({ store, generation }: Context): Route[] {
  const trackInfo: Route = [
    'GET',
    '/public-srv/public/trackinfo/:requestId/:trackId',
    (_req, res, p) => {
      if (!UUID.test(p.requestId) || !UUID.test(p.trackId)) return fail(res, 400, 10001, 'requestId and trackId must be UUIDs', 'PublicException');
      const track = newcomerTrack(store, p.trackId, p.requestId);
      if (!track?.socialRegistration) return fail(res, 400, 10002, 'track is invalid or expired', 'PublicException');
      const { email, name, provider } = track.socialRegistration;
      const [given, ...family] = name.split(' ');
      const identity = { email, given_name: given, family_name: family.join(' '), provider };
      ok(res, { missing_fields: newcomerMissing(store, generation, identity), identity });
    },
  ];
  return [
    ...(generation === 'current' ? [trackInfo] : []),
    [
      'POST',
      '/login-srv/progressive/update/user',
      (req, res, _p, _u, body) => update(store, req, res, body),
      { malformed: (res) => fail(res, 400, 400, 'body must be JSON', 'LoginException') },
    ],
  ];
}

function header(req: Req, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function newcomerTrack(store: Store, trackId: string, requestId: string): Track | undefined {
  const track = store.tracks.get(trackId);
  return track && !track.used && track.expiresAt > Date.now() && track.requestId === requestId && track.socialRegistration ? track : undefined;
}

/** A newcomer lacks the tenant's required fields the identity provider did not give (never a password). */
function newcomerMissing(store: Store, generation: Context['generation'], identity: Record<string, string>): string[] {
  return store.registration.fields
    .filter((f) => f.required === true && f.is_group !== true && f.isGroupTitle !== true && f.dataType !== 'PASSWORD')
    .filter((f) => !(generation === 'current' && f.dataType === 'CONSENT'))
    .map((f) => String(f.fieldKey))
    .filter((key) => !identity[key]);
}

function fieldOf(store: Store, key: string) {
  return store.registration.fields.find((f) => f.fieldKey === key);
}

/** The posted value of a field: custom fields under `customFields`, the others flat. */
function posted(store: Store, body: Body, key: string): unknown {
  const custom = body.customFields && typeof body.customFields === 'object' ? (body.customFields as Record<string, unknown>) : {};
  return fieldOf(store, key)?.fieldType === 'CUSTOM' ? custom[key] : body[key];
}

const empty = (value: unknown) => value === undefined || value === null || value === '' || value === false;

/** A mobile number not in its international form (+ and country code: docs/onboarding.md, "Mobile numbers"). */
function notInternational(store: Store, key: string, value: unknown): boolean {
  return fieldOf(store, key)?.dataType === 'MOBILE' && typeof value === 'string' && !isInternationalNumber(value);
}

/** Another account already holds one of the unique values: its key. */
function takenKey(store: Store, body: Body, self: Account | undefined): string | undefined {
  return UNIQUE.find((key) => {
    const value = typeof body[key] === 'string' ? (body[key] as string).trim().toLowerCase() : undefined;
    if (!value) return false;
    return [...store.accounts.values()].some(
      (a) => a !== self && (key === 'email' ? a.email === value : String(a.profile?.[key] ?? '').toLowerCase() === value),
    );
  });
}

function update(store: Store, req: Req, res: Res, body: Body) {
  const requestId = header(req, 'requestId');
  const trackId = header(req, 'trackId');
  if (!requestId || !trackId) return fail(res, 400, 400, 'requestId and trackId are required', 'LoginException');
  const track = store.tracks.get(trackId);
  const account = track && store.accountBySub(track.sub);
  if (!track || !account || track.used || track.expiresAt < Date.now() || track.requestId !== requestId || track.pending[0] !== 'missing_fields') {
    return fail(res, 400, 400, 'track is invalid or expired', 'LoginException');
  }
  if ('userData' in body) return fail(res, 400, 400, 'the fields are sent flat', 'LoginException');
  const missing = account.missingFields ?? [];
  const absent = missing.find((key) => empty(posted(store, body, key)));
  if (absent) return fail(res, 400, 400, `${absent} is required`, 'LoginException');
  const unwritten = missing.find((key) => notInternational(store, key, posted(store, body, key)));
  if (unwritten) return fail(res, 400, 400, `${unwritten} is not a valid mobile number`, 'LoginException');
  const taken = takenKey(store, body, account);
  if (taken) return fail(res, 409, 409, `unique field already used: ${taken}`, 'LoginException');
  account.profile = { ...account.profile, ...Object.fromEntries(missing.map((key) => [key, posted(store, body, key)])) };
  account.missingFields = [];
  ok(res, { trackId, sub: account.sub, email_verified: true, mobile_number_verified: false });
}

/** A newcomer's registration with the track (registration.ts calls this for a `trackid` header). */
export function registerNewcomer(store: Store, generation: Context['generation'], res: Res, requestId: string, trackId: string, body: Body) {
  const track = newcomerTrack(store, trackId, requestId);
  if (!track?.socialRegistration) return fail(res, 400, 10001, 'Invalid track id', 'UsersException');
  const { email, name, provider } = track.socialRegistration;
  const [given, ...family] = name.split(' ');
  const identity = { email, given_name: given, family_name: family.join(' '), provider };
  for (const key of newcomerMissing(store, generation, identity)) {
    const value = posted(store, body, key);
    if (empty(value) || (fieldOf(store, key)?.dataType === 'CONSENT' && value !== true)) return fail(res, 417, 507, `${key} cannot be null`, 'UsersException');
    if (notInternational(store, key, value)) return fail(res, 417, 507, `${key} is not a valid mobile number`, 'UsersException');
  }
  if (store.accountByEmail(email) || takenKey(store, body, undefined)) return fail(res, 409, 409, 'user already exists', 'UsersException');
  track.used = true;
  const account: Account = { sub: store.newId(), email: email.toLowerCase(), name, status: 'active', methods: [] };
  store.accounts.set(account.email, account);
  const login: Track = { trackId: randomUUID(), requestId, sub: account.sub, pending: [], used: false, expiresAt: Date.now() + TRACK_TTL_MS };
  store.tracks.set(login.trackId, login);
  ok(res, { sub: account.sub, userStatus: 'VERIFIED', email_verified: true, suggested_action: 'LOGIN', track_id: login.trackId });
}
