import 'server-only';
import { getConfig } from '../config';
import { getShared, putShared } from '../limits/store';
import { accountRef } from '../log';
import { isProviderError, refusalMeaning } from '../provider/errors';
import { checkUserExists } from '../provider/users';
import { authenticate, getConfiguredMethods, initiateAuthentication, type ConfiguredMethod } from '../provider/verification';
import type { ErrorKey, FormState } from '../validation/form-state';
import { credentialsErrorFor } from './error-map';
import { resolveEmailStep, type EmailStepOutcome } from './next-screen';

/**
 * Asks the provider about an e-mail and decides the next screen. The configured list is asked for
 * an account the provider recommends signing in (its methods), and where the recommendation names
 * no action: there its "user not found" tells an unknown address apart (docs/provider-contract.md
 * §2.2).
 */
export async function checkEmail(args: { requestId: string; email: string; locale: string }): Promise<EmailStepOutcome> {
  const existence = await checkUserExists({ ...args, rememberMe: true });
  const asks = existence.action === 'login' || existence.action === 'unstated';
  const methods = asks ? await configuredMethodsOf(args) : null;
  return resolveEmailStep({ existence, methods, email: args.email });
}

async function configuredMethodsOf(args: { requestId: string; email: string; locale: string }): Promise<ConfiguredMethod[] | 'unknown-user'> {
  try {
    return await getConfiguredMethods(args);
  } catch (error) {
    if (refusalMeaning(error) === 'user-not-found') return 'unknown-user';
    throw error;
  }
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
 * When the account's lock ends: as the provider says, where it says; otherwise 5 minutes from
 * the first refusal that reported it, remembered across sign-ins and replicas (a fresh sign-in
 * to a locked account must not start the countdown again at 5:00).
 */
async function lockEnd(email: string, providerSeconds: number | undefined): Promise<number> {
  const key = `lock:${accountRef(email)}`;
  const now = Date.now();
  if (providerSeconds === undefined) {
    const known = Number(await getShared(key));
    if (known > now) return known;
  }
  const seconds = providerSeconds ?? LOCK_SECONDS;
  await putShared(key, String(now + seconds * 1000), seconds);
  return now + seconds * 1000;
}

/**
 * The password form's state while the account is locked (the message, and the seconds until it
 * may be tried again), or the plain form once the lock has ended or when there was none.
 */
export function lockedState(until: number | undefined, now = Date.now()): FormState<'email' | 'password'> {
  const left = until ? Math.ceil((until - now) / 1000) : 0;
  return left > 0 ? { status: 'invalid', fieldErrors: { password: 'accountLocked' }, retryAfter: left } : { status: 'idle' };
}

/**
 * The credentials step: a first-factor exchange of type PASSWORD (INITIAL_AUTHENTICATION on
 * current tenants, its deprecated name PASSWORDLESS_AUTHENTICATION on legacy ones), then the
 * password check (docs/provider-contract.md §2.4, §2.5). User errors come back; everything else
 * is thrown.
 */
export async function checkPassword(args: { requestId: string; email: string; password: string; locale: string }): Promise<PasswordOutcome> {
  try {
    const initiated = await initiateAuthentication({
      type: 'PASSWORD',
      usageType: getConfig().providerApi === 'current' ? 'INITIAL_AUTHENTICATION' : 'PASSWORDLESS_AUTHENTICATION',
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
    if (meaning === 'account-locked') return { kind: 'locked', until: await lockEnd(args.email, details.lockedForSeconds) };
    const userError = credentialsErrorFor(meaning);
    if (!userError) throw error;
    // The provider may say how many wrong passwords are left (U): one left is worth a warning.
    const lastAttempt = meaning === 'wrong-password' && details.remainingAttempts === 1;
    return { kind: 'field-error', ...userError, key: lastAttempt ? 'passwordInvalidLastAttempt' : userError.key };
  }
}
