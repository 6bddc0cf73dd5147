'use client';

import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { ErrorSummary } from './error-summary';
import { FormError } from './form-error';

type Props = {
  /** The sign-in the page shows; the action checks it against the flow cookie. */
  requestId: string;
  state: FormState<string>;
  /** The field errors, in the order of the fields (useFieldRules' summaryItems). */
  summary: Array<{ fieldId: string; message: string }>;
  errors: Partial<Record<ErrorKey, string>>;
  /** The fewest errors the summary lists (ErrorSummary's `minimum`). */
  summaryMinimum?: number;
};

/**
 * What opens every form with fields, in this order: the error summary, the request id, and the
 * message about the form as a whole.
 */
export function FormTop({ requestId, state, summary, errors, summaryMinimum }: Props) {
  return (
    <>
      <ErrorSummary title={errors.summaryTitle ?? ''} items={summary} minimum={summaryMinimum} />
      <input type="hidden" name="requestId" value={requestId} />
      <FormError state={state} errors={errors} />
    </>
  );
}
