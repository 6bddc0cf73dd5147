import type { SetupMethod } from '../provider/mfa-setup';
import type { VerificationType } from '../provider/verification-types';

/**
 * How many attempts a client address, an account or a one-time code may make, and how many
 * codes and links may be sent (docs/operations.md "Limits"). Every limit is checked before the
 * provider is asked; over it, the person gets 429 with Retry-After and a message on the form,
 * and the provider gets nothing. RATE_LIMITS overrides the defaults per name.
 */
export const DEFAULT_LIMITS = {
  /**
   * E-mail step: each post asks the provider twice and tells known from unknown addresses. Per
   * client address only the addresses without an account count (attemptFailing: a probe of who
   * has an account fails often, an office signing in does not). Per account it counts per client
   * too (accountAtClient): the step needs no secret, so a stranger posting someone's address holds
   * back only the stranger.
   */
  'email.address': { points: 30, seconds: 60 },
  'email.account': { points: 10, seconds: 60 },
  /**
   * Password checks. Per client address only wrong passwords count (attemptFailing: spraying
   * passwords across accounts fails, colleagues signing in from one office do not). Per account,
   * per client, and never longer than the provider's own lockout (five wrong ones lock the account
   * for 5 minutes), which protects the account as a whole.
   */
  'password.address': { points: 30, seconds: 300 },
  'password.account': { points: 10, seconds: 300 },
  /** Code checks: a few per code (then a new one is needed), and per client address. */
  'code.exchange': { points: 5, seconds: 900 },
  'code.address': { points: 30, seconds: 300 },
  /**
   * Wrong codes for one account and factor, across exchanges and sign-ins: a fresh exchange brings
   * five more tries of its own (code.exchange), this caps them all, as a provider's own lockout
   * would. Only wrong codes count, so nobody without the account's codes can spend it.
   */
  'code.account': { points: 10, seconds: 900 },
  /**
   * Status checks of one push request, polls and presses alike. The code limits would stop a page
   * that asks every 2 s within a minute; this allows a whole request's life and a second tab.
   */
  'push.check': { points: 360, seconds: 600 },
  /**
   * Pages opened with a request id the provider has not confirmed here yet (each costs a provider
   * call), and every view and post of the register page (each asks for the tenant's field list):
   * per client address. Over it the first page and a page's "Sign in to continue to …" are shown
   * without that call (the e-mail step's own post still asks the provider about the id), and the
   * register page says to try again shortly.
   */
  'entry.address': { points: 120, seconds: 60 },
  /**
   * Invitations read (each costs one or two provider calls, and the id is the invitation's only
   * secret): per client address, enough for a room of new customers each opening and posting their
   * own invitation a few times, far too few to guess an id.
   */
  'invitation.address': { points: 100, seconds: 900 },
  /**
   * Codes, reset links and confirmation links sent, however they are asked for: per account and
   * client (a stranger's requests spend the stranger's budget only), and per client address, set
   * for an office of a hundred people behind one address signing in at eight o'clock.
   */
  'send.account': { points: 6, seconds: 900 },
  'send.address': { points: 200, seconds: 900 },
  /**
   * Registrations asked of the provider (forms that pass this product's checks; each may create an
   * account and send a confirmation): per address typed and client, and per client address, set for
   * a training room of new customers registering together.
   */
  'register.account': { points: 5, seconds: 900 },
  'register.address': { points: 30, seconds: 900 },
} as const;

export type LimitName = keyof typeof DEFAULT_LIMITS;

/**
 * What a send (and the wait after it) is counted under: a reset or confirmation link, a second
 * factor's code or push by its type, a set-up's code by its method. Only these: each names a
 * limiter kept for the process's life and a metrics label, so nothing a browser posts may add one.
 */
export type SendKind = 'reset' | 'verify' | `mfa.${VerificationType | 'other'}` | `setup.${SetupMethod}`;
export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as LimitName[];
