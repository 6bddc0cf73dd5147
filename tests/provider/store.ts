import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** All state of the stand-in, in memory: seeded accounts and everything a flow creates. */

/**
 * A configured medium: its id, and how the configured list names it (docs/provider-contract.md
 * §2.3, U): the masked `email` or `mobile`, or a push device's `friendly_name`. A PUSH medium
 * without a device name has no device set up yet (the provider's 403 hand-off, §1).
 */
export type Medium = { id: string; email?: string; mobile?: string; friendly_name?: string };
export type Method = { type: string; mediums?: Medium[] };
/** A passkey the account enrolled (docs/provider-contract.md §2.13): listed as a FIDO2 medium by its id. */
export type Passkey = { id: string; publicKey: string; counter: number; transports: string[]; name: string };
export type Account = {
  sub: string;
  email: string;
  name: string;
  password?: string;
  status: 'active' | 'declined';
  methods: Method[];
  /** A second factor is required after the password (the provider redirects to the MFA step). */
  mfaRequired?: boolean;
  /** Wrong passwords in a row, and until when the account is locked. */
  failures?: number;
  lockedUntil?: number;
  /** false: the provider refuses sign-in with error=email_not_verified until the link is opened. */
  emailVerified?: boolean;
  /** Earlier passwords, for the reuse check (VER_0119). */
  passwordHistory?: string[];
  /** The sales organisations the account may act for; more than one means the provider asks. */
  groups?: Group[];
  /** Instead of listing groups: this many generated ones (the 300-group demo account). */
  generatedGroups?: number;
  /** Ask even with a single group (the provider may; the screen must work with one). */
  askSingleGroup?: boolean;
  /** This account's precheck order, instead of the stand-in's (STANDIN_PRECHECK_ORDER). */
  precheckOrder?: PrecheckOrder;
  /** The tenant shows its login_success page before letting the browser go on. */
  loginSuccessPage?: boolean;
  /** Passkeys enrolled (FIDO2 is configured once there is one). */
  passkeys?: Passkey[];
  /** After a password sign-in, the tenant suggests setting up a passkey (its suggest_verification_methods page) until there is one. */
  suggestPasskey?: boolean;
  /**
   * The suggestion is mandatory for these methods, skippable until `skipUntilDays` from now
   * (negative: the time to skip has run out, and SKIP is refused).
   */
  suggestionMandatory?: { methods: string[]; skipUntilDays: number };
  /** "Do not show again" was answered to the suggestion. */
  suggestionDeclined?: boolean;
  /** The tenant suggests setting up these methods (its `optionalConfig`) until one of them is set up. */
  suggestMethods?: string[];
  /** The tenant sets methods up on its MFA requirement's track for this account while it has none. */
  enrolOnMfaTrack?: boolean;
  /** Backup codes the account has not used yet (set up here, or seeded); each works once. */
  backupCodes?: string[];
  /** The shared secret of the authenticator app this account set up (else the seed's `totpSecret`). */
  totpSecret?: string;
  /** The tenant writes credential ids in its options base64url-encoded twice (a quirk some tenants have). */
  doubleEncodedIds?: boolean;
  /** The WebAuthn timeout of this account's authentications (ms), set by a test. */
  passkeyTimeoutMs?: number;
  /** The tenant issues this account no refresh token (as a client without the refresh_token grant). */
  noRefreshToken?: boolean;
  /** Required profile fields the account lacks: the tenant asks for them (register_additional_info) before the sign-in goes on. */
  missingFields?: string[];
  /** Profile values beyond e-mail and name (a mobile number, the tenant's custom fields), by field key. */
  profile?: Record<string, unknown>;
  /** The tenant's consent (seed `consents`) whose latest version this account must accept at sign-in. */
  asksConsent?: string;
  /** Consent versions this account has accepted. */
  acceptedConsentVersions?: string[];
};

/**
 * A consent the tenant declares (terms, privacy): its versions, the last the current one, each
 * with its text per language (`content` HTML or text, and/or `url`).
 */
export type Consent = {
  consentId: string;
  name: string;
  versions: Array<{ id: string; version: number; locales: Record<string, { title: string; content?: string; url?: string }> }>;
};

export type PrecheckOrder = 'mfa-first' | 'group-first';

