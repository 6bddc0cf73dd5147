/**
 * How many attempts a client address, an account or a one-time code may make, and how many
 * codes and links may be sent (README "Operate": limits). Every limit is checked before the
 * provider is asked; over it, the person gets 429 with Retry-After and a message on the form,
 * and the provider gets nothing. RATE_LIMITS overrides the defaults per name.
 */
export const DEFAULT_LIMITS = {
  /** E-mail step: each post asks the provider twice and tells known from unknown addresses. */
  'email.address': { points: 30, seconds: 60 },
  'email.account': { points: 10, seconds: 60 },
  /** Password checks; the provider's own lockout (five wrong ones) still comes first for one account. */
  'password.address': { points: 30, seconds: 300 },
  'password.account': { points: 10, seconds: 900 },
  /** Code checks: a few per code (then a new one is needed), and per client address. */
  'code.exchange': { points: 5, seconds: 900 },
  'code.address': { points: 30, seconds: 300 },
  /**
   * Status checks of one push request, polls and presses alike. The code limits would stop a page
   * that asks every 2 s within a minute; this allows a whole request's life and a second tab.
   */
  'push.check': { points: 360, seconds: 600 },
  /** Codes, reset links and confirmation links sent, however they are asked for. */
  'send.account': { points: 6, seconds: 900 },
  'send.address': { points: 20, seconds: 900 },
} as const;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as LimitName[];
