import type { UserExistence } from '../provider/users';
import type { ConfiguredMethod } from '../provider/verification';
import type { ErrorKey } from '../validation/form-state';

/**
 * What happens after the e-mail step (docs/provider-contract.md §2.2, §2.3). Plain data in, a decision out:
 * no provider calls and no Next here, so every row of the table is a unit test.
 */
export type EmailStepOutcome =
  /** `passkey`: the account has FIDO2 configured (offered on the password screen when PASSKEYS is on). */
  | { kind: 'screen'; path: '/login' | '/require-password-init'; passkey?: true }
  | { kind: 'field-error'; field: 'email'; key: ErrorKey }
  | { kind: 'external'; url: string; loginHint: string }
  | { kind: 'failure'; reason: string };

/**
 * `methods`: the configured list, `unknown-user` where it answered "user not found", null where it
 * was not asked. An answer that names no action is an account only where the list names a method.
 */
export function resolveEmailStep(args: { existence: UserExistence; methods: ConfiguredMethod[] | 'unknown-user' | null; email: string }): EmailStepOutcome {
  const { existence } = args;
  const noAccount: EmailStepOutcome = { kind: 'field-error', field: 'email', key: 'userNotFound' };
  switch (existence.action) {
    case 'unstated':
    case 'login':
      if (args.methods === null) return { kind: 'failure', reason: 'configured list missing' };
      if (args.methods === 'unknown-user') return noAccount;
      if (existence.action === 'unstated' && args.methods.length === 0) return noAccount;
      // A passkey is offered beside the password, never instead of it: an account without a
      // password sets one first (a passkey-only account is not documented for cidaas).
      if (!args.methods.some((m) => m.type === 'PASSWORD')) return { kind: 'screen', path: '/require-password-init' };
      return args.methods.some((m) => m.type === 'FIDO2') ? { kind: 'screen', path: '/login', passkey: true } : { kind: 'screen', path: '/login' };
    case 'register':
      return noAccount;
    case 'redirect':
      return existence.redirectUri
        ? { kind: 'external', url: existence.redirectUri, loginHint: args.email }
        : { kind: 'failure', reason: 'redirect without a provider redirectUri' };
    default:
      return { kind: 'failure', reason: `unknown user-existence action ${existence.value}` };
  }
}
