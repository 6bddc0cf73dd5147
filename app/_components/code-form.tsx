'use client';

import { useActionState } from 'react';
import { mfaCodeError } from '@/lib/validation/rules';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { ErrorSummary } from './error-summary';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { useFieldRules } from './use-field-rules';

export type CodeFormState = FormState<'code'>;

type Props = {
  /** The sign-in the page shows; the action checks it against the flow cookie. */
  requestId: string;
  /** The server action that checks the code (second factor, e-mail confirmation). */
  action: (prev: CodeFormState, formData: FormData) => Promise<CodeFormState>;
  labels: { code: string; verify: string; verifying: string };
  errors: Partial<Record<ErrorKey, string>>;
};

/**
 * The 6-digit code: one field, numeric keyboard, one-time-code autofill; a pasted "123 456"
 * counts as 123456. No maxlength, so a pasted code with spaces is never cut short.
 */
export function CodeForm({ requestId, action: check, labels, errors }: Props) {
  const [state, action] = useActionState<CodeFormState, FormData>(check, { status: 'idle' });
  const rules = useFieldRules(state, { code: mfaCodeError });
  const key = rules.errorOf('code');
  return (
    <form action={action} {...rules.formProps}>
      <ErrorSummary title={errors.summaryTitle ?? ''} items={rules.summaryItems(errors)} />
      <input type="hidden" name="requestId" value={requestId} />
      <TextField
        id="code"
        type="text"
        inputMode="numeric"
        pattern="[0-9 ]*"
        className="code-input"
        label={labels.code}
        autoComplete="one-time-code"
        error={key ? errors[key] : undefined}
        {...rules.field('code')}
      />
      <div className="actions">
        <SubmitButton label={labels.verify} pendingLabel={labels.verifying} />
      </div>
    </form>
  );
}
