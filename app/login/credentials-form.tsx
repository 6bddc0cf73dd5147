'use client';

import Link from 'next/link';
import { useActionState, useCallback, useEffect, useRef, useState } from 'react';
import { useSecondsLeft, waitText } from '@/app/_components/countdown';
import { FormTop } from '@/app/_components/form-top';
import { Identity } from '@/app/_components/identity';
import { PasskeyCeremony } from '@/app/_components/passkey-ceremony';
import { PasswordField } from '@/app/_components/password-field';
import { SubmitButton } from '@/app/_components/submit-button';
import { useFieldRules } from '@/app/_components/use-field-rules';
import type { ErrorKey, FormAction, FormState, PasskeyState } from '@/lib/validation/form-state';
import { loginPasswordError } from '@/lib/validation/rules';
import { verifyPassword, type CredentialsFormState } from './actions';

/** The account's passkey, offered first (docs/features.md "Passkeys"), with the password one step away. */
export type PasskeyOffer = {
  prepare: FormAction<PasskeyState>;
  finish: FormAction<FormState<never>>;
  labels: { start: string; pending: string; otherWay: string; usePassword: string };
  errors: Partial<Record<ErrorKey, string>>;
};

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
  /** The account has a passkey: it leads, and the password form waits behind "Use your password instead". */
  passkey?: PasskeyOffer;
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

/**
 * Step 2: the password, for the account shown above it (with a username field for password
 * managers, see Identity). For an account with a passkey, the passkey is the main action and the
 * password form shows once asked for ("Use your password instead", which then goes) or once the
 * passkey cannot be used here. Without JavaScript there is no passkey and the password form is
 * all there is: it is hidden from the first paint only where scripts run (`behind-passkey`).
 */
export function CredentialsForm({ requestId, locale, email, changeEmailHref, resetHref, cancelHref, initialState, passkey, labels, errors }: Props) {
  const [state, action] = useActionState<CredentialsFormState, FormData>(verifyPassword, initialState ?? { status: 'idle' });
  // Locked after repeated wrong passwords: until the time is up the form says when, Sign in waits,
  // and resetting the password is the way forward. Held back by a limit (D49) it is only a wait:
  // the form's message counts it down and Sign in waits; a forgotten password is not assumed.
  const secondsLeft = useSecondsLeft(state.status === 'invalid' ? state.retryAfter : undefined);
  const locked = secondsLeft > 0 && state.status === 'invalid' && state.fieldErrors.password === 'accountLocked';
  const waiting = secondsLeft > 0 && !locked;
  // While locked the reason stays, even as the person types (a server error otherwise goes once
  // its field is edited).
  // The screen has no description: its heading says it all, and the account is shown in the form.
  const rules = useFieldRules(state, { password: loginPasswordError }, { described: false });
  const passwordError = locked && state.status === 'invalid' ? state.fieldErrors.password : rules.errorOf('password');
  const message = (key: ErrorKey | undefined) => (key ? errors[key] : undefined);

  // The password form is out of sight while the passkey leads: until asked for, or until the
  // passkey turns out unusable here. A lock on arrival is about the password: it shows at once.
  const [passwordShown, setPasswordShown] = useState(initialState?.status === 'invalid');
  const behindPasskey = passkey !== undefined && !passwordShown;
  const focusPassword = useRef(false);
  const showPassword = useCallback((focus: boolean) => {
    focusPassword.current = focus;
    setPasswordShown(true);
  }, []);
  // "Use your password instead" puts the cursor in the field it showed; a passkey that cannot be
  // used does so only where the person is not somewhere already.
  useEffect(() => {
    if (!passwordShown || !focusPassword.current) return;
    focusPassword.current = false;
    document.getElementById('password')?.focus();
  }, [passwordShown]);
  const onUnusable = useCallback(() => {
    const active = document.activeElement;
    showPassword(!active || active === document.body);
  }, [showPassword]);

  return (
    <form action={action} {...rules.formProps}>
      <FormTop requestId={requestId} state={state} summary={rules.summaryItems(errors, { email: 'email' })} errors={errors} />
      <Identity label={labels.email} email={email} error={message(rules.errorOf('email'))} aside={<Link href={changeEmailHref}>{labels.changeEmail}</Link>} />
      {passkey ? (
        <PasskeyCeremony
          requestId={requestId}
          prepare={passkey.prepare}
          finish={passkey.finish}
          // The main action until the password form shows; beside its Sign in after that.
          buttonClass={behindPasskey ? undefined : 'secondary'}
          autoFocus={behindPasskey}
          onUnusable={onUnusable}
          labels={{ start: passkey.labels.start, pending: passkey.labels.pending, otherWay: passkey.labels.otherWay }}
          errors={passkey.errors}
        />
      ) : null}
      {passkey && behindPasskey ? (
        // Needs the page's scripts, as the passkey does: without them the password form shows anyway.
        <p className="links use-password needs-js">
          <button type="button" className="link" onClick={() => showPassword(true)}>
            {passkey.labels.usePassword}
          </button>
        </p>
      ) : null}
      <div className={behindPasskey ? 'password-part behind-passkey' : 'password-part'}>
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
            <SubmitButton label={labels.submit} pendingLabel={labels.pending} heldBack={waiting} />
          )}
        </div>
      </div>
      <p className="links">
        <a href={cancelHref}>{labels.cancel}</a>
      </p>
    </form>
  );
}
