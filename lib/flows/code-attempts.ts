import 'server-only';
import { answerLimited, attempt } from '../limits/limits';
import type { CodeFormState } from '../validation/form-state';

/**
 * What every code check (a second factor's, an e-mail confirmation's) does before it asks the
 * provider: count the attempt against the exchange and against the address. Over a limit it
 * answers the code field's error (too many wrong codes for this exchange: a new code is the way
 * forward; otherwise: wait) and nothing is asked; under it, undefined.
 */
export async function refuseCodeAttempt(exchangeId: string, step: string): Promise<CodeFormState | undefined> {
  const allowed = await attempt([
    ['code.exchange', exchangeId],
    ['code.address', 'address'],
  ]);
  if (allowed.ok) return undefined;
  answerLimited(allowed, step);
  return { status: 'invalid', fieldErrors: { code: allowed.limit === 'code.exchange' ? 'tooManyCodeAttempts' : 'tooManyAttempts' } };
}
