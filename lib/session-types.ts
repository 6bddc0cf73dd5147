/** Shapes kept in the encrypted cookies (see lib/session.ts); no passwords or codes, ever (one set-up secret aside: MethodSetup). */

/** Which provider endpoint finishes the step (a browser form POST), with what it needs. */
export type Continuation =
  | { target: 'verification-login'; statusId: string; sub: string; verificationType: string; exchangeId?: string }
  | {
      target: 'precheck-continue';
      trackId: string;
      sub: string;
      /** The group chosen on the group-selection step, if it came before. */
      selectedGroupId?: string;
      /** After a second factor; absent when the precheck answered is the group selection. */
      statusId?: string;
      verificationType?: string;
    }
  /** After a newcomer's registration through an identity provider: the tenant's automatic login with the answer's track. */
  | { target: 'after-register'; trackId: string };

export type MfaOption = {
  type: string;
  mediumId: string;
  /** The medium's name from the configured list (a masked address or number, a device), if any. */
  destination?: string;
};

/** A push request sent to the person's device, and how it ended when it did without approval. */
export type PushRequest = { statusId: string; expiresAt: number; number?: string; outcome?: 'rejected' | 'expired' };

/** The MFA step of a flow: the provider's track, the options, and the code (or push) sent last. */
export type MfaState = {
  trackId: string;
  options: MfaOption[];
  /** The account has no second factor of its own (the tenant's e-mail code for this sign-in): "set up a method", not "another". */
  nothingSetUp?: boolean;
  /**
   * The exchange open now. `dead`: its code can no longer be used (expired, or too many wrong
   * tries), so a new one may be asked for at once and no "a new code has been sent" is shown.
   */
  active?: MfaOption & { exchangeId: string; sentAt: number; destination?: string; push?: PushRequest; dead?: boolean };
};

/**
 * A passkey ceremony the tenant has opened (docs/provider-contract.md §2.13): what it is for, the
 * exchange and the FIDO2 request id its verification must name, and, for a second factor or an
 * enrolment, the precheck track it belongs to. The options themselves go to the browser only.
 */
export type PasskeyCeremony = {
  purpose: 'sign-in' | 'second-factor' | 'enrol';
  exchangeId: string;
  fidoRequestId: string;
  /** The account the tenant named for the ceremony (an enrolment needs it on verification). */
  sub?: string;
  trackId?: string;
};

/**
 * A second factor's set-up the tenant has opened (docs/provider-contract.md §2.19): the method, the
 * generation that answered (the check goes to the same one), the exchange, the account it named,
 * and for an authenticator app its shared secret. The secret is the one exception to "no secrets
 * here": the page must show the same QR code after a reload or Back (a new set-up would be a new
 * secret, and an app already scanned would make wrong codes); it lives only in this encrypted,
 * HttpOnly cookie, is shown on that page anyway, and is dropped when the set-up ends either way.
 */
export type MethodSetup = {
  method: 'TOTP' | 'SMS' | 'EMAIL' | 'PUSH' | 'BACKUPCODE';
  generation: 'current' | 'legacy';
  exchangeId: string;
  sub?: string;
  totpSecret?: string;
  /** A text message's number (international) or an e-mail's address: where the code was sent. */
  destination?: string;
  /** A device's pairing: the status to watch and the number the person confirms on the device. */
  push?: { statusId: string; number?: string; clientId?: string; outcome?: 'rejected' | 'expired' };
  /**
   * Backup codes, kept only until the person says they saved them (a reload or Back shows the same
   * codes, never a new set); the second set-up secret this cookie may carry.
   */
  backupCodes?: string[];
  startedAt: number;
  expiresAt?: number;
};

/**
 * The precheck page the provider last sent this browser to (mfa_required, group_selection,
 * login_success), moved here from its address by the entry route (lib/flows/entry-binding.ts).
 */
export type Precheck = {
  kind: 'mfa' | 'group' | 'login-success' | 'suggest' | 'consent' | 'missing-fields';
  trackId: string;
  /** group_selection only: the client's `group_id` hint. */
  groupHint?: string;
  /** suggest_verification_methods only: the tenant refused "Not now" (a method is required now). */
  skipRefused?: boolean;
  /** consent_preview only: the consent version to accept (docs/provider-contract.md §2.17). */
  consent?: ConsentRef;
  /** register_additional_info only: a newcomer an identity provider vouched for, without an account yet (no subject). */
  newcomer?: true;
};

/**
 * The consent version a `consent_preview` page asks for: its ids, the client the page named, whether
 * the account came as the masked `q`, and whether the person has declined it on this sign-in.
 */
export type ConsentRef = { consentId: string; versionId: string; clientId?: string; masked?: true; declined?: true };