/** A group as the seed holds it: `names` are translations of `groupName` by language. */
export type Group = { groupId: string; groupName: string; names?: Record<string, string>; customerNumber?: string };

/** A reset: `secret` is what the e-mailed link proves; `exchangeId` exists once the link was opened. */
export type Reset = { rprq: string; secret: string; exchangeId?: string; sub: string; requestId: string; used: boolean; expiresAt: number };

/** An account confirmation: by link (`secret` in the link) or by code. */
export type AccountVerification = { accvid: string; sub: string; requestId: string; byCode: boolean; secret: string; used: boolean; expiresAt: number };

/** A hosted-page group as the hostedpages-srv API holds it (docs/provider-contract.md §6). */
export type HostedPageGroup = {
  _id: string;
  groupOwner: string;
  default_locale: string;
  hosted_pages: Array<{ hosted_page_id: string; locale: string; url: string; content?: string }>;
  createdTime: string;
  updatedTime: string;
};

export type Client = {
  clientId: string;
  clientSecret: string;
  displayName: string;
  name: string;
  redirectUris: string[];
  /** Where the tenant sends an invitation link: the client's initiate_login_uri (it starts a fresh authorization). */
  initiateLoginUri: string;
  postLogoutRedirectUris: string[];
  /** The client's hosted_page_group: where the tenant sends the browser for each page. */
  hostedPageGroup: string;
  /** The scopes the client may be granted; a request for others is granted without them. */
  allowedScopes: string[];
  /** Whether the client has the refresh_token grant (the tenant then issues refresh tokens). */
  refreshTokens: boolean;
};

/** The tenant's own browser session (its `cidaas_sso` cookie): whose, and the group chosen in it. */
export type ProviderSession = { sid: string; sub: string; groupId?: string; expiresAt: number };

export type AuthRequest = {
  requestId: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  uiLocales?: string;
  /** The client's hint which group to sign in with, passed on to the group selection. */
  groupId?: string;
  /**
   * Set by a test (/__standin/requests/:id/registration): this request's client asks for a captcha on
   * registration, or has self-registration off.
   */
  captcha?: boolean;
  registrationOff?: boolean;
  /** The app's auto_login_after_register: the register answer carries a track for the after-register login. */
  autoLogin?: boolean;
  /**
   * The tenant wants a new account's address confirmed before it signs in: the account starts
   * unconfirmed, and both the after-register login and a password login are refused with the login
   * page's `error=email_not_verified` until it is.
   */
  confirmEmail?: boolean;
  /**
   * This client's tenant has declared terms (its first consent) and asks them at the first login of
   * an account that has not accepted them (its consent precheck, docs/provider-contract.md §2.17):
   * on the current generation a new account meets them then; the legacy form's CONSENT field, ticked,
   * is that acceptance (its `consent_refs`).
   */
  termsAtFirstLogin?: boolean;
  /** The tenant's own password policy, in the client information's shape (`password_policy`), enforced on register. */
  passwordPolicy?: { minimumLength: number; maximumLength: number; noOfDigits: number; noOfSpecialChars: number; lowerAndUpperCase: boolean };
  createdAt: number;
};

export type Exchange = {
  id: string;
  type: string;
  requestId: string;
  sub: string;
  expiresAt: number;
  used: boolean;
  /** The code sent for EMAIL and SMS (TOTP codes come from the app). */
  code?: string;
  /** PUSH: the request the device answers, polled by its status id (docs/provider-contract.md §2.12). */
  push?: { statusId: string; status: 'INITIATED' | 'AUTHENTICATED' | 'DENIED' | 'ENROLLED' | 'CANCELLED'; number: string; device: string };
  /** FIDO2: the ceremony's kind, the id the verification must repeat, and its challenge (§2.13). */
  fido2?: { kind: 'authenticate' | 'register'; fidoRequestId: string; challenge: string; usage?: string; trackId?: string };
  /** A second factor being set up on a suggestion's track: the track, and the secret issued for an authenticator app. */
  setup?: { trackId: string; totpSecret?: string; destination?: string; backupCodes?: string[]; confirmedWith?: string; statusId?: string };
};

/**
 * Open prechecks between the password and the authorization code, in order (the provider
 * sends the browser to each one's hosted page), and the group chosen on the way.
 */
