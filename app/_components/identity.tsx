import { Fragment, type ReactNode } from 'react';

type Props = {
  label: string;
  /** The address of the sign-in, shown whole (it wraps, however long: before its @ and its dots first). */
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
      <p className="identity-value">{breakableAddress(email)}</p>
      <input id="email" type="email" name="username" autoComplete="username" value={email} readOnly hidden aria-labelledby="email-label" />
      {error ? (
        <p id="email-error" className="notice" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An address with its line-break opportunities where a reader expects them (as a URL is broken):
 * before the @ and before each dot, so a long address wraps as "…@example" / ".com", never inside
 * a name ("…@example.co" / "m"). Text content and copy-and-paste are unchanged (<wbr> has no text);
 * only a part longer than the line still breaks where it must (`.identity-value`, app/globals.css).
 */
export function breakableAddress(email: string): ReactNode {
  const parts = email.split(/(?=[@.])/);
  if (parts.length === 1) return email;
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
