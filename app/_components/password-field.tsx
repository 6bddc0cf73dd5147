'use client';

import { useState } from 'react';
import { TextField } from './text-field';

type Props = {
  id?: string;
  autoComplete?: 'current-password' | 'new-password';
  /** More ids describing the field (a rules checklist). */
  describedBy?: string;
  error?: string;
  /** Where the cursor starts (useFieldRules' `autoFocus`). */
  autoFocus?: boolean;
  /** The field's name and its change and blur handlers (useFieldRules' `field`). */
  registration: { name: string; onChange: React.ChangeEventHandler<HTMLInputElement>; onBlur: React.FocusEventHandler<HTMLInputElement> };
  labels: { password: string; show: string; hide: string; capsLock: string };
};

/**
 * The password input with a show/hide button inside it (an eye; its name says what it does,
 * "Show password" or "Hide password", and it follows the input in focus order) and a Caps Lock
 * hint. The button needs JavaScript, so it is hidden when scripting is off (the `needs-js` rule
 * in the root layout).
 */
export function PasswordField({ id = 'password', autoComplete = 'current-password', describedBy, error, autoFocus, registration, labels }: Props) {
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
      describedBy={[describedBy, capsLock ? `${id}-caps` : undefined].filter(Boolean).join(' ') || undefined}
      autoFocus={autoFocus}
      onKeyDown={detectCapsLock}
      onKeyUp={detectCapsLock}
      inputAside={
        <button type="button" className="reveal needs-js" aria-controls={id} onClick={() => setVisible((v) => !v)}>
          <EyeIcon crossed={visible} />
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

/** An eye, crossed out while the password is shown (the button then hides it). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}
