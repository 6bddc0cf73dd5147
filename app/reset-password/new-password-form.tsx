'use client';

import { useActionState, useState } from 'react';
import { FormTop } from '@/app/_components/form-top';
import { PasswordChecklist } from '@/app/_components/password-checklist';
import { PasswordField } from '@/app/_components/password-field';
import { SubmitButton } from '@/app/_components/submit-button';
import { useFieldRules } from '@/app/_components/use-field-rules';
import type { ErrorKey } from '@/lib/validation/form-state';
import { newPasswordError, repeatPasswordError, type NewPasswordRule } from '@/lib/validation/rules';
import { saveNewPassword, type NewPasswordState } from './actions';

type Props = {
  requestId: string;
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
  /** A refusal the provider named on its way back here (the password_set page's error_code). */
  initialError?: ErrorKey;
};

/** New password and its repeat, each with show/hide, and the live rules checklist. */
export function NewPasswordForm({ requestId, username, labels, errors, initialError }: Props) {
  const [state, action] = useActionState<NewPasswordState, FormData>(
    saveNewPassword,
    initialError ? { status: 'invalid', fieldErrors: { password: initialError } } : { status: 'idle' },
  );
  const rules = useFieldRules(state, {
    password: (value) => newPasswordError(value),
    confirmPassword: (value, values) => repeatPasswordError(values.password ?? '', value),
  });
  // The checklist follows the password as it is typed.
  const [password, setPassword] = useState('');
  const passwordField = rules.field('password');
  const message = (key: ErrorKey | undefined) => (key ? errors[key] : undefined);
  const fieldLabels = (password: string) => ({ password, show: labels.show, hide: labels.hide, capsLock: labels.capsLock });
  return (
    <form action={action} {...rules.formProps}>
      <FormTop requestId={requestId} state={state} summary={rules.summaryItems(errors)} errors={errors} />
      {username ? <input type="text" name="username" autoComplete="username" value={username} readOnly hidden /> : null}
      <PasswordField
        autoComplete="new-password"
        describedBy="password-rules"
        error={message(rules.errorOf('password'))}
        labels={fieldLabels(labels.password)}
        autoFocus={rules.autoFocus('password')}
        registration={{
          ...passwordField,
          onChange: (event) => {
            setPassword(event.target.value);
            passwordField.onChange(event);
          },
        }}
      />
      <PasswordChecklist id="password-rules" value={password} labels={labels.checklist} />
      <PasswordField
        id="confirmPassword"
        autoComplete="new-password"
        error={message(rules.errorOf('confirmPassword'))}
        labels={fieldLabels(labels.repeat)}
        registration={rules.field('confirmPassword')}
        autoFocus={rules.autoFocus('confirmPassword')}
      />
      <div className="actions">
        <SubmitButton label={labels.save} pendingLabel={labels.saving} />
      </div>
    </form>
  );
}
