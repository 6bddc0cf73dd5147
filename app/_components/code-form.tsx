'use client';

import { useActionState, useEffect } from 'react';
import type { CodeFormState, ErrorKey, FormAction } from '@/lib/validation/form-state';
import { backupCodeError, mfaCodeError } from '@/lib/validation/rules';
import { FormTop } from './form-top';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { useFieldRules } from './use-field-rules';

type Props = {
  /** The sign-in the page shows; the action checks it against the flow cookie. */
  requestId: string;
  /** The server action that checks the code (second factor, e-mail confirmation). */
  action: FormAction<CodeFormState>;
  labels: { code: string; verify: string; verifying: string };
  errors: Partial<Record<ErrorKey, string>>;
  /** False when the page answers another form's post (a resend pressed too early). */
  focusFirst?: boolean;
  /** A notice on the page the field is described by (a new code was sent), read on arrival there. */
  describedBy?: string;
  /** A backup code (typed from the person's list, 6 to 16 digits in groups) rather than a 6-digit code sent or shown. */
  backup?: boolean;
};

/**
 * The 6-digit code: one field, numeric keyboard, one-time-code autofill; a pasted "123 456"
 * counts as 123456. No maxlength, so a pasted code with spaces is never cut short. A backup code
 * has its own rule and no one-time-code autofill (it comes from the person's list, not a message).
 */
export function CodeForm({ requestId, action: check, labels, errors, focusFirst = true, describedBy, backup = false }: Props) {
  const [state, action] = useActionState<CodeFormState, FormData>(check, { status: 'idle' });
  const rules = useFieldRules(state, { code: backup ? backupCodeError : mfaCodeError }, { focusFirst });
  const key = rules.errorOf('code');
  usePastedCode('code');
  return (
    <form action={action} {...rules.formProps}>
      <FormTop requestId={requestId} state={state} summary={rules.summaryItems(errors)} errors={errors} />
      <TextField
        id="code"
        type="text"
        inputMode="numeric"
        pattern="[0-9 \-]*"
        className="code-input"
        label={labels.code}
        autoComplete={backup ? 'off' : 'one-time-code'}
        error={key ? errors[key] : undefined}
        autoFocus={rules.autoFocus('code')}
        describedBy={describedBy}
        defaultValue={state.status === 'invalid' ? state.values?.code : undefined}
        {...rules.field('code')}
      />
      <div className="actions">
        <SubmitButton label={labels.verify} pendingLabel={labels.verifying} />
      </div>
    </form>
  );
}

/**
 * A code pasted while focus is elsewhere on the screen (the heading, a link) goes into the code
 * field: people copy the code from their mail and paste without aiming first.
 */
function usePastedCode(fieldId: string) {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable]')) return;
      const text = event.clipboardData?.getData('text') ?? '';
      if (!/^\s*\d(?:[\d\s-]{0,10})\d\s*$/.test(text)) return;
      const field = document.getElementById(fieldId);
      if (!(field instanceof HTMLInputElement)) return;
      event.preventDefault();
      field.focus();
      // The native setter, so React (and react-hook-form) see an ordinary input.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text.replace(/[\s-]/g, ''));
      field.dispatchEvent(new Event('input', { bubbles: true }));
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [fieldId]);
}
