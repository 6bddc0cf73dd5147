'use client';

import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field';

type Props = {
  error?: string;
  registration: UseFormRegisterReturn<'password'>;
  labels: { password: string; show: string; hide: string; capsLock: string };
};

/**
 * The password input with a show/hide toggle and a Caps Lock hint. The toggle needs JavaScript,
 * so it is hidden when scripting is off (the `needs-js` rule in the root layout).
 */
export function PasswordField({ error, registration, labels }: Props) {
  const [visible, setVisible] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const detectCapsLock = (event: React.KeyboardEvent<HTMLInputElement>) =>
    setCapsLock(event.getModifierState?.('CapsLock') ?? false);
  return (
    <TextField
      id="password"
      type={visible ? 'text' : 'password'}
      label={labels.password}
      autoComplete="current-password"
      error={error}
      describedBy={capsLock ? 'password-caps' : undefined}
      onKeyDown={detectCapsLock}
      onKeyUp={detectCapsLock}
      autoFocus
      labelAside={
        <button
          type="button"
          className="link needs-js"
          aria-controls="password"
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? labels.hide : labels.show}
        </button>
      }
      {...registration}
    >
      <p id="password-caps" className="hint" role="status" aria-live="polite">
        {capsLock ? labels.capsLock : ''}
      </p>
    </TextField>
  );
}
