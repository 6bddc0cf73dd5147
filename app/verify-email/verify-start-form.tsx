'use client';

import { useActionState } from 'react';
import { AutoSubmit } from '@/app/_components/auto-submit';
import { FormError } from '@/app/_components/form-error';
import { SubmitButton } from '@/app/_components/submit-button';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { startVerification } from './actions';

/** Sends the confirmation link at once with JavaScript; a button without it. */
type Props = { requestId: string; labels: { send: string; sending: string }; errors: Partial<Record<ErrorKey, string>> };

export function VerifyStartForm({ requestId, labels, errors }: Props) {
  const [state, action] = useActionState<FormState<never>, FormData>(startVerification, { status: 'idle' });
  return (
    <form id="verify-start" action={action}>
      <input type="hidden" name="requestId" value={requestId} />
      <FormError state={state} errors={errors} />
      <div className="actions">
        <SubmitButton label={labels.send} pendingLabel={labels.sending} />
      </div>
      {state.status === 'idle' ? <AutoSubmit formId="verify-start" /> : null}
    </form>
  );
}
