'use client';

import { useActionState, type ReactNode } from 'react';
import { AutoSubmit } from '@/app/_components/auto-submit';
import { FormError } from '@/app/_components/form-error';
import { SubmitButton } from '@/app/_components/submit-button';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { startMfa } from './actions';

type Props = {
  requestId: string;
  /** The one option, started at once when JavaScript runs; without it, its button starts it. */
  single?: { type: string; label: string };
  /** Otherwise one button per option (its content: icon, method, destination). */
  options?: Array<{ type: string; label: ReactNode }>;
  autoStart: boolean;
  pendingLabel: string;
  errors: Partial<Record<ErrorKey, string>>;
};

/** Starts the chosen second factor with a POST (a page load never sends a code by itself). */
export function MfaStartForm({ requestId, single, options = [], autoStart, pendingLabel, errors }: Props) {
  const [state, action] = useActionState<FormState<never>, FormData>(startMfa, { status: 'idle' });
  return (
    <form id="mfa-start" action={action} className="options">
      <input type="hidden" name="requestId" value={requestId} />
      <FormError state={state} errors={errors} />
      {single ? (
        <>
          <input type="hidden" name="type" value={single.type} />
          <div className="actions">
            <SubmitButton label={single.label} pendingLabel={pendingLabel} />
          </div>
          {autoStart && state.status === 'idle' ? <AutoSubmit formId="mfa-start" /> : null}
        </>
      ) : (
        <>
          {options.map((option) => (
            <button key={option.type} type="submit" name="type" value={option.type} className="option">
              {option.label}
            </button>
          ))}
          <SubmitButton.Overlay pendingLabel={pendingLabel} />
        </>
      )}
    </form>
  );
}
