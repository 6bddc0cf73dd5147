'use client';

import { newPasswordChecks, type NewPasswordRule } from '@/lib/validation/rules';
import { useHydrated } from './use-hydrated';

type Props = {
  id: string;
  value: string;
  labels: { title: string; met: string; notMet: string; rules: Record<NewPasswordRule, string> };
};

/** Rules a password meets by leaving something out: nothing typed meets them trivially. */
const EXCLUSIONS: ReadonlySet<NewPasswordRule> = new Set(['chars', 'sequences']);

type State = 'met' | 'unmet' | 'failed' | 'neutral';

/** A rule's state for the value typed so far. */
export function ruleState(rule: NewPasswordRule, met: boolean, value: string): State {
  if (EXCLUSIONS.has(rule)) return value === '' ? 'neutral' : met ? 'met' : 'failed';
  return met ? 'met' : 'unmet';
}

/**
 * The password policy as a live checklist. It runs the same rule functions as the server. Each
 * rule shows its state by an icon and a colour (a green tick when met; an empty circle while a
 * rule to fulfil is not; a red cross when the password contains something it must not) and says
 * "met" or "not met" in words for screen readers; changes are announced politely. The rules of
 * what a password must not contain stay neutral until something is typed. Without JavaScript it
 * cannot follow the typing, so it is shown as a plain list of requirements.
 */
export function PasswordChecklist({ id, value, labels }: Props) {
  const live = useHydrated();
  const checks = newPasswordChecks(value);
  return (
    <div id={id} className="checklist">
      <p className="hint">{labels.title}</p>
      <ul aria-live={live ? 'polite' : undefined}>
        {(Object.keys(labels.rules) as NewPasswordRule[]).map((rule) => {
          const state = live ? ruleState(rule, checks[rule], value) : 'neutral';
          return (
            <li key={rule} className={state} data-state={live ? state : undefined}>
              <Mark state={state} />
              <span>
                {labels.rules[rule]}
                {state !== 'neutral' ? <span className="visually-hidden"> {state === 'met' ? labels.met : labels.notMet}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The state's icon: a tick in a filled circle, an empty circle, a cross in a circle, or a small dot. */
function Mark({ state }: { state: State }) {
  return (
    <svg className="mark" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {state === 'met' ? (
        <>
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="m5.8 10.2 2.8 2.8 5.6-6" fill="none" stroke="var(--card)" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </>
      ) : state === 'failed' ? (
        <>
          <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="m7 7 6 6m0-6-6 6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </>
      ) : state === 'unmet' ? (
        <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      ) : (
        <circle cx="10" cy="10" r="2.5" fill="currentColor" />
      )}
    </svg>
  );
}
