import { classifyCodes, type Meaning } from '../provider/error-codes';
import type { ErrorKey } from '../validation/form-state';

/**
 * What a provider refusal means on each step (docs/provider-contract.md §5). The provider's codes are
 * translated into meanings by lib/provider/error-codes.ts (one table per service); this file says
 * which meanings are the person's to fix, on which field and with which message. Any other
 * meaning, and any unknown code, goes to the error page with a reference.
 */
type FieldError<Field extends string> = { field: Field; key: ErrorKey };

// Maps, not object literals: a meaning such as "constructor" must not find a prototype member.
const CREDENTIALS = new Map<Meaning, FieldError<'email' | 'password'>>([
  ['wrong-password', { field: 'password', key: 'passwordInvalid' }],
  ['account-locked', { field: 'password', key: 'accountLocked' }],
  // A tenant that lets an unknown address through to the password step (docs/provider-contract.md §2.2).
  ['user-not-found', { field: 'email', key: 'userNotFound' }],
]);

const CODE = new Map<Meaning, ErrorKey>([
  ['code-invalid', 'mfaCodeInvalid'],
  ['code-expired', 'mfaCodeExpired'],
]);

const NEW_PASSWORD = new Map<Meaning, ErrorKey>([
  ['password-pwned', 'passwordPwned'],
  ['password-reused', 'passwordReused'],
  ['passwords-differ', 'passwordsDontMatch'],
]);

const PASSKEY_SETUP = new Map<Meaning, ErrorKey>([
  ['method-configured', 'passkeyAlreadySetUp'],
  ['method-unavailable', 'passkeyUnavailable'],
  ['reference-invalid', 'passkeySetupExpired'],
]);

/** The password step: a wrong password, a lockout, no such account. */
export function credentialsErrorFor(meaning: Meaning | undefined): FieldError<'email' | 'password'> | undefined {
  return meaning === undefined ? undefined : CREDENTIALS.get(meaning);
}

/** A one-time code (second factor, e-mail confirmation): wrong, used or expired. */
export function codeErrorFor(meaning: Meaning | undefined): ErrorKey | undefined {
  return meaning === undefined ? undefined : CODE.get(meaning);
}

/** A passkey's set-up the tenant refused with a reason: set up already, not active here, the sign-in gone. */
export function passkeySetupErrorFor(meaning: Meaning | undefined): ErrorKey | undefined {
  return meaning === undefined ? undefined : PASSKEY_SETUP.get(meaning);
}

/** The new password of a reset: breached, used before, or not repeated the same. */
export function newPasswordErrorFor(meaning: Meaning | undefined): ErrorKey | undefined {
  return meaning === undefined ? undefined : NEW_PASSWORD.get(meaning);
}

export type LoginNotice = 'accessDenied' | 'wrongCredentials' | 'signInFailed';

/**
 * The `error` the provider puts on the login page's address after a refusal on its side
 * (docs/provider-contract.md §4, `login`), and the notice each shows. The provider's own
 * `error_description` is never shown: it is not translated and not ours to vouch for.
 */
export function loginNoticeFor(error: unknown): LoginNotice | undefined {
  if (typeof error !== 'string' || error.length === 0) return undefined;
  const { meaning } = classifyCodes('login-srv', [error]);
  if (meaning === 'access-denied') return 'accessDenied';
  if (meaning === 'wrong-password') return 'wrongCredentials';
  return 'signInFailed';
}
