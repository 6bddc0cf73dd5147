'use client';

import { useState } from 'react';
import { TextField } from './text-field';

type Props = {
  id?: string;
  autoComplete?: 'current-password' | 'new-password';
  /** More ids describing the field (a rules checklist). */
  describedBy?: string;
  error?: string;
  /** Invalid, with the reason in what describes it (`describedBy`) rather than in an error under it. */
  invalid?: boolean;
  /** Where the cursor starts (useFieldRules' `autoFocus`). */
  autoFocus?: boolean;
  /** The field's name and its change and blur handlers (useFieldRules' `field`). */
  registration: { name: string; onChange: React.ChangeEventHandler<HTMLInputElement>; onBlur: React.FocusEventHandler<HTMLInputElement> };
  labels: { password: React.ReactNode; show: string; hide: string; capsLock: string };
};

/**
 * The password input with a show/hide button inside it (an eye; its name says what it does,
 * "Show password" or "Hide password", and it follows the input in focus order) and a Caps Lock
 * hint. The button needs JavaScript, so it is hidden when scripting is off (the style sheet's
 * `needs-js` rule).
 */
export function PasswordField({ id = 'password', autoComplete = 'current-password', describedBy, error, invalid, autoFocus, registration, labels }: Props) {
  const [visible, setVisible] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const detectCapsLock = (event: React.KeyboardEvent<HTMLInputElement>) => setCapsLock(event.getModifierState?.('CapsLock') ?? false);
  return (
    <TextField
      id={id}
      type={visible ? 'text' : 'password'}
      label={labels.password}
      autoComplete={autoComplete}
      error={error}
      invalid={invalid}
      describedBy={[describedBy, capsLock ? `${id}-caps` : undefined].filter(Boolean).join(' ') || undefined}
      autoFocus={autoFocus}
      onKeyDown={detectCapsLock}
      onKeyUp={detectCapsLock}
      inputAside={
        // The eye is drawn by the style sheet (`.reveal`), crossed out while the password shows.
        <button type="button" className={visible ? 'reveal shown needs-js' : 'reveal needs-js'} aria-controls={id} onClick={() => setVisible((v) => !v)}>
          <span className="visually-hidden">{visible ? labels.hide : labels.show}</span>
        </button>
      }
      {...registration}
    >
      <p id={`${id}-caps`} className="hint caps" role="status" aria-live="polite">
        {capsLock ? labels.capsLock : ''}
      </p>
    </TextField>
  );
}
