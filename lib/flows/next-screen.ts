import type { UserExistence } from '../provider/users';
import type { ConfiguredMethod } from '../provider/verification';
import type { ErrorKey } from '../validation/form-state';

/**
 * What happens after the e-mail step (docs/provider-contract.md §2.2, §2.3). Plain data in, a decision out:
 * no provider calls and no Next here, so every row of the table is a unit test.
 */
export type EmailStepOutcome =
  | { kind: 'screen'; path: '/login' | '/require-password-init' }
  | { kind: 'field-error'; field: 'email'; key: ErrorKey }
  | { kind: 'external'; url: string; loginHint: string }
  | { kind: 'failure'; reason: string };

export function resolveEmailStep(args: { existence: UserExistence; methods: ConfiguredMethod[] | null; email: string }): EmailStepOutcome {
  const { existence } = args;
  switch (existence.action) {
    case 'login':
      if (args.methods === null) return { kind: 'failure', reason: 'configured list missing' };
      return args.methods.some((m) => m.type === 'PASSWORD') ? { kind: 'screen', path: '/login' } : { kind: 'screen', path: '/require-password-init' };
    case 'register':
      return { kind: 'field-error', field: 'email', key: 'userNotFound' };
    case 'redirect':
      return existence.redirectUri
        ? { kind: 'external', url: existence.redirectUri, loginHint: args.email }
        : { kind: 'failure', reason: 'redirect without a provider redirectUri' };
    default:
      return { kind: 'failure', reason: `unknown user-existence action ${existence.value}` };
  }
}
