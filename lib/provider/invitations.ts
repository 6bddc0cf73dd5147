import 'server-only';
import { emailError } from '../validation/rules';
import { notServed, readAnswer, type Answer } from './answer';
import { callProvider, type ProviderCall } from './http';

/**
 * Invitations (docs/provider-contract.md §2.16): the invitation a link names, read before the
 * register page is filled in. Two paths: `GET /useractions-srv/invitations/{inviteId}` (cidaas
 * ≥ 3.100, "no bearer token; the inviteId acts as the capability") and, where that is not served,
 * the legacy `GET /users-srv/invite/info/{invite_id}` every SDK calls. No sample of either answer
 * is published: every plausible spelling is read here and only here.
 */

/** Who sent an invitation, where it says: for "<Org> invited you…" and "ask <inviter> at <org>". */
export type Inviter = {
  /** The person who sent it. */
  inviter: string | undefined;
  /** The inviting organisation's name. */
  organisation: string | undefined;
};

export type Invitation = Inviter & {
  /** The invited address: the only address the registration may use. */
  email: string;
  /** Other values to fill in, by registration field key (profile fields and custom fields). */
  prefill: Record<string, string>;
};

/**
 * What a link's invitation is now. `unreadable`: open, as far as can be told, but naming no address
 * this product can read, so the address could not be locked: refused like a used one.
 */
export type InvitationReading = { kind: 'open'; invitation: Invitation } | { kind: 'expired' | 'used' | 'unreadable'; from: Inviter } | { kind: 'unknown' };

export async function readInvitation(args: { inviteId: string; requestId: string; locale: string }): Promise<InvitationReading> {
  const id = encodeURIComponent(args.inviteId);
  const current: ProviderCall = {
    service: 'useractions-srv',
    operation: 'invitation.read',
    method: 'GET',
    path: `/useractions-srv/invitations/${id}`,
    locale: args.locale,
    signIn: args.requestId,
  };
  const first = readAnswer(current, await callProvider(current));
  if (!notServed(first)) return invitationOf(first);
  const legacy: ProviderCall = {
    service: 'users-srv',
    operation: 'invitation.info',
    method: 'GET',
    path: `/users-srv/invite/info/${id}`,
    locale: args.locale,
    signIn: args.requestId,
  };
  return invitationOf(readAnswer(legacy, await callProvider(legacy)));
}

/**
 * One answer read (exported for the unit tests of the plausible shapes): 204, 400 and 404 say
 * there is no such invitation, 410 that it is gone; a status (USED, ACCEPTED, EXPIRED, REVOKED…),
 * a used/expired flag or an expiry in the past say it can no longer be used; one that can be used
 * but names no address read here is `unreadable`. Who sent it is read whatever its state. Anything
 * else the provider refuses (a server error, a missing scope) is thrown, like every other provider
 * failure.
 */
export function invitationOf(answer: Answer, now = Date.now()): InvitationReading {
  if (answer.kind === 'empty') return { kind: 'unknown' };
  if (answer.kind === 'refused') {
    if (answer.status === 410) return { kind: 'expired', from: { inviter: undefined, organisation: undefined } };
    if (answer.status === 400 || answer.status === 404) return { kind: 'unknown' };
    throw answer.error;
  }
  if (answer.kind !== 'data' || !isRecord(answer.data)) return { kind: 'unknown' };
  const root = [answer.data.invitation, answer.data.invite].find(isRecord) ?? answer.data;
  const from = { inviter: nameAt(root, INVITER), organisation: nameAt(root, ORGANISATION) };
  const state = stateOf(root, now);
  if (state) return { kind: state, from };
  // Without an address read here the registration could not be held to it (the lock): such an
  // invitation is not used here at all (docs/provider-contract.md §2.16).
  const email = textAt(root, EMAIL);
  if (!email || emailError(email)) return { kind: 'unreadable', from };
  return { kind: 'open', invitation: { email, prefill: prefillOf(root), ...from } };
}

