'use client';

import { useActionState } from 'react';
import { FormError } from '@/app/_components/form-error';
import { SubmitButton } from '@/app/_components/submit-button';
import { startMethodSetup } from '@/app/setup-mfa/actions';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';

export type MethodChoice = { method: string; label: string; pending: string };

/**
 * The other methods this page sets up (an authenticator app…): one button each, a plain form post
 * so it works without JavaScript. A method the tenant refuses to open says why above the buttons.
 * Beside a passkey they are the other ways (titled, secondary); alone they are the page's actions.
 */
export function OtherMethods({
  requestId,
  title,
  methods,
  errors,
}: {
  requestId: string;
  title?: string;
  methods: MethodChoice[];
  errors: Partial<Record<ErrorKey, string>>;
}) {
  const [state, action] = useActionState<FormState<never>, FormData>(startMethodSetup, { status: 'idle' });
  return (
    <section className="other-methods" aria-labelledby={title ? 'other-methods-title' : undefined}>
      {title ? <h2 id="other-methods-title">{title}</h2> : null}
      <FormError state={state} errors={errors} />
      {methods.map((m) => (
        <form key={m.method} action={action}>
          <input type="hidden" name="requestId" value={requestId} />
          <input type="hidden" name="method" value={m.method} />
          <div className="actions">
            <SubmitButton label={m.label} pendingLabel={m.pending} className={title ? 'secondary' : undefined} />
          </div>
        </form>
      ))}
    </section>
  );
}
