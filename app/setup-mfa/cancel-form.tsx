'use client';

import { useActionState } from 'react';
import { SubmitButton } from '@/app/_components/submit-button';
import type { FormState } from '@/lib/validation/form-state';
import { cancelMethodSetup } from './actions';

/**
 * "Choose another method" (or, with a method, "Use another number"): a form, so it works without
 * JavaScript and drops the set-up on the server; drawn as a link, as every way on beside a step's
 * own action is (D71), not as a second button.
 */
export function CancelSetupForm({ requestId, label, method }: { requestId: string; label: string; method?: string }) {
  const [, action] = useActionState<FormState<never>, FormData>(cancelMethodSetup, { status: 'idle' });
  return (
    <form action={action} className="cancel-setup">
      <input type="hidden" name="requestId" value={requestId} />
      {method ? <input type="hidden" name="method" value={method} /> : null}
      <p className="links">
        <SubmitButton label={label} pendingLabel={label} className="link" />
      </p>
    </form>
  );
}
