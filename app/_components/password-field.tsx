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
 * The password input with a show/hide toggle and a Caps Lock hint. The toggle needs JavaScript,
 * so it is hidden when scripting is off (the `needs-js` rule in the root layout).
 */
export function PasswordField({
  id = 'password',
  autoComplete = 'current-password',
  describedBy,
  error,
  autoFocus,
  registration,
  labels,
}: Props) {
  const [visible, setVisible] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const detectCapsLock = (event: React.KeyboardEvent<HTMLInputElement>) =>
    setCapsLock(event.getModifierState?.('CapsLock') ?? false);
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
      labelAside={
        <button
          type="button"
          className="link needs-js"
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? labels.hide : labels.show}
        </button>
      }
      {...registration}
    >
      <p id={`${id}-caps`} className="hint" role="status" aria-live="polite">
        {capsLock ? labels.capsLock : ''}
      </p>
    </TextField>
  );
}
