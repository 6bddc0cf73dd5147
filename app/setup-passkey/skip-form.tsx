'use client';

import { useActionState } from 'react';
import { AutoSubmit } from '@/app/_components/auto-submit';
import { FormError } from '@/app/_components/form-error';
import { SubmitButton } from '@/app/_components/submit-button';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { skipPasskeySetup } from './actions';

/** "Not now": always there, with or without JavaScript, so the suggestion never blocks a sign-in. */
export function SkipForm({
  requestId,
  label,
  pendingLabel,
  hint,
  autoSubmit = false,
  errors,
}: {
  requestId: string;
  label: string;
  pendingLabel: string;
  /** What "Not now" means for later ("We'll ask again at your next sign-in"). */
  hint?: string;
  /** Sent as soon as the page runs (a suggestion this page cannot serve): the button is there without JavaScript. */
  autoSubmit?: boolean;
  errors: Partial<Record<ErrorKey, string>>;
}) {
  const [state, action] = useActionState<FormState<never>, FormData>(skipPasskeySetup, { status: 'idle' });
  return (
    <form id="skip-form" action={action}>
      <input type="hidden" name="requestId" value={requestId} />
      <FormError state={state} errors={errors} />
      {/* A way on beside the methods, drawn as a link (D71): not one more method to choose. */}
      <p className="links">
        <SubmitButton label={label} pendingLabel={pendingLabel} className="link" />
      </p>
      {hint ? <p className="hint">{hint}</p> : null}
      {autoSubmit && state.status === 'idle' ? <AutoSubmit formId="skip-form" /> : null}
    </form>
  );
}