const EMAIL = ['email', 'invitedEmail', 'invited_email', 'inviteeEmail', 'invitee_email', 'email_address', 'user.email', 'invitee.email', 'userInfo.email'];
const GIVEN_NAME = [
  'given_name',
  'givenName',
  'firstName',
  'first_name',
  'firstname',
  'user.given_name',
  'user.givenName',
  'user.firstName',
  'invitee.given_name',
];
const FAMILY_NAME = [
  'family_name',
  'familyName',
  'lastName',
  'last_name',
  'lastname',
  'user.family_name',
  'user.familyName',
  'user.lastName',
  'invitee.family_name',
];
const ORGANISATION = [
  'organisation',
  'organization',
  'organisationName',
  'organizationName',
  'organisation_name',
  'organization_name',
  'company',
  'companyName',
  'company_name',
  'tenant_name',
  'tenantName',
  'tenant',
  'invitedBy.organisation',
  'invitedBy.organization',
  'invitedBy.company',
  'invited_by.organisation',
  'invited_by.organization',
  'invited_by.company',
  'inviter.organisation',
  'inviter.organization',
  'inviter.company',
];
/** The person who sent it: a string, or an object's name (as the organisation). */
const INVITER = [
  'inviter',
  'inviterName',
  'inviter_name',
  'invitedBy',
  'invited_by',
  'invitedByName',
  'invited_by_name',
  'invitedBy.name',
  'invited_by.name',
  'inviter.name',
  'invitedBy.display_name',
  'invitedBy.displayName',
  'inviter.display_name',
  'inviter.displayName',
];
const EXPIRY = ['expires_at', 'expiresAt', 'expiry', 'expiry_date', 'expiryDate', 'expires', 'expiration', 'validUntil', 'valid_until'];
const STATUS = ['status', 'invite_status', 'inviteStatus', 'state'];
const USED_FLAGS = ['used', 'isUsed', 'is_used', 'accepted', 'isAccepted', 'is_accepted', 'registered'];
const EXPIRED_FLAGS = ['expired', 'isExpired', 'is_expired', 'revoked', 'isRevoked'];
const USED_STATES = new Set(['USED', 'ACCEPTED', 'REGISTERED', 'COMPLETED', 'CONSUMED', 'REDEEMED']);
const GONE_STATES = new Set(['EXPIRED', 'REVOKED', 'CANCELLED', 'CANCELED', 'WITHDRAWN', 'INVALID', 'DELETED']);
/** Other profile fields an invitation may carry, at the top or under `user`. */
const PROFILE = ['mobile_number', 'username', 'birthdate', 'gender', 'website'];

function stateOf(root: Record<string, unknown>, now: number): 'used' | 'expired' | undefined {
  const status = textAt(root, STATUS)?.toUpperCase();
  if (status && USED_STATES.has(status)) return 'used';
  if (status && GONE_STATES.has(status)) return 'expired';
  if (USED_FLAGS.some((key) => root[key] === true)) return 'used';
  if (EXPIRED_FLAGS.some((key) => root[key] === true)) return 'expired';
  const expiry = EXPIRY.map((key) => timeOf(root[key])).find((t) => t !== undefined);
  return expiry !== undefined && expiry <= now ? 'expired' : undefined;
}

function prefillOf(root: Record<string, unknown>): Record<string, string> {
  const user = isRecord(root.user) ? root.user : {};
  const prefill: Record<string, string> = {};
  // Custom fields first, so a profile field of the same name wins.
  for (const source of [user.customFields, root.customFields, root.custom_fields])
    if (isRecord(source))
      for (const [key, value] of Object.entries(source)) {
        const scalar = scalarOf(isRecord(value) ? value.value : value);
        if (scalar !== undefined && /^[A-Za-z0-9_.-]{1,100}$/.test(key)) prefill[key] = scalar;
      }
  for (const key of PROFILE) {
    const value = scalarOf(root[key]) ?? scalarOf(user[key]);
    if (value !== undefined) prefill[key] = value;
  }
  const given = textAt(root, GIVEN_NAME);
  const family = textAt(root, FAMILY_NAME);
  if (given) prefill.given_name = given;
  if (family) prefill.family_name = family;
  return prefill;
}

/** A name at the first of `paths` that has one: a string, or an object's `name`/`display_name`. */
function nameAt(root: Record<string, unknown>, paths: string[]): string | undefined {
  for (const path of paths) {
    const value = at(root, path);
    const name = isRecord(value) ? (text(value.name) ?? text(value.display_name) ?? text(value.displayName)) : text(value);
    if (name) return name.slice(0, 200);
  }
  return undefined;
}

/** A time as an ISO string, or epoch seconds or milliseconds. */
function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value < 1e12 ? value * 1000 : value;
  if (typeof value === 'string' && value.trim()) {
    if (/^\d+$/.test(value.trim())) return timeOf(Number(value));
    const time = Date.parse(value);
    return Number.isNaN(time) ? undefined : time;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(root: Record<string, unknown>, path: string): unknown {
  let value: unknown = root;
  for (const part of path.split('.')) value = isRecord(value) ? value[part] : undefined;
  return value;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function textAt(root: Record<string, unknown>, paths: string[]): string | undefined {
  for (const path of paths) {
    const value = text(at(root, path));
    if (value) return value;
  }
  return undefined;
}

function scalarOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() ? value.trim().slice(0, 1000) : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'on' : undefined;
  return undefined;
}
