'use client';

import { useActionState } from 'react';
import { submitEmail, type EmailFormState } from '../actions';
import type { ErrorKey } from '@/lib/validation/form-state';
import { useFocusFirstError } from './use-focus-first-error';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

type Props = {
  requestId: string;
  defaultEmail?: string;
  labels: { email: string; submit: string; pending: string };
  errors: Partial<Record<ErrorKey, string>>;
};

export function EmailForm({ requestId, defaultEmail, labels, errors }: Props) {
  const [state, action] = useActionState<EmailFormState, FormData>(submitEmail, { status: 'idle' });
  const formRef = useFocusFirstError(state);
  const fieldError = state.status === 'invalid' ? state.fieldErrors.email : undefined;
  return (
    <form ref={formRef} action={action} noValidate>
      <input type="hidden" name="requestId" value={requestId} />
      <TextField
        id="email"
        name="email"
        type="email"
        label={labels.email}
        autoComplete="username"
        defaultValue={state.status === 'invalid' ? state.values?.email : defaultEmail}
        error={fieldError ? errors[fieldError] : undefined}
        autoFocus
      />
      <div className="actions">
        <SubmitButton label={labels.submit} pendingLabel={labels.pending} />
      </div>
    </form>
  );
}