export type Track = {
  trackId: string;
  requestId: string;
  sub: string;
  pending: Array<'missing_fields' | 'group' | 'mfa' | 'suggest' | 'login_success' | 'consent'>;
  selectedGroupId?: string;
  /** The suggestion to set up a method was answered (a passkey created, or skipped). */
  suggestionAnswered?: boolean;
  /** The consent version asked on this track was accepted (usage/accept). */
  consentAccepted?: boolean;
  /** A person an identity provider vouched for who has no account yet (sub empty): whom, and through which provider. */
  socialRegistration?: { provider: string; email: string; name: string };
  used: boolean;
  expiresAt: number;
};

export type Verified = { statusId: string; sub: string; requestId: string; type: string; used: boolean; expiresAt: number };

export type AuthCode = {
  code: string;
  requestId: string;
  clientId: string;
  redirectUri: string;
  sub: string;
  scope: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  sid: string;
  /** The group chosen during sign-in, carried into the tokens. */
  groupId?: string;
  expiresAt: number;
  used: boolean;
};

export type OutboxMessage = { id: string; at: string; channel: 'email' | 'sms'; to: string; subject: string; body: string; code?: string; link?: string };
/** A call received; `requestId` is the sign-in its body named, when it named one. */
export type CallRecord = { at: number; method: string; path: string; requestId?: string; sub?: string };
/**
 * A fault for the calls whose path contains `pathIncludes` (usually a requestId) and whose body
 * names the sign-in `requestId` or the account `sub` (as `sub` or `q`), any of them; for the next
 * `times` such calls, or all. `refuse` answers with the service's error object and `status` (a
 * 4xx: the tenant's refusal, where `error` is its 500).
 */
export type Fault = {
  id: string;
  pathIncludes?: string;
  requestId?: string;
  sub?: string;
  mode: 'delay' | 'error' | 'garbage' | 'close' | 'refuse';
  status?: number;
  delayMs?: number;
  times?: number;
};

/**
 * An identity provider the tenant offers the client, as the client information lists it
 * (docs/provider-contract.md "Identity providers"); `isProviderVisible: false` configures it
 * without a button (domain-based redirection).
 */
export type IdentityProviderEntry = { provider_name: string; type: string; display_name?: string; logo_url?: string; isProviderVisible?: boolean };
/** Whom a provider's stand-in login page signs in: a demo account's address, or a person without an account. */
export type ProviderIdentity = { id: string; name: string; email: string; newUser?: boolean };
export type IdentityProviders = {
  login_providers: string[];
  custom_providers: IdentityProviderEntry[];
  saml_providers: IdentityProviderEntry[];
  ad_providers: IdentityProviderEntry[];
  identities: Record<string, ProviderIdentity[]>;
};
/** A sign-in sent to an identity provider, until its callback comes back (once). */
export type SocialLogin = { state: string; requestId: string; provider: string; used: boolean; expiresAt: number };

/** An invitation (docs/provider-contract.md §2.16): whom, from whom, and whether it can still be used. */
export type Invitation = {
  id: string;
  email: string;
  givenName?: string;
  familyName?: string;
  organisation?: string;
  inviter?: string;
  customFields: Record<string, string>;
  state: 'open' | 'used';
  expiresAt: number;
  /** The reads name the invited address under this key instead of their usual one (a shape the app cannot read). */
  addressKey?: string;
};
type SeedInvitation = Omit<Invitation, 'expiresAt' | 'customFields'> & { expiresAt?: string; customFields?: Record<string, string> };

type Seed = {
  client: { client_display_name: string; client_name: string };
  accounts: Account[];
  federatedDomains: Record<string, string>;
  identityProviders: IdentityProviders;
  unknownUserAnswers: Record<string, string>;
  lockout: { maxFailures: number; lockMinutes: number };
  totpSecret: string;
  mfaRedirectUrl: string;
  registration: Registration;
  invitations?: SeedInvitation[];
  consents?: Consent[];
};

/**
 * The tenant's registration set-up: its fields as the legacy list spells them, with `localeText`
 * per language (the answer carries the one for the asked language, else `en`), and what a
 * successful register suggests next.
 */
export type Registration = { suggestedAction: string; fields: Array<Record<string, unknown> & { localeText: Record<string, Record<string, unknown>> }> };

