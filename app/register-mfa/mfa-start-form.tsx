'use client';

import { useActionState, useEffect, useRef, type ReactNode } from 'react';
import { AutoSubmit } from '@/app/_components/auto-submit';
import { useSecondsLeft } from '@/app/_components/countdown';
import { FormError } from '@/app/_components/form-error';
import { Loader } from '@/app/_components/loader';
import { SubmitButton } from '@/app/_components/submit-button';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { startMfa } from './actions';

type Props = {
  requestId: string;
  /** The one option, started at once when JavaScript runs; without it, its button starts it. */
  single?: { type: string; label: string };
  /** Otherwise one button per option (its content: icon, method, destination). */
  options?: Array<{ type: string; label: ReactNode }>;
  autoStart: boolean;
  pendingLabel: string;
  /** The single option as a secondary way (beside methods to set up), not the page's main action. */
  secondary?: boolean;
  errors: Partial<Record<ErrorKey, string>>;
};

/** Starts the chosen second factor with a POST (a page load never sends a code by itself). */
export function MfaStartForm({ requestId, single, options = [], autoStart, pendingLabel, errors, secondary }: Props) {
  const [state, action] = useActionState<FormState<never>, FormData>(startMfa, { status: 'idle' });
  const starting = Boolean(single) && autoStart && state.status === 'idle';
  // A send held back by the wait after the last one (D01): the button waits with it, and when the
  // wait is over the code the person asked for is sent without another press (with scripts).
  const waited = state.status === 'invalid' && state.formError?.startsWith('sendWait') ? state.retryAfter : undefined;
  const left = useSecondsLeft(waited);
  const form = useRef<HTMLFormElement>(null);
  const counting = useRef(false);
  useEffect(() => {
    if (left > 0) counting.current = true;
    else if (counting.current && single) {
      counting.current = false;
      form.current?.requestSubmit();
    }
  }, [left, single]);
  return (
    <form id="mfa-start" ref={form} action={action} className="options">
      <input type="hidden" name="requestId" value={requestId} />
      <FormError state={state} errors={errors} />
      {single ? (
        <>
          <input type="hidden" name="type" value={single.type} />
          {/* Starting by itself, the page says so from its first paint: a button to press
              that the script presses half a second later only invites a second send. The
              button is there without JavaScript, and again if the start is refused. */}
          <div className={starting ? 'actions only-without-js' : 'actions'}>
            <SubmitButton label={single.label} pendingLabel={pendingLabel} className={secondary ? 'secondary' : undefined} heldBack={left > 0} />
          </div>
          {starting ? (
            <div className="needs-js">
              <Loader label={pendingLabel} />
              <AutoSubmit formId="mfa-start" />
            </div>
          ) : null}
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
