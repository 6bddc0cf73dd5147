'use client';

import { useActionState } from 'react';
import { startMfa } from '../register-mfa/actions';
import { AutoSubmit } from './auto-submit';
import { SubmitButton } from './submit-button';

type Props = {
  requestId: string;
  /** One button per option; a single option is started at once when JavaScript runs. */
  options: Array<{ type: string; label: string }>;
  autoStart: boolean;
  pendingLabel: string;
};

/** Starts the chosen second factor with a POST (a page load never sends a code by itself). */
export function MfaStartForm({ requestId, options, autoStart, pendingLabel }: Props) {
  const [, action] = useActionState(startMfa, { status: 'idle' });
  const single = options.length === 1 ? options[0] : undefined;
  return (
    <form id="mfa-start" action={action} className="options">
      <input type="hidden" name="requestId" value={requestId} />
      {single ? (
        <>
          <input type="hidden" name="type" value={single.type} />
          <div className="actions">
            <SubmitButton label={single.label} pendingLabel={pendingLabel} />
          </div>
          {autoStart ? <AutoSubmit formId="mfa-start" /> : null}
        </>
      ) : (
        <>
          {options.map((option) => (
            <button key={option.type} type="submit" name="type" value={option.type} className="option">
              {option.label}
            </button>
          ))}
          <SubmitButton.Overlay pendingLabel={pendingLabel} />
        </>
      )}
    </form>
  );
}
