'use client';

import { useActionState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { newPasswordError, repeatPasswordError, type NewPasswordRule } from '@/lib/validation/rules';
import type { ErrorKey } from '@/lib/validation/form-state';
import { saveNewPassword, type NewPasswordState } from '../reset-password-init/actions';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';
import { blockInvalidSubmit, useFormErrors, whileEditing } from './use-form-errors';

type Props = {
  /** The account's e-mail when known, so password managers store the new password for it. */
  username?: string;
  labels: {
    password: string;
    repeat: string;
    show: string;
    hide: string;
    capsLock: string;
    save: string;
    saving: string;
    checklist: { title: string; met: string; notMet: string; rules: Record<NewPasswordRule, string> };
  };
  errors: Partial<Record<ErrorKey, string>>;
};

/** New password and its repeat, each with show/hide, and the live rules checklist. */
export function NewPasswordForm({ username, labels, errors }: Props) {
  const [state, action] = useActionState<NewPasswordState, FormData>(saveNewPassword, { status: 'idle' });
  const form = useForm<{ password: string; confirmPassword: string }>({ mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' } });
  const { formRef, errorOf, clearServerError } = useFormErrors(state, form);
  const password = useWatch({ control: form.control, name: 'password' });
  const message = (key: ErrorKey | undefined) => (key ? errors[key] : undefined);
  const repeatRule = (value: string) => repeatPasswordError(form.getValues('password'), value);
  return (
    <form
      ref={formRef}
      action={action}
      noValidate
      onSubmit={(event) => blockInvalidSubmit(event, form, { password: newPasswordError, confirmPassword: repeatRule })}
    >
      {username ? <input type="text" name="username" autoComplete="username" value={username} readOnly hidden /> : null}
      <PasswordField
        autoComplete="new-password"
        describedBy="password-rules"
        error={message(errorOf('password'))}
        labels={{ password: labels.password, show: labels.show, hide: labels.hide, capsLock: labels.capsLock }}
        registration={form.register('password', { validate: whileEditing(newPasswordError), onChange: () => clearServerError('password') })}
      />
      <PasswordChecklist id="password-rules" value={password ?? ''} labels={labels.checklist} />
      <PasswordField
        id="confirmPassword"
        autoComplete="new-password"
        autoFocus={false}
        error={message(errorOf('confirmPassword'))}
        labels={{ password: labels.repeat, show: labels.show, hide: labels.hide, capsLock: labels.capsLock }}
        registration={form.register('confirmPassword', { validate: whileEditing(repeatRule), onChange: () => clearServerError('confirmPassword') })}
      />
      <div className="actions">
        <SubmitButton label={labels.save} pendingLabel={labels.saving} />
      </div>
    </form>
  );
}