export function createStore(args: {
  seedPath: URL;
  issuer: string;
  precheckOrder: PrecheckOrder;
  client: Omit<Client, 'displayName' | 'name'>;
  adminClient?: { clientId: string; clientSecret: string };
}) {
  const seed = JSON.parse(readFileSync(args.seedPath, 'utf8')) as Seed;
  const accounts = new Map(seed.accounts.filter((a) => !a.email.includes('*')).map((a) => [a.email.toLowerCase(), a]));
  // "name+*@domain" seeds stand for a family of accounts, made on first use, each with its own state.
  const patterns = seed.accounts
    .filter((a) => a.email.includes('*'))
    .map((a) => ({
      template: a,
      regex: new RegExp(
        `^${a.email
          .toLowerCase()
          .split('*')
          .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[a-z0-9._+-]*')}$`,
      ),
    }));
  const client: Client = { ...args.client, displayName: seed.client.client_display_name, name: seed.client.client_name };

  const store = {
    client,
    accounts,
    requests: new Map<string, AuthRequest>(),
    exchanges: new Map<string, Exchange>(),
    verified: new Map<string, Verified>(),
    codes: new Map<string, AuthCode>(),
    refreshTokens: new Map<string, { sub: string; clientId: string; scope: string; sid: string; groupId?: string }>(),
    /** Refresh tokens revoked by the client (RFC 7009), refused from then on, with whose they were. */
    revokedRefreshTokens: new Map<string, string>(),
    revokedSids: new Set<string>(),
    providerSessions: new Map<string, ProviderSession>(),
    /** Token lifetimes set per account by a test (seconds), instead of the stand-in's default. */
    tokenTtlBySub: new Map<string, number>(),
    /** Push request lifetimes set per account by a test (seconds), instead of the exchange's five minutes. */
    pushTtlBySub: new Map<string, number>(),
    outbox: [] as OutboxMessage[],
    calls: [] as CallRecord[],
    faults: [] as Fault[],

    adminClient: args.adminClient,
    precheckOrder: args.precheckOrder,
    hostedPageGroups: new Map<string, HostedPageGroup>(),
    tracks: new Map<string, Track>(),
    resets: new Map<string, Reset>(),
    verifications: new Map<string, AccountVerification>(),
    totpSecret: seed.totpSecret,
    mfaRedirectUrl: seed.mfaRedirectUrl,
    federatedDomains: seed.federatedDomains,
    identityProviders: seed.identityProviders,
    socialLogins: new Map<string, SocialLogin>(),
    lockout: seed.lockout,
    registration: seed.registration,
    invitations: new Map<string, Invitation>(
      (seed.invitations ?? []).map((i) => [
        i.id,
        { ...i, customFields: i.customFields ?? {}, expiresAt: i.expiresAt ? Date.parse(i.expiresAt) : Date.now() + 30 * 24 * 3600_000 },
      ]),
    ),
    consents: seed.consents ?? [],

    /** A provider the tenant offers the client, by its provider_name (as the social login path names it: lower-case). */
    identityProvider(name: string): { name: string; displayName: string; visible: boolean } | undefined {
      const providers = seed.identityProviders;
      if (providers.login_providers.includes(name)) return { name, displayName: name.charAt(0).toUpperCase() + name.slice(1), visible: true };
      const entry = [...providers.custom_providers, ...providers.saml_providers, ...providers.ad_providers].find((p) => p.provider_name.toLowerCase() === name);
      return entry && { name, displayName: entry.display_name ?? entry.provider_name, visible: entry.isProviderVisible !== false };
    },

    /**
     * How the e-mail step answers for an address without an account, by its domain (seed.json):
     * `no-action` (200 naming no action), `masked` (200 naming no action, and a configured list
     * with a password, as a tenant that hides who has an account), `204`, `10301`, or `register`.
     */
    unknownUserAnswer(email: unknown): 'no-action' | 'masked' | '204' | '10301' | 'register' {
      const domain = typeof email === 'string' ? email.trim().toLowerCase().split('@')[1] : undefined;
      const answer = domain && domain !== 'comment' && Object.hasOwn(seed.unknownUserAnswers, domain) ? seed.unknownUserAnswers[domain] : undefined;
      return answer === 'no-action' || answer === 'masked' || answer === '204' || answer === '10301' ? answer : 'register';
    },

    accountByEmail(email: unknown): Account | undefined {
      if (typeof email !== 'string') return undefined;
      const key = email.trim().toLowerCase();
      const known = accounts.get(key);
      if (known) return known;
      const pattern = patterns.find((p) => p.regex.test(key));
      if (!pattern) return undefined;
      const account: Account = { ...structuredClone(pattern.template), email: key, sub: randomUUID() };
      accounts.set(key, account);
      return account;
    },
    /** The account's groups, named in `language` where the seed has a translation. */
    groupsOf(account: Account, language = ''): Array<{ groupId: string; groupName: string; customerNumber?: string }> {
      const groups = account.groups ?? Array.from({ length: account.generatedGroups ?? 0 }, (_, i) => generatedGroup(i));
      const lang = language.toLowerCase();
      return groups.map((g) => ({
        groupId: g.groupId,
        groupName: g.names?.[lang] ?? g.names?.[lang.split('-')[0]] ?? g.groupName,
        ...(g.customerNumber ? { customerNumber: g.customerNumber } : {}),
      }));
    },
    accountBySub(sub: unknown): Account | undefined {
      return typeof sub === 'string' && sub ? [...accounts.values()].find((a) => a.sub === sub) : undefined;
    },
    newId(): string {
      return randomUUID();
    },
    /**
     * Where the tenant sends the browser for a hosted page: the URL the client's hosted-page group
     * names for it (its first locale), else the tenant's own default page.
     */
    pageUrl(id: string, params: Record<string, string | undefined> = {}): string {
      const group = store.hostedPageGroups.get(client.hostedPageGroup);
      const page =
        group?.hosted_pages.find((p) => p.hosted_page_id === id && p.locale === group.default_locale) ??
        group?.hosted_pages.find((p) => p.hosted_page_id === id);
      const target = new URL(page?.url ?? `${args.issuer}/identity/${id}`);
      for (const [key, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(key, value);
      return target.toString();
    },
    /** The prechecks an account is asked, in order, after a password. */
    precheckOrderOf(account: Account): PrecheckOrder {
      return account.precheckOrder ?? store.precheckOrder;
    },
    recordCall(method: string, path: string): CallRecord {
      const record: CallRecord = { at: Date.now(), method, path };
      store.calls.push(record);
      if (store.calls.length > 5000) store.calls.splice(0, 1000);
      return record;
    },
    faultFor(call: { path: string; requestId?: string; sub?: string }): Fault | undefined {
      const fault = store.faults.find(
        (f) =>
          (f.pathIncludes === undefined || call.path.includes(f.pathIncludes)) &&
          (f.requestId === undefined || call.requestId === f.requestId) &&
          (f.sub === undefined || call.sub === f.sub),
      );
      if (fault?.times !== undefined && --fault.times <= 0) store.faults.splice(store.faults.indexOf(fault), 1);
      return fault;
    },
  };
  return store;
}

export type Store = ReturnType<typeof createStore>;

const KINDS = ['Restaurant', 'Hotel', 'Canteen', 'Bakery', 'Catering', 'Hospital Kitchen', 'School Kitchen', 'Café', 'Bistro', 'Butchery'];
const CITIES = [
  'Aachen',
  'Berlin',
  'Bremen',
  'Dortmund',
  'Dresden',
  'Essen',
  'Freiburg',
  'Hamburg',
  'Hannover',
  'Kassel',
  'Köln',
  'Leipzig',
  'Mainz',
  'München',
  'Münster',
  'Nürnberg',
  'Rostock',
  'Stuttgart',
  'Ulm',
  'Würzburg',
  'Wien',
  'Zürich',
  'Graz',
  'Linz',
  'Basel',
  'Bern',
  'Lyon',
  'Lille',
  'Porto',
  'Malmö',
];

/** Group number `i` of a generated account: distinct names, customer numbers 300000 upwards. */
function generatedGroup(i: number): Group {
  const kind = KINDS[i % KINDS.length];
  const city = CITIES[Math.floor(i / KINDS.length) % CITIES.length];
  const round = Math.floor(i / (KINDS.length * CITIES.length));
  const number = String(300000 + i);
  return { groupId: `grp-${number}`, groupName: `${kind} ${city}${round > 0 ? ` ${round + 1}` : ''}`, customerNumber: number };
}
