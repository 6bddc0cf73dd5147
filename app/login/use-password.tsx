'use client';

/**
 * "Use your password instead", beside the passkey: the password form is on the same screen, so
 * this takes the person to its field (README "Passkeys": the password is always one step away).
 */
export function UsePassword({ label }: { label: string }) {
  return (
    <p className="links">
      <button type="button" className="link" onClick={() => document.getElementById('password')?.focus()}>
        {label}
      </button>
    </p>
  );
}
