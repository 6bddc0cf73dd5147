'use client';

import { useFormStatus } from 'react-dom';

/**
 * The form's submit button and its loading overlay. While the form is submitting, a second click
 * does nothing (the server also folds identical repeats into one attempt), and the overlay says
 * what is happening, announced politely to screen readers.
 */
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
      <PendingOverlay pendingLabel={pendingLabel} />
    </>
  );
}

/** The loading overlay alone, for forms whose submit buttons are their own (option lists). */
function PendingOverlay({ pendingLabel }: { pendingLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <div role="status" aria-live="polite" className={pending ? 'overlay' : 'visually-hidden'}>
      {pending ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <span>{pendingLabel}</span>
        </>
      ) : null}
    </div>
  );
}

SubmitButton.Overlay = PendingOverlay;
