'use client';

import { useActionState } from 'react';
import { SubmitButton } from '@/app/_components/submit-button';
import type { FormState } from '@/lib/validation/form-state';
import { cancelMethodSetup } from './actions';

/** "Choose another method": a form, so it works without JavaScript and drops the set-up on the server. */
export function CancelSetupForm({ requestId, label }: { requestId: string; label: string }) {
  const [, action] = useActionState<FormState<never>, FormData>(cancelMethodSetup, { status: 'idle' });
  return (
    <form action={action}>
      <input type="hidden" name="requestId" value={requestId} />
      <div className="actions">
        <SubmitButton label={label} pendingLabel={label} className="secondary" />
      </div>
    </form>
  );
}
