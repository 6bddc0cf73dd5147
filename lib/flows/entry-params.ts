import { RequestIdSchema } from '../validation/fields';
import { emailError } from '../validation/rules';
import { GROUP_ID } from './groups';

/**
 * The query parameters the provider appends when it sends the browser to one of this
 * deployment's hosted pages (docs/provider-contract.md §4), read leniently in one place:
 * `track_id` or `trackId`, `requestId` or `request_id`, `exchangeid` or `exchangeId`, `sub` or
 * its masked form `q`. Every value is checked before use; unknown extra parameters are ignored.
 */
export type Query = Record<string, string | string[] | undefined>;

/** A page's `searchParams` or a route handler's URLSearchParams, as one shape. */
export function queryOf(params: URLSearchParams | Query): Query {
  if (!(params instanceof URLSearchParams)) return params;
  const query: Query = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    query[key] = all.length === 1 ? all[0] : all;
  }
  return query;
}

/**
 * Every parameter name the entries below read: what a held link keeps (lib/flows/replacement.ts);
 * anything else in an address is never read, so never stored.
 */
export const ENTRY_PARAMETERS: ReadonlySet<string> = new Set([
  'requestId',
  'request_id',
  'track_id',
  'trackId',
  'sub',
  'q',
  'username',
  'error',
  'error_code',
  'error_description',
  'consent_id',
  'consentId',
  'consent_version_id',
  'consentVersionId',
  'client_id',
  'group_id',
  'rprq',
  'resetRequestId',
  'exchangeid',
  'exchangeId',
  'exchange_id',
  'suggested_action',
  'accvid',
  'processingType',
  'email',
  'mobile',
  'invite_id',
  'inviteId',
]);

