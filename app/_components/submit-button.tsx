'use client';

import { useFormStatus } from 'react-dom';

/** A submit button that reports the pending state and ignores repeat clicks while submitting. */
export function SubmitButton({ label, pendingLabel }: { label: string; pendingLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <>
      <button
        type="submit"
        aria-disabled={pending}
        onClick={(event) => {
          if (pending) event.preventDefault();
        }}
      >
        {label}
      </button>
      <span className="status" role="status" aria-live="polite">
        {pending ? pendingLabel : ''}
      </span>
    </>
  );
}
