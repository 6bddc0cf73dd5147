'use client';

import { useActionState } from 'react';
import { FormError } from '@/app/_components/form-error';
import { MethodIcon } from '@/app/_components/method-icon';
import { SubmitButton } from '@/app/_components/submit-button';
import { startMethodSetup } from '@/app/setup-mfa/actions';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';

/** A method to set up: its button's name, the line under it (what it is, what it needs), and the pending text. */
export type MethodChoice = { method: string; label: string; hint?: string; pending: string };

/**
 * The methods to set up (an authenticator app…), one button each in one plain form post, so it
 * works without JavaScript; a method the tenant refuses to open says why above them. Each button
 * has the method's icon and, under it, a line on what it is that describes it. `recommended` leads, set apart, and the others follow under `title` ("Other ways
 * to confirm it's you"); beside a passkey there is no recommendation here, only the other ways. A
 * single method ("Start again") is a plain button.
 */
export function OtherMethods({
  requestId,
  title,
  methods,
  recommended,
  recommendedLabel,
  errors,
}: {
  requestId: string;
  title?: string;
  methods: MethodChoice[];
  /** The method to lead with, and the word that says so ("Recommended"). */
  recommended?: string;
  recommendedLabel?: string;
  errors: Partial<Record<ErrorKey, string>>;
}) {
  const [state, action] = useActionState<FormState<never>, FormData>(startMethodSetup, { status: 'idle' });
  const lead = methods.find((m) => m.method === recommended);
  const rest = methods.filter((m) => m !== lead);
  if (methods.length === 1) {
    const [only] = methods;
    return (
      <form action={action} className="other-methods">
        <FormError state={state} errors={errors} />
        <input type="hidden" name="requestId" value={requestId} />
        <input type="hidden" name="method" value={only.method} />
        <div className="actions">
          <SubmitButton label={only.label} pendingLabel={only.pending} />
        </div>
      </form>
    );
  }
  return (
    <form action={action} className="other-methods options">
      <FormError state={state} errors={errors} />
      <input type="hidden" name="requestId" value={requestId} />
      {lead ? <MethodButton choice={lead} tag={recommendedLabel} lead /> : null}
      {title && rest.length > 0 ? <h2 id="other-methods-title">{title}</h2> : null}
      {rest.map((m) => (
        <MethodButton key={m.method} choice={m} />
      ))}
      <SubmitButton.Overlay pendingLabel={methods[0].pending} />
    </form>
  );
}

function MethodButton({ choice, tag, lead = false }: { choice: MethodChoice; tag?: string; lead?: boolean }) {
  const hintId = `method-${choice.method.toLowerCase()}-hint`;
  const hinted = Boolean(choice.hint || tag);
  // The line goes under the button, not in it: a button's name is its visible text (WCAG 2.5.3).
  return (
    <div className={lead ? 'method-choice recommended' : 'method-choice'}>
      <button type="submit" name="method" value={choice.method} className="option" aria-describedby={hinted ? hintId : undefined}>
        <MethodIcon type={choice.method} />
        <span className="option-text">{choice.label}</span>
      </button>
      {hinted ? (
        <p id={hintId} className="option-hint">
          {tag ? (
            <>
              <span className="tag">{tag}</span>{' '}
            </>
          ) : null}
          {choice.hint}
        </p>
      ) : null}
    </div>
  );
}
