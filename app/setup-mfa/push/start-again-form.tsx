'use client';

import { useActionState } from 'react';
import { FormError } from '@/app/_components/form-error';
import { SubmitButton } from '@/app/_components/submit-button';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { startMethodSetup } from '../actions';

/** "Start again" after a pairing ended: a new set-up (a new QR code and number), a plain form post. */
export function StartAgainForm({
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
  const [state, action] = useActionState<FormState<never>, FormData>(startMethodSetup, { status: 'idle' });
  return (
    <form action={action}>
      <FormError state={state} errors={errors} />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="method" value="PUSH" />
      <div className="actions">
        <SubmitButton label={label} pendingLabel={pendingLabel} />
      </div>
    </form>
  );
}
