'use client';

import { useActionState } from 'react';
import { SubmitButton } from '@/app/_components/submit-button';
import type { FormState } from '@/lib/validation/form-state';
import { planAnotherMethod } from './actions';

/** "Set up another method": a plain form post (no script needed) that remembers the wish on the server. */
export function AddMethodForm({ requestId, back, label }: { requestId: string; back: string; label: string }) {
  const [, action] = useActionState<FormState<never>, FormData>(planAnotherMethod, { status: 'idle' });
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="back" value={back} />
      <SubmitButton label={label} pendingLabel={label} className="link" />
    </form>
  );
}
