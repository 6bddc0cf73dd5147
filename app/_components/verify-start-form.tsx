'use client';

import { useActionState } from 'react';
import { startVerification } from '../verify-email/actions';
import { AutoSubmit } from './auto-submit';
import { SubmitButton } from './submit-button';

/** Sends the confirmation link at once with JavaScript; a button without it. */
export function VerifyStartForm({ requestId, labels }: { requestId: string; labels: { send: string; sending: string } }) {
  const [, action] = useActionState(startVerification, { status: 'idle' });
  return (
    <form id="verify-start" action={action}>
      <input type="hidden" name="requestId" value={requestId} />
      <div className="actions">
        <SubmitButton label={labels.send} pendingLabel={labels.sending} />
      </div>
      <AutoSubmit formId="verify-start" />
    </form>
  );
}
