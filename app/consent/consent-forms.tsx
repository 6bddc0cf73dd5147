'use client';

import { useActionState } from 'react';
import { FormError } from '@/app/_components/form-error';
import { SubmitButton } from '@/app/_components/submit-button';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { acceptTerms, declineTerms } from './actions';

/** Accept and Decline: two forms, each a plain POST that works with or without JavaScript. */
export function ConsentForms({
  requestId,
  labels,
  errors,
}: {
  requestId: string;
  labels: { accept: string; accepting: string; decline: string; declining: string };
  errors: Partial<Record<ErrorKey, string>>;
}) {
  const [accepted, accept] = useActionState<FormState<never>, FormData>(acceptTerms, { status: 'idle' });
  const [declined, decline] = useActionState<FormState<never>, FormData>(declineTerms, { status: 'idle' });
  return (
    <div className="consent-actions">
      <form action={accept}>
        <input type="hidden" name="requestId" value={requestId} />
        <FormError state={accepted} errors={errors} />
        <div className="actions">
          <SubmitButton label={labels.accept} pendingLabel={labels.accepting} />
        </div>
      </form>
      <form action={decline}>
        <input type="hidden" name="requestId" value={requestId} />
        <FormError state={declined} errors={errors} />
        <div className="actions">
          <SubmitButton label={labels.decline} pendingLabel={labels.declining} className="secondary" />
        </div>
      </form>
    </div>
  );
}
