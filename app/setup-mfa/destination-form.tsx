'use client';

import { useActionState, useEffect } from 'react';
import { FormTop } from '@/app/_components/form-top';
import { PhoneField, type PhoneChoices } from '@/app/_components/phone-field';
import { SubmitButton } from '@/app/_components/submit-button';
import { TextField } from '@/app/_components/text-field';
import { useFieldRules } from '@/app/_components/use-field-rules';
import type { ErrorKey } from '@/lib/validation/form-state';
import { emailError } from '@/lib/validation/rules';
import { sendSetupCode, type DestinationState } from './actions';

type Labels = { field: string; country: string; hint: string; send: string; sending: string };

/**
 * Where the first code of a text message or an e-mail set-up goes: the mobile number with its
 * country (judged on the server by the numbering plans), or the address (the account's filled in).
 */
export function DestinationForm({
  requestId,
  method,
  phone,
  defaultEmail,
  initial,
  labels,
  errors,
}: {
  requestId: string;
  method: 'SMS' | 'EMAIL';
  phone?: PhoneChoices;
  defaultEmail?: string;
  /** What was given last, after "Use another number/address": filled in and selected, to correct. */
  initial?: Record<string, string>;
  labels: Labels;
  errors: Partial<Record<ErrorKey, string>>;
}) {
  const [state, action] = useActionState<DestinationState, FormData>(sendSetupCode, { status: 'idle' });
  const rules = useFieldRules<'mobile_number' | 'email'>(state, method === 'EMAIL' ? { email: emailError } : { mobile_number: () => undefined });
  const values = state.status === 'invalid' ? (state.values as Record<string, string> | undefined) : initial;
  // The last number or address, selected: one wrong digit is typed over, the rest kept.
  const fieldId = method === 'SMS' ? 'mobile_number' : 'email';
  useEffect(() => {
    if (!initial) return;
    const field = document.getElementById(fieldId);
    if (field instanceof HTMLInputElement) {
      field.focus();
      field.select();
    }
  }, [initial, fieldId]);
  const message = (key: 'mobile_number' | 'email') => {
    const error = rules.errorOf(key);
    return error ? errors[error] : undefined;
  };
  return (
    <form action={action} {...rules.formProps}>
      <FormTop requestId={requestId} state={state} summary={rules.summaryItems(errors)} errors={errors} />
      <input type="hidden" name="method" value={method} />
      {method === 'SMS' && phone ? (
        <PhoneField
          id="mobile_number"
          label={labels.field}
          countryLabel={labels.country}
          hint={labels.hint}
          choices={phone}
          country={values?.mobile_number__country || undefined}
          defaultValue={values?.mobile_number ?? ''}
          error={message('mobile_number')}
          autoFocus={rules.autoFocus('mobile_number') || Boolean(initial)}
          {...rules.field('mobile_number')}
        />
      ) : (
        <TextField
          id="email"
          type="email"
          label={labels.field}
          autoComplete="email"
          defaultValue={values?.email ?? defaultEmail ?? ''}
          error={message('email')}
          autoFocus={rules.autoFocus('email') || Boolean(initial)}
          {...rules.field('email')}
        />
      )}
      <div className="actions">
        <SubmitButton label={labels.send} pendingLabel={labels.sending} />
      </div>
    </form>
  );
}
