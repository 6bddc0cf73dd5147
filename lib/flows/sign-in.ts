import 'server-only';
import { isProviderError } from '../provider/errors';
import { checkUserExists } from '../provider/users';
import {
  authenticate,
  getConfiguredMethods,
  initiateAuthentication,
} from '../provider/verification';
import type { ErrorKey } from '../validation/form-state';
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

/** Provider codes that are the person's mistake, and where the form shows them (§8). */
const PASSWORD_USER_ERRORS: Record<string, { field: 'email' | 'password'; key: ErrorKey }> = {
  '3072': { field: 'password', key: 'passwordInvalid' },
  '3074': { field: 'email', key: 'userDeclined' },
};

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
    const { exchangeId } = await initiateAuthentication({
      type: 'PASSWORD',
      usageType: 'PASSWORDLESS_AUTHENTICATION',
      requestId: args.requestId,
      mediumId: 'PASSWORD',
      email: args.email,
      locale: args.locale,
    });
    const { sub, statusId } = await authenticate({
      type: 'PASSWORD',
      exchangeId,
      secret: args.password,
      requestId: args.requestId,
      locale: args.locale,
    });
    return { kind: 'verified', sub, statusId, exchangeId };
  } catch (error) {
    if (isProviderError(error) && error.kind === 'rejected' && error.code !== undefined) {
      const userError = PASSWORD_USER_ERRORS[String(error.code)];
      if (userError) return { kind: 'field-error', ...userError };
    }
    throw error;
  }
}
