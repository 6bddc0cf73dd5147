'use client';

import { useActionState } from 'react';
import { FormError } from '@/app/_components/form-error';
import { Identity } from '@/app/_components/identity';
import { SubmitButton } from '@/app/_components/submit-button';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { sendResetLink } from './actions';

/** "Send link" for the flow's e-mail, shown whole above the button. */
export function ResetRequestForm(props: {
  requestId: string;
  purpose: 'forgot' | 'required';
  email: string;
  labels: { email: string; send: string; sending: string };
  errors: Partial<Record<ErrorKey, string>>;
}) {
  const [state, action] = useActionState<FormState<never>, FormData>(sendResetLink, { status: 'idle' });
  return (
    <form action={action}>
      <input type="hidden" name="requestId" value={props.requestId} />
      <input type="hidden" name="purpose" value={props.purpose} />
      <FormError state={state} errors={props.errors} />
      <Identity label={props.labels.email} email={props.email} />
      <div className="actions">
        <SubmitButton label={props.labels.send} pendingLabel={props.labels.sending} />
      </div>
    </form>
  );
}
