import type { ReactNode } from 'react';

type Props = {
  label: string;
  /** The address of the sign-in, shown whole (it wraps, however long). */
  email: string;
  /** Beside the label: the way to change the address. */
  aside?: ReactNode;
  /** Something wrong with the account itself (no field to fix). */
  error?: string;
};

/**
 * The account a step is about, on the steps after the e-mail step (password, reset request).
 * It is text, not an input, so a long address wraps instead of being cut off. For password
 * managers the same address is a hidden username field beside it (`autocomplete="username"`),
 * so they store the password with the right account.
 */
export function Identity({ label, email, aside, error }: Props) {
  return (
    <div className="identity">
      <div className="label-row">
        <p className="identity-label" id="email-label">
          {label}
        </p>
        {aside}
      </div>
      <p className="identity-value">{email}</p>
      <input id="email" type="email" name="username" autoComplete="username" value={email} readOnly hidden aria-labelledby="email-label" />
      {error ? (
        <p id="email-error" className="notice" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
