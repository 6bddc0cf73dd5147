'use client';

import { useActionState } from 'react';
import { submitPassword, type CredentialsFormState } from '../login/actions';
import type { ErrorKey } from '@/lib/validation/form-state';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { useFocusFirstError } from './use-focus-first-error';

type Props = {
  email: string;
  labels: { email: string; password: string; rememberMe: string; submit: string; pending: string };
  errors: Partial<Record<ErrorKey, string>>;
};

export function CredentialsForm({ email, labels, errors }: Props) {
  const [state, action] = useActionState<CredentialsFormState, FormData>(submitPassword, {
    status: 'idle',
  });
  const formRef = useFocusFirstError(state);
  const fieldErrors = state.status === 'invalid' ? state.fieldErrors : {};
  const message = (key: ErrorKey | undefined) => (key ? errors[key] : undefined);
  return (
    <form ref={formRef} action={action} noValidate>
      {/* Read-only rather than disabled: still announced, and password managers pair it with the password. */}
      <TextField
        id="email"
        name="username"
        type="email"
        label={labels.email}
        autoComplete="username"
        defaultValue={email}
        error={message(fieldErrors.email)}
        readOnly
      />
      <TextField
        id="password"
        name="password"
        type="password"
        label={labels.password}
        autoComplete="current-password"
        error={message(fieldErrors.password)}
        autoFocus
      />
      <label className="checkbox">
        <input type="checkbox" name="rememberMe" defaultChecked />
        {labels.rememberMe}
      </label>
      <div className="actions">
        <SubmitButton label={labels.submit} pendingLabel={labels.pending} />
      </div>
    </form>
  );
}
