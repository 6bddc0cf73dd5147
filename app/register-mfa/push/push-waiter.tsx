'use client';

import { startTransition, useActionState, useEffect, useState } from 'react';
import { SubmitButton } from '@/app/_components/submit-button';
import { useHydrated } from '@/app/_components/use-hydrated';
import type { FormAction, PushCheckState } from '@/lib/validation/form-state';

type Props = {
  /** The sign-in the page shows; the action checks it against the flow cookie. */
  requestId: string;
  /** Asks the provider once; redirects when the request was approved, declined or expired. */
  action: FormAction<PushCheckState>;
  /** How often the page asks by itself (ms). */
  intervalMs: number;
  labels: { check: string; checking: string; auto: string; notYet: string; limited: string };
};

/**
 * Waits for a push to be approved. Without JavaScript the person says "I have approved it" and the
 * server asks once; with it, the page asks every few seconds by the same action and moves on by
 * itself (the server's answer ends the request's life, so polling stops with the page). One ask at
 * a time: the next is scheduled only when the last has come back.
 */
export function PushWaiter({ requestId, action: check, intervalMs, labels }: Props) {
  const [state, action, pending] = useActionState<PushCheckState, FormData>(check, { status: 'idle' });
  const hydrated = useHydrated();
  const [notYet, setNotYet] = useState(state.status === 'pending' && state.asked);
  const [seen, setSeen] = useState(state);
  if (seen !== state) {
    setSeen(state);
    if (state.status === 'pending' && state.asked) setNotYet(true);
  }

  // The only refusal the check answers is its limit (PushCheckState): it stops the polling.
  const limited = state.status === 'invalid';
  const polling = hydrated && !limited;
  useEffect(() => {
    if (!polling || pending) return;
    const timer = setTimeout(() => {
      const form = new FormData();
      form.set('requestId', requestId);
      form.set('poll', '1');
      startTransition(() => action(form));
    }, intervalMs);
    return () => clearTimeout(timer);
  }, [polling, pending, state, action, requestId, intervalMs]);

  const message = limited ? labels.limited : notYet ? labels.notYet : '';
  // Without JavaScript the answer is a new page: nothing else takes focus, so the answer does.
  const answerTakesFocus = !hydrated && message !== '';
  return (
    <form action={action} className="push-check">
      <input type="hidden" name="requestId" value={requestId} />
      <div role="status">
        {message ? (
          <p className="notice info" tabIndex={answerTakesFocus ? -1 : undefined} autoFocus={answerTakesFocus}>
            {message}
          </p>
        ) : null}
      </div>
      {/* With JavaScript the page asks by itself, so there is nothing to press: a button would only
          invite presses and pull the eye from the number. It is there without JavaScript, and
          once a limit has stopped the asking. Chosen by the style sheet from the first paint. */}
      <div className={limited ? 'actions' : 'actions only-without-js'}>
        <SubmitButton label={labels.check} pendingLabel={labels.checking} />
      </div>
      {limited ? null : (
        <p className="hint waiting needs-js">
          <span className="spinner" aria-hidden="true" />
          <span>{labels.auto}</span>
        </p>
      )}
    </form>
  );
}
