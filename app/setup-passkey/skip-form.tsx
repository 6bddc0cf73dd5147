'use client';

import { useActionState } from 'react';
import { FormError } from '@/app/_components/form-error';
import { SubmitButton } from '@/app/_components/submit-button';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { skipPasskeySetup } from './actions';

/** "Not now": always there, with or without JavaScript, so the suggestion never blocks a sign-in. */
export function SkipForm({
  requestId,
  label,
  pendingLabel,
  errors,
}: {
  requestId: string;
  label: string;
  pendingLabel: string;
  errors: Partial<Record<ErrorKey, string>>;
}) {
  const [state, action] = useActionState<FormState<never>, FormData>(skipPasskeySetup, { status: 'idle' });
  return (
    <form action={action}>
      <input type="hidden" name="requestId" value={requestId} />
      <FormError state={state} errors={errors} />
      <div className="actions">
        <SubmitButton label={label} pendingLabel={pendingLabel} className="secondary" />
      </div>
    </form>
  );
}
