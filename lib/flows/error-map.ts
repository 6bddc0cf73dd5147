import type { ErrorKey } from '../validation/form-state';

/**
 * What a provider error code means on the credentials step (product-spec.md §8). Codes are
 * compared as strings because the provider sends some as numbers and some as strings.
 *
 * The lockout code is not documented anywhere public (provider-api.md §6 lists 3072 and 3074 as
 * opaque too); `account_locked` is our assumption, kept here and only here so that a correction
 * after testing against a real tenant touches one line. The stand-in answers with it.
 */
export const ACCOUNT_LOCKED_CODE = 'account_locked';

// A Map, not an object literal: a provider code such as "constructor" must not find a prototype member.
const CREDENTIALS_ERRORS = new Map<string, { field: 'email' | 'password'; key: ErrorKey }>([
  ['3072', { field: 'password', key: 'passwordInvalid' }],
  ['3074', { field: 'email', key: 'userDeclined' }],
  [ACCOUNT_LOCKED_CODE, { field: 'password', key: 'accountLocked' }],
]);

/** The field and message for a user error, or undefined when the code is not the person's doing. */
export function credentialsErrorFor(code: string | number | undefined) {
  return code === undefined ? undefined : CREDENTIALS_ERRORS.get(String(code));
}

/** Query `error` values the provider sends back to the login page, and the notice each shows. */
export function loginNoticeFor(error: unknown): 'accessDenied' | 'signInFailed' | undefined {
  if (typeof error !== 'string' || error.length === 0) return undefined;
  return error === 'access_denied' ? 'accessDenied' : 'signInFailed';
}
