'use client';

import { useActionState, useState } from 'react';
import { FormTop } from '@/app/_components/form-top';
import { PasswordChecklist, type ChecklistLabels } from '@/app/_components/password-checklist';
import { PasswordField } from '@/app/_components/password-field';
import { SubmitButton } from '@/app/_components/submit-button';
import { useFieldRules } from '@/app/_components/use-field-rules';
import { useHydrated } from '@/app/_components/use-hydrated';
import type { ErrorKey } from '@/lib/validation/form-state';
import { CHECKLIST_ERRORS, checkNewPassword, newPasswordError, repeatPasswordError } from '@/lib/validation/rules';
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
    checklist: ChecklistLabels;
  };
  errors: Partial<Record<ErrorKey, string>>;
  /** A refusal the provider named on its way back here (the password_set page's error_code). */
  initialError?: ErrorKey;
};

/**
 * New password and its repeat, each with show/hide, and the rules checklist. The checklist says
 * the rules, and which of them a refused password breaks; a message under the field (and in the
 * error summary) is only for what it cannot show: a breached or reused password, or a refusal of
 * a password it has not seen (the provider's, on the way back from its page).
 */
export function NewPasswordForm({ requestId, username, labels, errors, initialError }: Props) {
  const [state, action] = useActionState<NewPasswordState, FormData>(
    saveNewPassword,
    initialError ? { status: 'invalid', fieldErrors: { password: initialError } } : { status: 'idle' },
  );
  const rules = useFieldRules(state, {
    password: (value) => newPasswordError(value),
    confirmPassword: (value, values) => repeatPasswordError(values.password ?? '', value),
  });
  const live = useHydrated();
  // The checklist follows the password as it is typed; a form the action answered is emptied by React.
  const [password, setPassword] = useState('');
  const passwordField = rules.field('password');
  // Without JavaScript, the server's check of the password it refused; with it, the typing.
  const check = live ? checkNewPassword(password) : state.status === 'invalid' ? state.check : undefined;
  const passwordKey = rules.errorOf('password');
  // Refused by its rules, for the password the checklist shows: said there, and only there. It
  // stays invalid while the password still breaks a rule (the checklist follows the typing).
  const saidByChecklist = passwordKey !== undefined && CHECKLIST_ERRORS.has(passwordKey) && (live ? rules.checkedHere('password') : check !== undefined);
  const stillRefused = saidByChecklist && check !== undefined && (check.unmet.length > 0 || check.forbidden.length > 0);
  const message = (key: ErrorKey | undefined) => (key ? errors[key] : undefined);
  const summary = rules.summaryItems(errors).filter((item) => !(saidByChecklist && item.fieldId === 'password'));
  const fieldLabels = (password: string) => ({ password, show: labels.show, hide: labels.hide, capsLock: labels.capsLock });
  return (
    <form action={action} {...rules.formProps} onReset={() => setPassword('')}>
      <FormTop requestId={requestId} state={state} summary={summary} errors={errors} />
      {username ? <input type="text" name="username" autoComplete="username" value={username} readOnly hidden /> : null}
      <PasswordField
        autoComplete="new-password"
        describedBy="password-rules"
        error={saidByChecklist ? undefined : message(passwordKey)}
        invalid={stillRefused}
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
      <PasswordChecklist id="password-rules" check={check} failed={stillRefused} live={live} labels={labels.checklist} />
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
