'use client';

import { useActionState } from 'react';
import { useForm } from 'react-hook-form';
import { emailError } from '@/lib/validation/rules';
import type { ErrorKey } from '@/lib/validation/form-state';
import { submitEmail, type EmailFormState } from '../actions';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { blockInvalidSubmit, useFormErrors, whileEditing } from './use-form-errors';

type Props = {
  requestId: string;
  defaultEmail?: string;
  labels: { email: string; submit: string; pending: string };
  errors: Partial<Record<ErrorKey, string>>;
};

/** Step 1: the e-mail address. Posts natively (works without JavaScript); checks instantly with it. */
export function EmailForm({ requestId, defaultEmail, labels, errors }: Props) {
  const [state, action] = useActionState<EmailFormState, FormData>(submitEmail, { status: 'idle' });
  const email = (state.status === 'invalid' ? state.values?.email : undefined) ?? defaultEmail ?? '';
  const form = useForm<{ email: string }>({ mode: 'onTouched', defaultValues: { email } });
  const { formRef, errorOf, clearServerError } = useFormErrors(state, form);
  const errorKey = errorOf('email');
  return (
    <form
      ref={formRef}
      action={action}
      noValidate
      onSubmit={(event) => blockInvalidSubmit(event, form, { email: emailError })}
    >
      <input type="hidden" name="requestId" value={requestId} />
      <TextField
        id="email"
        type="email"
        inputMode="email"
        label={labels.email}
        autoComplete="username"
        defaultValue={email}
        error={errorKey ? errors[errorKey] : undefined}
        autoFocus
        {...form.register('email', {
          validate: whileEditing(emailError),
          onChange: () => clearServerError('email'),
        })}
      />
      <div className="actions">
        <SubmitButton label={labels.submit} pendingLabel={labels.pending} />
      </div>
    </form>
  );
}
