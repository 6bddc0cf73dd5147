/** The stand-in's demo accounts and client, as tests/provider/seed.json defines them. */

/** Demo accounts from the stand-in's seed file. */
export const ACCOUNTS = {
  password: { email: 'anna.schmidt@example.com', password: 'KitchenDemo2026' },
  declined: { email: 'declined@example.com', password: 'KitchenDemo2026' },
  /** Each address matching lockout+*@example.com is its own account with its own failure counter. */
  lockout: (tag: string) => ({ email: `lockout+${tag}@example.com`, password: 'KitchenDemo2026' }),
  federated: { email: 'someone@federated.example' },
  /** Each address matching norefresh+*@example.com is an account the tenant issues no refresh token for. */
  noRefresh: (tag: string) => ({ email: `norefresh+${tag}@example.com`, password: 'KitchenDemo2026' }),
} as const;

/** Accounts with a second factor; a tag makes a fresh account per test. */
export const MFA = {
  email: (tag: string) => `mfa.email+${tag}@example.com`,
  sms: (tag: string) => `mfa.sms+${tag}@example.com`,
  totp: (tag: string) => `mfa.totp+${tag}@example.com`,
  all: (tag: string) => `mfa.all+${tag}@example.com`,
  fallback: (tag: string) => `mfa.fallback+${tag}@example.com`,
  redirect: (tag: string) => `mfa.redirect+${tag}@example.com`,
  /** An e-mail code or one of ten backup codes (`backupCodes`), each of which works once. */
  backup: (tag: string) => `mfa.backup+${tag}@example.com`,
  backupCodes: ['49973671', '18220945', '73305128', '60417792', '25586314', '91048227', '36672059', '84119530', '57793406', '12850663'],
  password: 'KitchenDemo2026',
  /** The stand-in's TOTP secret (README), for computing authenticator codes. */
  totpSecret: 'JBSWY3DPEHPK3PXP',
} as const;

/**
 * Second factors set up on the tenant's suggestion (docs/features.md "Second factors set up here"):
 * `suggested` is offered an authenticator app, a phone, text messages, codes by e-mail, backup codes (and a passkey)
 * and may skip; `required` must set up the app now (its time to skip ran out); `mfa` meets an MFA
 * requirement with nothing set up (the tenant enrols on that track); `another` passes its MFA by
 * e-mail code and may add a method then; `phone` has push without a paired phone (the tenant's 403).
 * A tag makes a fresh account per test.
 */
export const SETUP = {
  suggested: (tag: string) => `setup.suggested+${tag}@example.com`,
  /** Codes by e-mail already; the suggestion offers an authenticator app or backup codes. */
  codes: (tag: string) => `setup.codes+${tag}@example.com`,
  mfa: (tag: string) => `setup.mfa+${tag}@example.com`,
  another: (tag: string) => `setup.another+${tag}@example.com`,
  phone: (tag: string) => `setup.phone+${tag}@example.com`,
  /** An e-mail code and push with no phone paired: the pairing waits until the code has passed. */
  unpaired: (tag: string) => `setup.unpaired+${tag}@example.com`,
  required: (tag: string) => `setup.required+${tag}@example.com`,
  password: 'KitchenDemo2026',
} as const;

/**
 * Passkey accounts (docs/features.md "Passkeys"; only on an app with PASSKEYS=on): the tenant suggests a
 * passkey after the password until one is enrolled; `double` double-encodes credential ids in its
 * options; `mfa` also has an e-mail second factor. A tag makes a fresh account per test.
 */
export const PASSKEY = {
  enrol: (tag: string) => `passkey.enrol+${tag}@example.com`,
  double: (tag: string) => `passkey.double+${tag}@example.com`,
  mfa: (tag: string) => `passkey.mfa+${tag}@example.com`,
  /** The tenant requires a passkey, and the time to skip it ran out yesterday: SKIP is refused. */
  required: (tag: string) => `passkey.required+${tag}@example.com`,
  /** A passkey becomes mandatory in 14 days: skippable until then. */
  deadline: (tag: string) => `passkey.deadline+${tag}@example.com`,
  /** FIDO2 listed (a passkey on another device) and an e-mail second factor; usable on any app. */
  listed: (tag: string) => `passkey.listed+${tag}@example.com`,
  password: 'KitchenDemo2026',
} as const;

/**
 * Accepted version 1 of the portal terms; the tenant asks for version 2 after the password until
 * it is accepted (docs/onboarding.md "Terms and consent"). A tag makes a fresh account per test.
 */
export const TERMS = { fresh: (tag: string) => `terms.new+${tag}@example.com`, password: 'KitchenDemo2026' } as const;

/**
 * Accounts the tenant asks for missing required profile fields after the password (its
 * register_additional_info page): a mobile number and the type of business. A tag makes a fresh
 * account per test. `takenMobile` is another account's number (the update answers 409).
 */
export const PROFILE_MISSING = {
  email: (tag: string) => `profile.missing+${tag}@example.com`,
  password: 'KitchenDemo2026',
  takenMobile: '+4915112345678',
} as const;

/** The stand-in client's display name (tests/provider/seed.json). */
export const CLIENT_NAME = 'Kitchen Equipment Sales Portal (demo)';
