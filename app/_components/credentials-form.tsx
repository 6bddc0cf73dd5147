'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { loginPasswordError } from '@/lib/validation/rules';
import type { ErrorKey } from '@/lib/validation/form-state';
import { submitPassword, type CredentialsFormState } from '../login/actions';
import { ErrorSummary } from './error-summary';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { useFieldRules } from './use-field-rules';

type Props = {
  requestId: string;
  email: string;
  changeEmailHref: string;
  labels: {
    email: string;
    changeEmail: string;
    password: string;
    showPassword: string;
    hidePassword: string;
    capsLock: string;
    rememberMe: string;
    cancel: string;
    submit: string;
    pending: string;
  };
  errors: Partial<Record<ErrorKey, string>>;
};

/** Step 2: the password. The e-mail is a read-only username field so password managers save the pair. */
export function CredentialsForm({ requestId, email, changeEmailHref, labels, errors }: Props) {
  const [state, action] = useActionState<CredentialsFormState, FormData>(submitPassword, { status: 'idle' });
  const rules = useFieldRules(state, { password: loginPasswordError });
  const message = (key: ErrorKey | undefined) => (key ? errors[key] : undefined);
  return (
    <form action={action} {...rules.formProps}>
      <ErrorSummary title={errors.summaryTitle ?? ''} items={rules.summaryItems(errors, { email: 'email' })} />
      <input type="hidden" name="requestId" value={requestId} />
      {/* Read-only rather than disabled: still announced and still paired with the password. */}
      <TextField
        id="email"
        name="username"
        type="email"
        label={labels.email}
        autoComplete="username"
        defaultValue={email}
        error={message(rules.errorOf('email'))}
        readOnly
        labelAside={<Link href={changeEmailHref}>{labels.changeEmail}</Link>}
      />
      <PasswordField
        error={message(rules.errorOf('password'))}
        labels={{ password: labels.password, show: labels.showPassword, hide: labels.hidePassword, capsLock: labels.capsLock }}
        registration={rules.field('password')}
      />
      <label className="checkbox">
        <input type="checkbox" name="rememberMe" defaultChecked />
        {labels.rememberMe}
      </label>
      <div className="actions">
        <SubmitButton label={labels.submit} pendingLabel={labels.pending} />
        <Link className="button secondary" href={changeEmailHref}>
          {labels.cancel}
        </Link>
      </div>
    </form>
  );
}
