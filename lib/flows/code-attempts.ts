import 'server-only';
import { answerLimited, attempt, endSendWait, giveBack, mfaSendKind, reserve, spent, type Verdict } from '../limits/limits';
import { updateFlow } from '../session';
import type { MfaState } from '../session-types';
import type { CodeFormState, ErrorKey } from '../validation/form-state';

/** A second factor of one account: its wrong codes are counted together, whatever the exchange. */
export type Factor = { account: string; factor: string };
const factorKey = (f: Factor) => `${f.account}\u0000${f.factor.toUpperCase()}`;

/**
 * What every code check (a second factor's, an e-mail confirmation's) does before it asks the
 * provider: count the attempt against the exchange and against the address, and, for a second
 * factor, take one wrong code of the account's budget for it (across exchanges and sign-ins: a
 * fresh exchange must not bring fresh guesses). That one is taken before the provider is asked,
 * so checks sent side by side cannot all pass a budget none of them has counted yet; the check
 * settles it (`settleCodeAttempt`). Over a limit it answers the code field's error (too many wrong
 * codes for this exchange: a new code is the way forward; for the account: wait, or another way;
 * otherwise: wait) and nothing is asked; under it, undefined.
 */
export async function refuseCodeAttempt(exchangeId: string, step: string, factor?: Factor): Promise<CodeFormState | undefined> {
  const held = factor ? await spent('code.account', factorKey(factor)) : { ok: true as const };
  if (!held.ok) return accountCodesSpent(held, step);
  const allowed = await attempt([
    ['code.exchange', exchangeId],
    ['code.address', 'address'],
  ]);
  if (!allowed.ok) {
    answerLimited(allowed, step);
    return { status: 'invalid', fieldErrors: { code: allowed.limit === 'code.exchange' ? 'tooManyCodeAttempts' : 'tooManyAttempts' } };
  }
  const reserved = factor ? await reserve('code.account', factorKey(factor)) : { ok: true as const };
  return reserved.ok ? undefined : accountCodesSpent(reserved, step);
}

function accountCodesSpent(verdict: Extract<Verdict, { ok: false }>, step: string): CodeFormState {
  answerLimited(verdict, step);
  return { status: 'invalid', fieldErrors: { code: 'tooManyAccountCodes' }, retryAfter: verdict.retryAfter };
}

/**
 * The end of a second factor's code check that `refuseCodeAttempt` let through: only a wrong code
 * keeps the wrong code it took of the account's budget; a right, expired or unanswered one gives it
 * back (only wrong codes count, so nobody without the account's codes can spend it).
 */
export async function settleCodeAttempt(factor: Factor, wrong: boolean): Promise<void> {
  if (!wrong) await giveBack('code.account', factorKey(factor));
}

/** Refusals after which the code sent is of no use: the way forward is a new one. */
const DEAD_CODE: ReadonlySet<ErrorKey> = new Set(['mfaCodeExpired', 'tooManyCodeAttempts']);

/**
 * A code check's refusal for a second factor, as the form gets it. Where the code is dead, the
 * wait before another send ends and the exchange is marked so (the page then offers a new code at
 * once and drops its "sent" notice), instead of a resend held back for a code nobody can use.
 */
export async function refuseCode(mfa: MfaState & { active: NonNullable<MfaState['active']> }, sub: string, key: ErrorKey): Promise<CodeFormState> {
  if (DEAD_CODE.has(key) && !mfa.active.dead) {
    await Promise.all([endSendWait(mfaSendKind(mfa.active.type), sub), updateFlow({ mfa: { ...mfa, active: { ...mfa.active, dead: true } } })]);
  }
  return { status: 'invalid', fieldErrors: { code: key } };
}
