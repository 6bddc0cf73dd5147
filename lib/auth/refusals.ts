import * as client from 'openid-client';
import { SubjectChangedError, TokenInputError } from '../provider/tokens';

/**
 * Answers that mean "sign in again" rather than "something broke" (docs/features.md
 * "This deployment's own session", errors): the provider's error in the callback (login_required,
 * consent_required, interaction_required, account_selection_required, access_denied …), a state that does not
 * match, or a code that was already used or has expired.
 */
export function refusalOf(error: unknown): string | undefined {
  if (error instanceof client.AuthorizationResponseError) return error.error;
  if (error instanceof TokenInputError) return 'missing_code';
  if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') return 'invalid_grant';
  // openid-client reports "invalid response encountered" with the state check as the cause.
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (/"state"/.test(e.message)) return 'state_mismatch';
  }
  return undefined;
}

/**
 * A renewal the provider refused (the refresh token is invalid, used or revoked; none was
 * issued; the answer names another subject), as opposed to one that got no answer.
 */
export function renewalRefused(error: unknown): string | undefined {
  if (error instanceof client.ResponseBodyError && (error.error === 'invalid_grant' || error.status < 500)) return error.error;
  if (error instanceof SubjectChangedError) return 'subject_changed';
  if (error instanceof TokenInputError) return 'no_refresh_token';
  return undefined;
}