/** The first of the names present as a single value (a repeated parameter counts as absent). */
function first(query: Query, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = query[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

const id = (value: string | undefined) => (value !== undefined && RequestIdSchema.safeParse(value).success ? value : undefined);
/** Error names and codes: short tokens such as invalid_username_password or VER_0120. */
const ERROR_TOKEN = /^[A-Za-z0-9_.:-]{1,64}$/;
const token = (value: string | undefined) => (value !== undefined && ERROR_TOKEN.test(value) ? value : undefined);
/** A masked address (j***@example.com, +49 *** 89) is shown as text; only its size and characters are checked. */
const masked = (value: string | undefined) => (value !== undefined && value.length <= 254 && !/[\u0000-\u001f\u007f<>]/.test(value) ? value : undefined);

const requestIdOf = (q: Query) => id(first(q, 'requestId', 'request_id'));
const trackIdOf = (q: Query) => id(first(q, 'track_id', 'trackId'));
const subOf = (q: Query) => id(first(q, 'sub', 'q'));

/** `login`: requestId, view_type, groupname, lang; after a refusal error, username, sub/q. */
export function loginEntry(q: Query) {
  const username = first(q, 'username');
  return {
    requestId: requestIdOf(q),
    /** Present only when it is a whole request id; `undefined` when absent, `null` when malformed. */
    rawRequestId: first(q, 'requestId', 'request_id'),
    error: token(first(q, 'error')),
    username: username !== undefined && emailError(username) === undefined ? username.trim() : undefined,
    sub: subOf(q),
  };
}

/** A precheck's page: the provider's track, the subject (sub or q) and the request. */
function precheckEntry(q: Query) {
  const trackId = trackIdOf(q);
  const sub = subOf(q);
  const requestId = requestIdOf(q);
  return trackId && sub && requestId ? { trackId, sub, requestId } : undefined;
}

/** `mfa_required`: track_id, sub, q, requestId. */
export const mfaEntry = precheckEntry;

/** `login_success`: track_id, requestId, sub. */
export const loginSuccessEntry = precheckEntry;

/**
 * `suggest_verification_methods`: its parameters are not published (docs/provider-contract.md §7);
 * read like the other precheck pages: track_id or trackId, sub or q, requestId.
 */
export const suggestEntry = precheckEntry;

/** Consent and client ids: short tokens (UUIDs, or a tenant's own names). */
const CONSENT_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const consentId = (value: string | undefined) => (value !== undefined && CONSENT_ID.test(value) ? value : undefined);

/**
 * `consent_preview`: its parameters are not published (docs/provider-contract.md §2.17); those the
 * consent calls need: consent_id, consent_version_id, sub or q, track_id, requestId, client_id.
 */
export function consentEntry(q: Query) {
  const entry = precheckEntry(q);
  const consent = consentId(first(q, 'consent_id', 'consentId'));
  const version = consentId(first(q, 'consent_version_id', 'consentVersionId'));
  if (!entry || !consent || !version) return undefined;
  return {
    ...entry,
    consent: {
      consentId: consent,
      versionId: version,
      ...(consentId(first(q, 'client_id')) ? { clientId: first(q, 'client_id') } : {}),
      // Only the masked form: the consent calls are given it as `q`.
      ...(first(q, 'sub') === undefined ? { masked: true as const } : {}),
    },
  };
}

/**
 * `register_additional_info`: `track_id` and/or `trackId` (the docs' example has both), and
 * `requestId` when the provider adds it (a newcomer from an identity provider; a login's example
 * shows none). No subject: the provider's metadata for the track names it.
 */
export function additionalInfoEntry(q: Query) {
  const trackId = trackIdOf(q);
  return trackId ? { trackId, requestId: requestIdOf(q) } : undefined;
}

/**
 * `group_selection` (query form): track_id, sub, requestId, and the client's group_id hint. The
 * hint is kept in the flow cookie, which anything unbounded would grow until the browser refuses
 * it: one that cannot be a group id is kept as '' (the page then says the group is not offered).
 */
export function groupSelectionEntry(q: Query) {
  const entry = precheckEntry(q);
  const groupId = first(q, 'group_id');
  return entry ? { ...entry, groupId: groupId === undefined ? undefined : GROUP_ID.test(groupId) ? groupId : '' } : undefined;
}

/**
 * `password_set`: requestId, rprq, exchangeid or exchangeId, resetMedium; after a refusal also
 * error_code (then the exchange id may be missing: a link that never opened one).
 */
export function passwordSetEntry(q: Query) {
  const requestId = requestIdOf(q);
  const rprq = id(first(q, 'rprq', 'resetRequestId'));
  const exchangeId = id(first(q, 'exchangeid', 'exchangeId', 'exchange_id'));
  const errorCode = token(first(q, 'error_code')) ?? token(first(q, 'error'));
  if (!requestId || !rprq || (!exchangeId && !errorCode)) return undefined;
  return { requestId, rprq, exchangeId, errorCode };
}

/** `password_set_success`: requestId, suggested_action (LOGIN), trackId. */
export function passwordSetSuccessEntry(q: Query) {
  return { requestId: requestIdOf(q), suggestedAction: token(first(q, 'suggested_action')), trackId: trackIdOf(q) };
}

/**
 * `verification_complete` after a confirmed link names the same three as `password_set_success`;
 * here the track is the tenant's offer to sign in at once, so it counts only with LOGIN.
 */
export function verificationSignInEntry(q: Query) {
  const { requestId, suggestedAction, trackId } = passwordSetSuccessEntry(q);
  if (!requestId) return undefined;
  return { requestId, trackId: suggestedAction === 'LOGIN' ? trackId : undefined };
}

/** `verification_complete`: accvid, masked email or mobile, processingType, requestId, type. */
export function verificationCompleteEntry(q: Query) {
  const accvid = id(first(q, 'accvid'));
  const requestId = requestIdOf(q);
  if (!accvid || !requestId) return undefined;
  const processingType = first(q, 'processingType')?.toUpperCase();
  return { accvid, requestId, byCode: processingType === 'CODE', destination: masked(first(q, 'email', 'mobile')) };
}

/** `error`: error, error_description, error_code. The description is never shown, only logged. */
export function errorEntry(q: Query) {
  const description = first(q, 'error_description');
  return {
    error: token(first(q, 'error')),
    errorCode: token(first(q, 'error_code')),
    description: description?.slice(0, 300),
    requestId: requestIdOf(q),
  };
}

/**
 * `register` opened from an invitation link: requestId and the invitation's id, as `invite_id`
 * (the SDK's name) or `inviteId` (which one the tenant's link uses is not published;
 * docs/provider-contract.md §2.16).
 */
export function invitationEntry(q: Query) {
  const requestId = requestIdOf(q);
  const inviteId = id(first(q, 'invite_id', 'inviteId'));
  return requestId && inviteId ? { requestId, inviteId } : undefined;
}

/** The invitation id of an address that starts a sign-in for one (the app's initiate_login_uri). */
export const inviteIdOf = (q: Query) => id(first(q, 'invite_id', 'inviteId'));
