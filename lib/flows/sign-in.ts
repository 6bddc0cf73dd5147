import 'server-only';
import { isProviderError, refusalMeaning } from '../provider/errors';
import { checkUserExists } from '../provider/users';
import { authenticate, getConfiguredMethods, initiateAuthentication } from '../provider/verification';
import type { ErrorKey, FormState } from '../validation/form-state';
import { credentialsErrorFor } from './error-map';
import { resolveEmailStep, type EmailStepOutcome } from './next-screen';

/** Asks the provider about an e-mail and decides the next screen. */
export async function checkEmail(args: { requestId: string; email: string; locale: string }): Promise<EmailStepOutcome> {
  const existence = await checkUserExists({ ...args, rememberMe: true });
  const methods = existence.action === 'login' ? await getConfiguredMethods(args) : null;
  return resolveEmailStep({ existence, methods, email: args.email });
}

export type PasswordOutcome =
  | { kind: 'verified'; sub: string; statusId: string; exchangeId: string }
  | { kind: 'field-error'; field: 'email' | 'password'; key: ErrorKey }
  /** Locked after repeated wrong passwords, until `until` (epoch ms). */
  | { kind: 'locked'; until: number }
  /** Declined, deactivated or deleted: nothing to type can change that. */
  | { kind: 'unusable' };

/** How long a lock lasts when the provider does not say: 5 minutes. */
export const LOCK_SECONDS = 5 * 60;

/**
 * The password form's state while the account is locked (the message, and the seconds until it
 * may be tried again), or the plain form once the lock has ended or when there was none.
 */
export function lockedState(until: number | undefined, now = Date.now()): FormState<'email' | 'password'> {
  const left = until ? Math.ceil((until - now) / 1000) : 0;
  return left > 0 ? { status: 'invalid', fieldErrors: { password: 'accountLocked' }, retryAfter: left } : { status: 'idle' };
}

/**
 * The credentials step: a PASSWORDLESS_AUTHENTICATION exchange of type PASSWORD, then the password
 * check (docs/provider-contract.md §2.4, §2.5). User errors come back; everything else is thrown.
 */
export async function checkPassword(args: { requestId: string; email: string; password: string; locale: string }): Promise<PasswordOutcome> {
  try {
    const initiated = await initiateAuthentication({
      type: 'PASSWORD',
      usageType: 'PASSWORDLESS_AUTHENTICATION',
      requestId: args.requestId,
      mediumId: 'PASSWORD',
      email: args.email,
      locale: args.locale,
    });
    if (initiated.kind !== 'initiated') throw new Error('password initiation answered with a redirect');
    const { exchangeId } = initiated;
    const { sub, statusId } = await authenticate({
      type: 'PASSWORD',
      exchangeId,
      secret: args.password,
      requestId: args.requestId,
      locale: args.locale,
    });
    return { kind: 'verified', sub, statusId, exchangeId };
  } catch (error) {
    const meaning = refusalMeaning(error);
    const details = isProviderError(error) ? error.details : {};
    if (meaning === 'account-unusable') return { kind: 'unusable' };
    if (meaning === 'account-locked') return { kind: 'locked', until: Date.now() + (details.lockedForSeconds ?? LOCK_SECONDS) * 1000 };
    const userError = credentialsErrorFor(meaning);
    if (!userError) throw error;
    // The provider may say how many wrong passwords are left (U): one left is worth a warning.
    const lastAttempt = meaning === 'wrong-password' && details.remainingAttempts === 1;
    return { kind: 'field-error', ...userError, key: lastAttempt ? 'passwordInvalidLastAttempt' : userError.key };
  }
}
