/**
 * What the provider's error codes mean, one table per provider service (docs/provider-contract.md
 * §5 lists each code with its source and how sure we are of it). Codes arrive as numbers in older
 * services (3072, 10002), as strings in newer ones (VER_0120) and as `error` strings in login and
 * OAuth answers (invalid_username_password); all are compared as strings.
 *
 * A code that is not in its service's table has no meaning here: the step fails to the error page
 * with a reference, and the log line names the code so an operator can add it.
 */
export type ProviderService =
  | 'login-srv'
  | 'verification-srv'
  | 'verification-actions-srv'
  | 'auth-actions-srv'
  | 'users-srv'
  | 'user-srv'
  | 'registration-setup-srv'
  | 'password-srv'
  | 'useractions-srv'
  | 'public-srv'
  | 'token-srv'
  | 'hostedpages-srv'
  | 'consent-management-srv'
  | 'oidc';

export type Meaning =
  /** The password is wrong (the person may try again). */
  | 'wrong-password'
  /** Too many wrong passwords: locked for a while. */
  | 'account-locked'
  /** Declined, deactivated or deleted. */
  | 'account-unusable'
  | 'user-not-found'
  | 'email-not-verified'
  | 'code-invalid'
  | 'code-expired'
  | 'password-pwned'
  | 'password-reused'
  | 'passwords-differ'
  /** An id we passed on (requestId, accvid, resetRequestId, exchangeId, track) is unknown, expired or used. */
  | 'reference-invalid'
  /** The provider could not read what we sent: a defect here, never the person's doing. */
  | 'request-malformed'
  | 'access-denied'
  | 'mfa-required'
  | 'missing-fields'
  /** The method to set up is already set up for the account (a second passkey, say). */
  | 'method-configured'
  /** The method to set up is not active for this tenant or client. */
  | 'method-unavailable';

type Table = ReadonlyMap<string, Meaning>;
const table = (entries: Array<[string | number, Meaning]>): Table => new Map(entries.map(([code, meaning]) => [String(code), meaning]));

/**
 * The lockout code is not published anywhere (docs/provider-contract.md §5, marked U); this
 * spelling is our assumption, kept here and only here.
 */
export const ACCOUNT_LOCKED_CODE = 'account_locked';

const TABLES: Record<ProviderService, Table> = {
  'verification-srv': table([
    [3072, 'wrong-password'],
    [3074, 'account-unusable'],
    [3063, 'code-invalid'],
    [3010, 'code-expired'],
    [ACCOUNT_LOCKED_CODE, 'account-locked'],
    ['invalid_username_password', 'wrong-password'],
    ['invalid_code', 'code-invalid'],
    ['VER_0006', 'reference-invalid'],
    ['VER1003', 'request-malformed'],
    ['VER1004', 'request-malformed'],
    ['VER1075', 'request-malformed'],
    // "User not found", the code useractions-srv documents with its 204; which code
    // verification-srv itself sends for an unknown address is not published (U,
    // docs/provider-contract.md §7).
    [10301, 'user-not-found'],
  ]),
  'login-srv': table([
    ['invalid_username_password', 'wrong-password'],
    ['email_not_verified', 'email-not-verified'],
    ['mfa_required', 'mfa-required'],
    ['MissingRequiredFields', 'missing-fields'],
    ['access_denied', 'access-denied'],
    ['invalid_request', 'reference-invalid'],
  ]),
  'users-srv': table([
    [10001, 'reference-invalid'],
    [10002, 'reference-invalid'],
    [10008, 'code-invalid'],
    [10009, 'passwords-differ'],
    [10301, 'user-not-found'],
    [507, 'wrong-password'],
    ['VER_0119', 'password-reused'],
    ['VER_0120', 'password-pwned'],
  ]),
  // The 4.x field list (docs/provider-contract.md, Registration): "400 invalid requestId".
  'user-srv': table([[10001, 'reference-invalid']]),
  // The legacy field list: 400 {"code":10001,"type":"RegistrationSetupException","error":"invalid requestId"}.
  'registration-setup-srv': table([[10001, 'reference-invalid']]),
  'password-srv': table([
    ['VER_0120', 'password-pwned'],
    ['VER_0119', 'password-reused'],
    ['VER_0006', 'reference-invalid'],
    // "password_already_resetted": the link was used.
    ['VER_0007', 'reference-invalid'],
    ['VER_0003', 'request-malformed'],
    ['VER_0004', 'request-malformed'],
    ['VER_0005', 'request-malformed'],
    [10001, 'reference-invalid'],
    [10002, 'reference-invalid'],
    [10009, 'passwords-differ'],
    ['invalid_code', 'code-invalid'],
  ]),
  // A top-level `code` (docs/provider-contract.md §1); set-up codes from the 4.0.6 set-up initiation
  // and verification pages (§5).
  'verification-actions-srv': table([
    ['VER_0006', 'reference-invalid'],
    ['VER_0003', 'request-malformed'],
    ['VER_0004', 'request-malformed'],
    ['VER_0005', 'request-malformed'],
    // Invalid trackId: the sign-in's track is unknown, used or expired.
    ['VER_0025', 'reference-invalid'],
    // Method not active for the tenant or client.
    ['VER_0028', 'method-unavailable'],
    // Method already configured (at initiation), FIDO2 already configured (at verification).
    ['VER_0029', 'method-configured'],
    ['VER_0034', 'method-configured'],
    // Invalid method: the method in our path is not one the tenant knows.
    ['VER_0030', 'request-malformed'],
    // "Invalid FIDO2 request payload".
    ['VER_0035', 'request-malformed'],
    ['invalid_code', 'code-invalid'],
  ]),
  'auth-actions-srv': table([]),
  'useractions-srv': table([
    [10301, 'user-not-found'],
    [10001, 'reference-invalid'],
  ]),
  'public-srv': table([
    ['PUB10001', 'reference-invalid'],
    ['PUB10002', 'reference-invalid'],
  ]),
  'token-srv': table([
    ['invalid_grant', 'reference-invalid'],
    ['invalid_request', 'request-malformed'],
  ]),
  'hostedpages-srv': table([]),
  'consent-management-srv': table([]),
  oidc: table([
    ['invalid_grant', 'reference-invalid'],
    ['login_required', 'reference-invalid'],
  ]),
};

/**
 * The first of the answer's candidate codes (`error.code`, `error_code`, `error.error`, a
 * top-level `error` string) that the service's table knows, or the first code at all when none is
 * known, with its meaning.
 */
export function classifyCodes(
  service: ProviderService,
  candidates: ReadonlyArray<string | number | undefined>,
): { code: string | number | undefined; meaning: Meaning | undefined } {
  const present = candidates.filter((c): c is string | number => c !== undefined && c !== '');
  const known = TABLES[service];
  for (const code of present) {
    const meaning = known.get(String(code));
    if (meaning) return { code, meaning };
  }
  return { code: present[0], meaning: undefined };
}

/**
 * The meaning of a code that arrives without its service (the hosted error page's `error_code`):
 * the first table that knows it.
 */
export function meaningAnywhere(code: string | undefined): Meaning | undefined {
  if (code === undefined) return undefined;
  for (const service of Object.keys(TABLES) as ProviderService[]) {
    const meaning = TABLES[service].get(code);
    if (meaning) return meaning;
  }
  return undefined;
}