export type FlowSession = {
  requestId: string;
  startedAt: number;
  email?: string;
  rememberMe?: boolean;
  /**
   * The account this sign-in is for, bound once: from the password step, or from the first
   * provider entry of a sign-in that did not pass it here. A different one later is refused.
   */
  sub?: string;
  /**
   * The subject came from a provider page's address for a sign-in whose password step this
   * browser never saw: believed for an open track, but not shown anything of (the masked
   * destinations of its methods) until the provider has accepted it with the track.
   */
  subFromAddress?: true;
  precheck?: Precheck;
  continuation?: Continuation;
  mfa?: MfaState;
  /** The e-mail step found FIDO2 among the account's methods (and PASSKEYS is on). */
  passkeyOffered?: boolean;
  /** The passkey ceremony opened last, until it is verified or replaced. */
  passkey?: PasskeyCeremony;
  /** A passkey was just created on the tenant's suggestion: its page says so before the sign-in goes on. */
  passkeyCreated?: true;
  /** A second factor being set up on the tenant's suggestion, until its first code is checked or it is given up. */
  setup?: MethodSetup;
  /** The tenant refused a set-up on its MFA requirement's track: its own rules apply (app/setup-mfa/actions.ts). */
  setupAtTenant?: true;
  /** The tenant said this method must be set up first (its 403 at the MFA step): its set-up may open on the MFA track. */
  setupAllowedFor?: MethodSetup['method'];
  /**
   * "Set up another method" on the MFA page: once a current method has confirmed the person
   * (`proven`), the methods to add are offered before the sign-in goes on; `wanted` first, the
   * method the tenant wanted set up first while another one could confirm.
   */
  addMethod?: { proven?: true; wanted?: MethodSetup['method'] };
  /** A backup code passed the second factor and the tenant said how many are left: /continue says so. */
  backupCodesLeft?: number;
  /** "Use another number/address": what was sent to last, offered again to correct (D63). */
  setupRetry?: { method: 'SMS' | 'EMAIL'; destination: string };
  /** The method just set up: its page says so before the sign-in goes on. */
  setupDone?: MethodSetup['method'];
  /** Until when (epoch ms) the account is locked after repeated wrong passwords. */
  lockedUntil?: number;
  /** Set on "set a password", cleared on "forgot password" (the confirmation page words its text by it). */
  passwordRequired?: boolean;
  /** When the last reset link was requested (the resend countdown). */
  resetSentAt?: number;
  /** A reset link's tokens, moved here from the address bar (never shown in a URL again). */
  reset?: { rprq: string; exchangeId: string };
  /**
   * E-mail confirmation in progress: whose address (when this deployment sent the link itself),
   * when it was last sent, the provider's verification id, and whether the tenant asked for a
   * code instead of a link (its verification_complete page, processingType CODE).
   */
  verify?: { sentAt: number; whom?: { email: string } | { sub: string }; accvid?: string; byCode?: boolean; destination?: string };
  /**
   * The address is confirmed and the tenant offers to sign in at once (verification_complete with
   * suggested_action=LOGIN): its track, which the after-register login takes in place of a
   * password. Moved here from the address bar, where it would be a sign-in left in the history.
   */
  signInTrack?: string;
  /** The group chosen on the group-selection step (the continuation's selectedGroupId). */
  groupId?: string;
  /** The invitation the register page was opened with, moved here from its address (docs/provider-contract.md §2.16). */
  invite?: string;
  /** The account was created on this sign-in's register page: the steps after it say so. */
  registered?: true;
  /** The address the e-mail step found no account for: the register form's starting value. */
  registerEmail?: string;
};

export type PendingAuthorization = {
  state: string;
  nonce: string;
  codeVerifier: string;
  createdAt: number;
  /** A renewal by `prompt=none` (the tenant issued no refresh token): its answer replaces the signed-in user. */
  silent?: true;
};

/**
 * The signed-in user record (docs/architecture.md "What is kept where"): the tokens and the profile, kept
 * only on the server side of the session. Times are seconds since the epoch.
 */
export type SignedInUser = {
  /** Left out when the tokens are too large to keep all of them (lib/user-session.ts). */
  idToken?: string;
  accessToken: string;
  refreshToken?: string;
  tokenType: string;
  scope: string;
  /** The provider's session state, when it sends one. */
  sessionState?: string;
  profile: {
    sub: string;
    sid?: string;
    email?: string;
    /** The group chosen during sign-in, when the tokens name it. */
    group?: { id: string; name?: string };
  };
  issuedAt: number;
  expiresAt: number;
};

export type UserSession = { pending?: PendingAuthorization; user?: SignedInUser };
