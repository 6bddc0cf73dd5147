'use client';

import { useActionState, useEffect, useState } from 'react';
import type { ResendLabels } from '@/lib/i18n/resend-labels';
import type { ErrorKey, FormAction, ResendState } from '@/lib/validation/form-state';
import { FormError } from './form-error';
import { useHydrated } from './use-hydrated';

type Props = {
  /** The sign-in the page shows; the action checks it against the flow cookie. */
  requestId: string;
  /** The server action that sends again (it answers how long to wait when it is too early). */
  action: FormAction<ResendState>;
  /** Seconds left before a new code may be requested, as the server counted at render time. */
  waitSeconds: number;
  /** The page's locale, to choose between the singular and plural countdown texts. */
  locale: string;
  labels: ResendLabels;
  /** What a spent budget says (lib/i18n/errors.ts RESEND_REFUSALS), its `{minutes}` filled in here. */
  refusals: Partial<Record<ErrorKey, string>>;
};

/**
 * "Send again" (a code, a link), with a visible countdown. With JavaScript the button waits for the countdown;
 * without it the server refuses an early resend and says how long is left. The countdown itself is
 * not read out every second; the moment the button becomes usable is announced once.
 */
export function ResendForm({ requestId, action: send, waitSeconds, locale, labels, refusals }: Props) {
  const [state, action, pending] = useActionState<ResendState, FormData>(send, { status: 'idle' });
  const [left, setLeft] = useState(waitSeconds);
  const [seenState, setSeenState] = useState(state);
  // The page renders again with the wait the server counts now (none once the code sent is dead).
  const [seenWait, setSeenWait] = useState(waitSeconds);
  if (seenWait !== waitSeconds) {
    setSeenWait(waitSeconds);
    setLeft(waitSeconds);
  }
  // A resend held back answers the seconds left (ResendState): too early after the last send,
  // counted down here, or a budget spent (the account's, the network's), said in minutes.
  const tooEarly = state.status === 'invalid' ? (state.retryAfter ?? 0) : undefined;
  const budgetSpent = state.status === 'invalid' && state.formError !== 'tooManySends';
  if (seenState !== state) {
    setSeenState(state);
    if (tooEarly !== undefined) setLeft(tooEarly);
  }

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  // Only a hydrated page can count down, so only a hydrated page may hold the button back;
  // without JavaScript it stays usable and the server says how long is left.
  const hydrated = useHydrated();
  const waiting = left > 0;
  const holdBack = hydrated && (waiting || pending);
  const tooEarlyAnswer = !hydrated && tooEarly !== undefined;
  return (
    <form action={action} className="resend">
      <input type="hidden" name="requestId" value={requestId} />
      {/* The countdown is not a live region (it would be read every second) but describes the
          button, so whoever reaches the held-back button hears how long is left. */}
      <button
        type="submit"
        className="link"
        aria-disabled={holdBack}
        aria-describedby={waiting && !budgetSpent ? 'resend-countdown' : undefined}
        onClick={(e) => holdBack && e.preventDefault()}
      >
        {pending ? labels.sending : labels.resend}
      </button>
      {budgetSpent ? <FormError state={state} errors={refusals} /> : null}
      {waiting && !budgetSpent ? (
        // Without JavaScript, a resend pressed too early comes back as this page: nothing else
        // takes focus then, so this answer does and is read.
        <p id="resend-countdown" aria-hidden={tooEarlyAnswer ? undefined : true} tabIndex={tooEarlyAnswer ? -1 : undefined} autoFocus={tooEarlyAnswer}>
          {countdownText(left, locale, labels.resendIn)}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {pending
          ? labels.sending
          : waiting
            ? hydrated && tooEarly !== undefined && !budgetSpent
              ? countdownText(tooEarly, locale, labels.resendIn)
              : ''
            : waitSeconds > 0 || tooEarly !== undefined
              ? labels.resendAvailable
              : ''}
      </p>
    </form>
  );
}

/** "… in 1 second." / "… in 5 seconds.": the plural category of the locale picks the text. */
export function countdownText(seconds: number, locale: string, texts: { one: string; other: string }): string {
  const form = new Intl.PluralRules(locale).select(seconds) === 'one' ? texts.one : texts.other;
  return form.replace('{seconds}', String(seconds));
}
