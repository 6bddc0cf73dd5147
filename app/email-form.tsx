'use client';

import { useActionState, type ReactNode } from 'react';
import { useSecondsLeft } from '@/app/_components/countdown';
import { FormTop } from '@/app/_components/form-top';
import { SubmitButton } from '@/app/_components/submit-button';
import { TextField } from '@/app/_components/text-field';
import { useFieldRules } from '@/app/_components/use-field-rules';
import type { ErrorKey } from '@/lib/validation/form-state';
import { emailError } from '@/lib/validation/rules';
import { submitEmail, type EmailFormState } from './email-actions';

type Props = {
  requestId: string;
  defaultEmail?: string;
  labels: { email: string; submit: string; pending: string };
  errors: Partial<Record<ErrorKey, string>>;
  /** "No account for this address", with "register" as the link to the form (where registration is open). */
  userNotFound?: ReactNode;
};

/** Step 1: the e-mail address. Posts natively (works without JavaScript); checks instantly with it. */
export function EmailForm({ requestId, defaultEmail, labels, errors, userNotFound }: Props) {
  const [state, action] = useActionState<EmailFormState, FormData>(submitEmail, { status: 'idle' });
  const email = (state.status === 'invalid' ? state.values?.email : undefined) ?? defaultEmail ?? '';
  const rules = useFieldRules(state, { email: emailError });
  const errorKey = rules.errorOf('email');
  // Over the step's limit: Next waits for the countdown the form's message shows.
  const waiting = state.status === 'invalid' && (state.formError === 'attemptsWait' || state.formError === 'networkAttemptsWait');
  const waitLeft = useSecondsLeft(waiting ? state.retryAfter : undefined);
  return (
    <form action={action} {...rules.formProps}>
      <FormTop requestId={requestId} state={state} summary={rules.summaryItems(errors)} errors={errors} />
      <TextField
        id="email"
        type="email"
        inputMode="email"
        label={labels.email}
        autoComplete="username"
        defaultValue={email}
        error={errorKey === 'userNotFound' && userNotFound ? userNotFound : errorKey ? errors[errorKey] : undefined}
        autoFocus={rules.autoFocus('email')}
        {...rules.field('email')}
      />
      <div className="actions">
        <SubmitButton label={labels.submit} pendingLabel={labels.pending} heldBack={waitLeft > 0} />
      </div>
    </form>
  );
}
