'use client';

import { newPasswordChecks, type NewPasswordRule } from '@/lib/validation/rules';
import { useHydrated } from './use-hydrated';

type Props = {
  id: string;
  value: string;
  labels: { title: string; met: string; notMet: string; rules: Record<NewPasswordRule, string> };
};

/**
 * The password policy as a live checklist. It runs the same rule functions as the server. Each
 * item says "met" or "not met" for screen readers, and changes are announced politely. Without
 * JavaScript it cannot follow the typing, so it is shown as a plain list of requirements.
 */
export function PasswordChecklist({ id, value, labels }: Props) {
  const live = useHydrated();
  const checks = newPasswordChecks(value);
  return (
    <div id={id} className="checklist">
      <p className="hint">{labels.title}</p>
      <ul aria-live={live ? 'polite' : undefined}>
        {(Object.keys(labels.rules) as NewPasswordRule[]).map((rule) => (
          <li key={rule} className={live ? (checks[rule] ? 'met' : 'unmet') : undefined}>
            {live ? <span aria-hidden="true">{checks[rule] ? '✓ ' : '○ '}</span> : null}
            {labels.rules[rule]}
            {live ? <span className="visually-hidden"> {checks[rule] ? labels.met : labels.notMet}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
