'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { useForm } from 'react-hook-form';
import { loginPasswordError } from '@/lib/validation/rules';
import type { ErrorKey } from '@/lib/validation/form-state';
import { submitPassword, type CredentialsFormState } from '../login/actions';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { blockInvalidSubmit, useFormErrors, whileEditing } from './use-form-errors';

type Props = {
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
export function CredentialsForm({ email, changeEmailHref, labels, errors }: Props) {
  const [state, action] = useActionState<CredentialsFormState, FormData>(submitPassword, { status: 'idle' });
  const form = useForm<{ email: string; password: string }>({ mode: 'onTouched' });
  const { formRef, errorOf, clearServerError } = useFormErrors(state, form);
  const message = (key: ErrorKey | undefined) => (key ? errors[key] : undefined);
  return (
    <form
      ref={formRef}
      action={action}
      noValidate
      onSubmit={(event) => blockInvalidSubmit(event, form, { password: loginPasswordError })}
    >
      {/* Read-only rather than disabled: still announced and still paired with the password. */}
      <TextField
        id="email"
        name="username"
        type="email"
        label={labels.email}
        autoComplete="username"
        defaultValue={email}
        error={message(errorOf('email'))}
        readOnly
        labelAside={<Link href={changeEmailHref}>{labels.changeEmail}</Link>}
      />
      <PasswordField
        error={message(errorOf('password'))}
        labels={{ password: labels.password, show: labels.showPassword, hide: labels.hidePassword, capsLock: labels.capsLock }}
        registration={form.register('password', {
          validate: whileEditing(loginPasswordError),
          onChange: () => clearServerError('password'),
        })}
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
