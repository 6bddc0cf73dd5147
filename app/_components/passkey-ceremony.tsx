'use client';

import { startTransition, useActionState, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { wordSpace } from '@/lib/i18n/spacing';
import type { ErrorKey, FormAction, FormState, PasskeyState } from '@/lib/validation/form-state';
import { FormError } from './form-error';
import { useHydrated } from './use-hydrated';

type Browser = typeof import('@simplewebauthn/browser');

type Props = {
  /** The sign-in the page shows; both actions check it against the flow cookie. */
  requestId: string;
  /** Opens a ceremony at the tenant and answers with its options (or a form error). */
  prepare: FormAction<PasskeyState>;
  /** Takes the browser's credential (JSON in `credential`); redirects when the tenant accepts it. */
  finish: FormAction<FormState<never>>;
  labels: {
    /** The button's content: "Use a passkey", "Sign in with a passkey", "Create a passkey". */
    start: ReactNode;
    /** While the browser asks and while the answer is checked. */
    pending: string;
    /** The way on without a passkey on this screen, said after every failure. */
    otherWay: string;
  };
  /** The texts of the passkey errors (and whatever `finish` may answer). */
  errors: Partial<Record<ErrorKey, string>>;
  /** Shown above the button, only where the button is (the screen's own words about passkeys). */
  intro?: ReactNode;
  /** The button's class: none for the screen's main action, `option` in a list of methods, `secondary` beside another main action. */
  buttonClass?: string;
  /** The screen leads with the passkey: its button takes focus once it works, unless the person is already somewhere. */
  autoFocus?: boolean;
  /** The passkey cannot be used here (no WebAuthn in this browser, or no ceremony from the tenant): the screen's other way on must show. */
  onUnusable?: () => void;
};

const noSubscription = () => () => {};
/** Whether this browser has WebAuthn at all (false on the server, so the no-script HTML has nothing). */
function useWebAuthn(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.get === 'function',
    () => false,
  );
}

/**
 * What a failed ceremony means for the person. Browsers answer NotAllowedError alike for a
 * cancelled prompt, a timeout and "no passkey for this account on this device" (on purpose: a page
 * must not learn which credentials exist), so only the time taken tells a timeout apart.
 */
function failureKey(error: unknown, elapsedMs: number, timeoutMs: number | undefined): ErrorKey {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'passkeyExists';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return timeoutMs !== undefined && elapsedMs >= timeoutMs - 1_000 ? 'passkeyTimedOut' : 'passkeyCancelled';
  }
  return 'passkeyUnavailable';
}

/**
 * A passkey ceremony on a screen that has other ways on (docs/features.md "Passkeys"). Nothing is shown
 * without JavaScript or before the page runs (the server renders nothing here); a browser without
 * WebAuthn is told so. Once running, the page asks the tenant for the options and loads the
 * browser library (only this island imports it, on the screens that have it), so that the
 * ceremony starts within the click itself: Safari refuses one that a fetch or an import came
 * before. Every failure says what happened and what else to do, and opens a fresh ceremony.
 */
export function PasskeyCeremony({ requestId, prepare, finish, labels, errors, intro, buttonClass, autoFocus, onUnusable }: Props) {
  const hydrated = useHydrated();
  const webAuthn = useWebAuthn();
  const [prepared, runPrepare, preparing] = useActionState<PasskeyState, FormData>(prepare, { status: 'idle' });
  const [finished, runFinish, finishing] = useActionState<FormState<never>, FormData>(finish, { status: 'idle' });
  const browser = useRef<Browser | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [asking, setAsking] = useState(false);
  // What went wrong last: the browser's failure, or the tenant's answer (with its reference, if any).
  const [failure, setFailure] = useState<{ key: ErrorKey } | { answer: FormState<never> } | undefined>(undefined);
  // Each round is one ceremony at the tenant; a failed one is followed by a fresh one.
  const [round, setRound] = useState(0);
  const [seen, setSeen] = useState(finished);
  if (seen !== finished) {
    setSeen(finished);
    if (finished.status === 'invalid') {
      setFailure({ answer: finished });
      setRound((r) => r + 1);
    }
  }

  useEffect(() => {
    if (!webAuthn) return;
    let live = true;
    void import('@simplewebauthn/browser').then(
      (module) => {
        browser.current = module;
        if (live) setLoaded(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [webAuthn]);

  useEffect(() => {
    if (!webAuthn) return;
    const form = new FormData();
    form.set('requestId', requestId);
    startTransition(() => runPrepare(form));
  }, [webAuthn, round, requestId, runPrepare]);

  const unusable = hydrated && (!webAuthn || (prepared.status === 'invalid' && !preparing));
  useEffect(() => {
    if (unusable) onUnusable?.();
  }, [unusable, onUnusable]);
  const ready = prepared.status === 'ready' && loaded && !preparing;
  useEffect(() => {
    const active = document.activeElement;
    if (autoFocus && ready && (!active || active === document.body)) button.current?.focus();
  }, [autoFocus, ready]);

  if (!hydrated) return null;

  const say = (key: ErrorKey) => (
    <div className="notice" role="alert">
      <p>
        {errors[key] ?? key}
        {wordSpace(errors[key] ?? key, labels.otherWay)}
        {labels.otherWay}
      </p>
    </div>
  );
  if (!webAuthn) return <div className="passkey">{say('passkeyUnsupported')}</div>;

  const busy = asking || finishing;
  const start = () => {
    const lib = browser.current;
    if (prepared.status !== 'ready' || !lib || busy || preparing) return;
    setFailure(undefined);
    const began = Date.now();
    // Called within the click, before anything is awaited.
    const ceremony =
      prepared.ceremony === 'get' ? lib.startAuthentication({ optionsJSON: prepared.options }) : lib.startRegistration({ optionsJSON: prepared.options });
    setAsking(true);
    ceremony.then(
      (credential) => {
        setAsking(false);
        const form = new FormData();
        form.set('requestId', requestId);
        form.set('credential', JSON.stringify(credential));
        startTransition(() => runFinish(form));
      },
      (error: unknown) => {
        setAsking(false);
        setFailure({ key: failureKey(error, Date.now() - began, prepared.options.timeout) });
        setRound((r) => r + 1);
      },
    );
  };

  return (
    <div className="passkey">
      {failure && 'key' in failure ? say(failure.key) : null}
      {failure && 'answer' in failure ? <FormError state={failure.answer} errors={errors} /> : null}
      {!failure && prepared.status === 'invalid' ? say(prepared.formError ?? 'passkeyUnavailable') : null}
      {ready || busy ? (
        <>
          {intro}
          <div className="actions">
            <button ref={button} type="button" className={buttonClass} aria-disabled={busy} onClick={start}>
              {busy ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  <span>{labels.pending}</span>
                </>
              ) : (
                labels.start
              )}
            </button>
          </div>
          <span className="visually-hidden" role="status" aria-live="polite">
            {busy ? labels.pending : ''}
          </span>
        </>
      ) : null}
    </div>
  );
}
