'use client';

import { useState } from 'react';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { useSecondsLeft } from './countdown';
import { useFormTexts } from './page-texts';
import { useHydrated } from './use-hydrated';

/**
 * A message about the whole form (no field to put it under): an alert, so it is read out when
 * the answer arrives, and focused on arrival without JavaScript like the error summary. When the
 * provider failed, the failure's reference comes with it, with a button to copy it for support.
 */
export function FormError({ state, errors }: { state: FormState<string>; errors: Partial<Record<ErrorKey, string>> }) {
  const key = state.status === 'invalid' ? state.formError : undefined;
  if (!key || state.status !== 'invalid') return null;
  const text = errors[key] ?? key;
  if (COUNTED.test(text) && state.retryAfter !== undefined) return <CountedNotice text={text} seconds={state.retryAfter} />;
  return (
    <div className="notice" role="alert" tabIndex={-1} autoFocus>
      <p>{text}</p>
      {state.reference ? <Reference value={state.reference} /> : null}
    </div>
  );
}

/** A message that says how long to wait (`{seconds}` or `{minutes}`, lib/i18n/errors.ts). */
const COUNTED = /\{(seconds|minutes)\}/;
const fill = (text: string, seconds: number) => text.replace('{seconds}', String(seconds)).replace('{minutes}', String(Math.max(1, Math.ceil(seconds / 60))));

/**
 * The wait counts down where it is seen; screen readers get the figure of the answer once (an
 * alert read anew every second would drown everything). When the wait is over the message goes,
 * and the form's button works again. Without JavaScript the server's figure stays as it is.
 */
function CountedNotice({ text, seconds }: { text: string; seconds: number }) {
  const left = useSecondsLeft(seconds);
  const hydrated = useHydrated();
  if (left <= 0) return null;
  return (
    <div className="notice" role="alert" tabIndex={-1} autoFocus>
      {hydrated ? (
        <p>
          <span aria-hidden="true">{fill(text, left)}</span>
          <span className="visually-hidden">{fill(text, seconds)}</span>
        </p>
      ) : (
        <p>{fill(text, seconds)}</p>
      )}
    </div>
  );
}

export function Reference({ value }: { value: string }) {
  const texts = useFormTexts();
  const [copied, setCopied] = useState(false);
  // Only the reference itself in the typewriter face: the label around it stays in the page's.
  const [before = '', after = ''] = texts.reference.split('{ref}');
  return (
    <p className="reference">
      <span data-message="reference">
        {before}
        <span className="reference-value">{value}</span>
        {after}
      </span>{' '}
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
