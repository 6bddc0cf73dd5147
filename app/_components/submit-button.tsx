'use client';

import { useEffect, useState } from 'react';
import { useFormStatus } from 'react-dom';
import { useFormTexts } from './page-texts';

/** After this long a pending submit says it is taking longer than usual. */
const SLOW_MS = 3_000;

/**
 * The form's submit button. While the form is submitting, a second click does nothing (the server
 * also folds identical repeats into one attempt), the pressed button shows a spinner and what is
 * happening in place of its label, and the same is said politely to screen readers; after a few
 * seconds it says the wait is longer than usual.
 */
export function SubmitButton({
  label,
  pendingLabel,
  className,
  heldBack = false,
}: {
  label: string;
  pendingLabel: string;
  className?: string;
  heldBack?: boolean;
}) {
  const { pending } = useFormStatus();
  const status = usePendingText(pending, pendingLabel);
  // Held back (a wait the form counts down): says so on use rather than going dead.
  return (
    <>
      <button
        type="submit"
        className={className}
        aria-disabled={pending || heldBack}
        onClick={(event) => {
          if (pending || heldBack) event.preventDefault();
        }}
      >
        {pending ? (
          <>
            <span className="spinner" aria-hidden="true" />
            <span>{status}</span>
          </>
        ) : (
          label
        )}
      </button>
      <PendingStatus text={pending ? status : ''} />
    </>
  );
}

/** For forms whose submit buttons are their own (option lists): the pending line alone. */
function PendingLine({ pendingLabel }: { pendingLabel: string }) {
  const { pending } = useFormStatus();
  const status = usePendingText(pending, pendingLabel);
  return (
    <p className={pending ? 'pending-line' : 'visually-hidden'} role="status" aria-live="polite">
      {pending ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <span>{status}</span>
        </>
      ) : null}
    </p>
  );
}

SubmitButton.Overlay = PendingLine;

function PendingStatus({ text }: { text: string }) {
  return (
    <span className="visually-hidden" role="status" aria-live="polite">
      {text}
    </span>
  );
}

function usePendingText(pending: boolean, pendingLabel: string): string {
  const { slow: slowLabel } = useFormTexts();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setSlow(true), SLOW_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [pending]);
  return slow && slowLabel ? slowLabel : pendingLabel;
}
