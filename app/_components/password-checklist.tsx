'use client';

import { REQUIREMENTS, type PasswordCheck, type Requirement } from '@/lib/validation/rules';

export type ChecklistLabels = {
  title: string;
  met: string;
  notMet: string;
  /** Each requirement in words; `special` only where a policy asks for special characters (a tenant's own). */
  rules: Record<(typeof REQUIREMENTS)[number], string> & Partial<Record<Requirement, string>>;
  /** "{chars}" is replaced by the forbidden characters and sequences the password contains. */
  forbidden: string;
};

type Props = {
  id: string;
  /**
   * The password as checked: as it is typed (with JavaScript), or as the server checked the one
   * posted (without). None: the plain list of requirements.
   */
  check?: PasswordCheck;
  /** The password was refused for these rules: what it still lacks shows as failed, not only as not met yet. */
  failed: boolean;
  /** Following the typing: changes are announced politely. */
  live: boolean;
  labels: ChecklistLabels;
  /** What the policy asks, in order: this product's by default, a tenant's on its register page. */
  requirements?: readonly Requirement[];
};

type State = 'met' | 'unmet' | 'failed' | 'neutral';

/** A requirement's state for the password as checked. */
export function requirementState(rule: Requirement, check: PasswordCheck | undefined, failed: boolean): State {
  if (!check) return 'neutral';
  if (!check.unmet.includes(rule)) return 'met';
  return failed ? 'failed' : 'unmet';
}

/**
 * The password policy as a checklist, and the one place its rules are said: a refused password
 * marks the field invalid and turns what it lacks into failed rules here (no message under the
 * field, no entry in the error summary, which would say the same rule again). Each requirement
 * shows its state by an icon and a colour (a green tick when met; an empty circle while not met
 * yet; a red cross when the password was refused for it) and says "met" or "not met" in words
 * for screen readers. Characters the policy forbids are named only when the password contains
 * them. With JavaScript it follows the typing and announces changes politely; without, it is the
 * plain list, and after a refused post the server's check of what was posted.
 */
export function PasswordChecklist({ id, check, failed, live, labels, requirements = REQUIREMENTS }: Props) {
  const forbidden = check?.forbidden ?? [];
  // The characters in the typewriter face; the message around them in the page's.
  const [before = '', after = ''] = labels.forbidden.split('{chars}');
  return (
    <div id={id} className="checklist">
      <p className="hint">{labels.title}</p>
      <ul aria-live={live ? 'polite' : undefined}>
        {requirements.map((rule) => {
          const state = requirementState(rule, check, failed);
          return (
            <li key={rule} className={state}>
              <Mark state={state} />
              <span>
                {labels.rules[rule]}
                {state !== 'neutral' ? <span className="visually-hidden"> {state === 'met' ? labels.met : labels.notMet}</span> : null}
              </span>
            </li>
          );
        })}
        {forbidden.length > 0 ? (
          <li className="failed forbidden">
            <Mark state="failed" />
            <span data-message="forbidden">
              {before}
              <span className="forbidden-chars">{forbidden.join(' ')}</span>
              {after}
            </span>
          </li>
        ) : null}
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
