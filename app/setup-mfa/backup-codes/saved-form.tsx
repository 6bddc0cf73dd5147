'use client';

import { useActionState, useEffect, useRef } from 'react';
import { FormError } from '@/app/_components/form-error';
import { SubmitButton } from '@/app/_components/submit-button';
import { FieldError } from '@/app/register/choice-fields';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { confirmCodesSaved } from './actions';

/**
 * "I have saved these codes" and "Finish set-up": the box must be ticked (the server says so when
 * it is not; no script needed), and its error is read with it and takes focus.
 */
export function SavedForm({
  requestId,
  labels,
  errors,
}: {
  requestId: string;
  labels: { saved: string; finish: string; finishing: string };
  errors: Partial<Record<ErrorKey, string>>;
}) {
  const [state, action] = useActionState<FormState<'saved'>, FormData>(confirmCodesSaved, { status: 'idle' });
  const key = state.status === 'invalid' ? state.fieldErrors.saved : undefined;
  const error = key ? (errors[key] ?? key) : undefined;
  // A refused Finish answered in place (with scripts) keeps focus on the button: the box it is about gets it.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state.status === 'invalid' && state.fieldErrors.saved) box.current?.focus();
  }, [state]);
  return (
    <form action={action} noValidate>
      <FormError state={state} errors={errors} />
      <input type="hidden" name="requestId" value={requestId} />
      <div className="field">
        <label className="checkbox">
          <input
            ref={box}
            type="checkbox"
            id="saved"
            name="saved"
            autoFocus={error !== undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'saved-error' : undefined}
          />
          <span>{labels.saved}</span>
        </label>
        <FieldError id="saved" error={error} />
      </div>
      <div className="actions">
        <SubmitButton label={labels.finish} pendingLabel={labels.finishing} />
      </div>
    </form>
  );
}
