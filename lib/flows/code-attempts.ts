import 'server-only';
import { answerLimited, attempt, endSendWait, failed, mfaSendKind, spent } from '../limits/limits';
import { updateFlow } from '../session';
import type { MfaState } from '../session-types';
import type { CodeFormState, ErrorKey } from '../validation/form-state';

/** A second factor of one account: its wrong codes are counted together, whatever the exchange. */
export type Factor = { account: string; factor: string };
const factorKey = (f: Factor) => `${f.account}\u0000${f.factor.toUpperCase()}`;

/**
 * What every code check (a second factor's, an e-mail confirmation's) does before it asks the
 * provider: count the attempt against the exchange and against the address, and, for a second
 * factor, see whether the account has had too many wrong codes for it (across exchanges and
 * sign-ins: a fresh exchange must not bring fresh guesses). Over a limit it answers the code
 * field's error (too many wrong codes for this exchange: a new code is the way forward; for the
 * account: wait, or another way; otherwise: wait) and nothing is asked; under it, undefined.
 */
export async function refuseCodeAttempt(exchangeId: string, step: string, factor?: Factor): Promise<CodeFormState | undefined> {
  const held = factor ? await spent('code.account', factorKey(factor)) : { ok: true as const };
  if (!held.ok) {
    answerLimited(held, step);
    return { status: 'invalid', fieldErrors: { code: 'tooManyAccountCodes' }, retryAfter: held.retryAfter };
  }
  const allowed = await attempt([
    ['code.exchange', exchangeId],
    ['code.address', 'address'],
  ]);
  if (allowed.ok) return undefined;
  answerLimited(allowed, step);
  return { status: 'invalid', fieldErrors: { code: allowed.limit === 'code.exchange' ? 'tooManyCodeAttempts' : 'tooManyAttempts' } };
}

/** A wrong code of a second factor, counted for its account (only wrong codes count). */
export async function countWrongCode(factor: Factor): Promise<void> {
  await failed('code.account', factorKey(factor));
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
