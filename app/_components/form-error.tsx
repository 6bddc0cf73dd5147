'use client';

import { useState } from 'react';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { useFormTexts } from './page-texts';

/**
 * A message about the whole form (no field to put it under): an alert, so it is read out when
 * the answer arrives, and focused on arrival without JavaScript like the error summary. When the
 * provider failed, the failure's reference comes with it, with a button to copy it for support.
 */
export function FormError({ state, errors }: { state: FormState<string>; errors: Partial<Record<ErrorKey, string>> }) {
  const key = state.status === 'invalid' ? state.formError : undefined;
  if (!key || state.status !== 'invalid') return null;
  return (
    <div className="notice" role="alert" tabIndex={-1} autoFocus>
      <p>{errors[key] ?? key}</p>
      {state.reference ? <Reference value={state.reference} /> : null}
    </div>
  );
}

export function Reference({ value }: { value: string }) {
  const texts = useFormTexts();
  const [copied, setCopied] = useState(false);
  return (
    <p className="reference">
      <span>{texts.reference.replace('{ref}', value)}</span>{' '}
      <button
        type="button"
        className="link needs-js"
        onClick={() =>
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => undefined,
          )
        }
      >
        {copied ? texts.copied : texts.copy}
      </button>
    </p>
  );
}
