'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { useSecondsLeft, waitText } from '@/app/_components/countdown';
import { FormTop } from '@/app/_components/form-top';
import { Identity } from '@/app/_components/identity';
import { PasswordField } from '@/app/_components/password-field';
import { SubmitButton } from '@/app/_components/submit-button';
import { useFieldRules } from '@/app/_components/use-field-rules';
import type { ErrorKey } from '@/lib/validation/form-state';
import { loginPasswordError } from '@/lib/validation/rules';
import { verifyPassword, type CredentialsFormState } from './actions';

type Props = {
  requestId: string;
  /** The page's language, for the lock's time in words. */
  locale: string;
  email: string;
  changeEmailHref: string;
  resetHref: string;
  /** Leaves the sign-in (the tenant's login for this request), as Cancel does on every screen. */
  cancelHref: string;
  /** The form's state on arrival (the account was locked on an earlier attempt). */
  initialState?: CredentialsFormState;
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
    forgotPassword: string;
    resetPassword: string;
    /** "{time}" is replaced by the time left in words ("5 minutes"). */
    lockedFor: string;
  };
  errors: Partial<Record<ErrorKey, string>>;
};

/** Step 2: the password, for the account shown above it (with a username field for password managers, see Identity). */
export function CredentialsForm({ requestId, locale, email, changeEmailHref, resetHref, cancelHref, initialState, labels, errors }: Props) {
  const [state, action] = useActionState<CredentialsFormState, FormData>(verifyPassword, initialState ?? { status: 'idle' });
  // Locked after repeated wrong passwords (or held back by a limit): until the time is up the
  // form says when, Sign in waits, and resetting the password is the way forward.
  const secondsLeft = useSecondsLeft(state.status === 'invalid' ? state.retryAfter : undefined);
  const locked = secondsLeft > 0;
  // While locked the reason stays, even as the person types (a server error otherwise goes once
  // its field is edited).
  // The screen has no description: its heading says it all, and the account is shown in the form.
  const rules = useFieldRules(state, { password: loginPasswordError }, { described: false });
  const passwordError = locked && state.status === 'invalid' ? state.fieldErrors.password : rules.errorOf('password');
  const message = (key: ErrorKey | undefined) => (key ? errors[key] : undefined);
  return (
    <form action={action} {...rules.formProps}>
      <FormTop requestId={requestId} state={state} summary={rules.summaryItems(errors, { email: 'email' })} errors={errors} />
      <Identity label={labels.email} email={email} error={message(rules.errorOf('email'))} aside={<Link href={changeEmailHref}>{labels.changeEmail}</Link>} />
      <PasswordField
        error={message(passwordError)}
        describedBy={locked ? 'password-locked' : undefined}
        labels={{ password: labels.password, show: labels.showPassword, hide: labels.hidePassword, capsLock: labels.capsLock }}
        registration={rules.field('password')}
        autoFocus={rules.autoFocus('password')}
      />
      {locked ? (
        <p id="password-locked" className="hint">
          {labels.lockedFor.replace('{time}', waitText(secondsLeft, locale))}
        </p>
      ) : (
        // Right under the field it is about, where a person who does not know the password looks.
        <p className="field-link">
          <a href={resetHref}>{labels.forgotPassword}</a>
        </p>
      )}
      <label className="checkbox">
        <input type="checkbox" name="rememberMe" defaultChecked />
        {labels.rememberMe}
      </label>
      <div className="actions">
        {locked ? (
          <>
            <a className="button" href={resetHref}>
              {labels.resetPassword}
            </a>
            <button type="submit" className="secondary" aria-disabled onClick={(event) => event.preventDefault()}>
              {labels.submit}
            </button>
          </>
        ) : (
          <SubmitButton label={labels.submit} pendingLabel={labels.pending} />
        )}
      </div>
      <p className="links">
        <a href={cancelHref}>{labels.cancel}</a>
      </p>
    </form>
  );
}
