import 'server-only';
import { refusalMeaning } from '../provider/errors';
import { checkUserExists } from '../provider/users';
import {
  authenticate,
  getConfiguredMethods,
  initiateAuthentication,
} from '../provider/verification';
import type { ErrorKey } from '../validation/form-state';
import { credentialsErrorFor } from './error-map';
import { resolveEmailStep, type EmailStepOutcome } from './next-screen';

/** Asks the provider about an e-mail and decides the next screen. */
export async function checkEmail(args: {
  requestId: string;
  email: string;
  locale: string;
}): Promise<EmailStepOutcome> {
  const existence = await checkUserExists({ ...args, rememberMe: true });
  const methods =
    existence.action === 'login' ? await getConfiguredMethods(args) : null;
  return resolveEmailStep({ existence, methods, email: args.email });
}

export type PasswordOutcome =
  | { kind: 'verified'; sub: string; statusId: string; exchangeId: string }
  | { kind: 'field-error'; field: 'email' | 'password'; key: ErrorKey };

/**
 * The credentials step: a PASSWORDLESS_AUTHENTICATION exchange of type PASSWORD, then the password
 * check (product-spec.md §4 "Credentials"). User errors come back; everything else is thrown.
 */
export async function verifyPassword(args: {
  requestId: string;
  email: string;
  password: string;
  locale: string;
}): Promise<PasswordOutcome> {
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
    const userError = credentialsErrorFor(refusalMeaning(error));
    if (userError) return { kind: 'field-error', ...userError };
    throw error;
  }
}
