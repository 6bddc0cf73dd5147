'use client';

import { useEffect, useRef, useState } from 'react';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';

/** A field's rule: the error key for its value, or nothing. `values` are the form's fields. */
export type FieldRule = (value: string, values: Record<string, string>) => ErrorKey | undefined;

type Handler = (event: { target: EventTarget | null; type: string }) => unknown;
type Engine = { onChange: Partial<Record<string, Handler>>; onBlur: Partial<Record<string, Handler>> };

/**
 * The browser's instant checks and the server's answer (the authority) for one form.
 *
 * react-hook-form runs the rules while the person moves around ("on touched": first on leaving a
 * field, then on each change). It is loaded when the form first gets focus rather than with the
 * page, which keeps it out of the first-load JavaScript budget (docs/benchmarks.md); the form
 * posts natively and checks at submit without it. A server error stays until that field is
 * edited. After every failed submit, focus moves to the error summary.
 */
export function useFieldRules<Field extends string>(
  state: FormState<Field>,
  rules: Partial<Record<Field, FieldRule>>,
  {
    focusFirst = true,
    startAt,
    described = true,
  }: {
    /** False where something else on the page answers a post and must take focus (a resend). */
    focusFirst?: boolean;
    /** Where the cursor starts when no field is in error, if not the first field (which may come filled in). */
    startAt?: Field;
    /** False on a screen without a description (#page-description), so the form points at nothing missing. */
    described?: boolean;
  } = {},
) {
  const rulesRef = useRef(rules);
  const engine = useRef<Engine | 'loading' | null>(null);
  const [ruleErrors, setRuleErrors] = useState<Partial<Record<Field, ErrorKey>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, ErrorKey>>>(state.status === 'invalid' ? state.fieldErrors : {});
  const [failedSubmits, setFailedSubmits] = useState(0);
  const [seenState, setSeenState] = useState(state);
  if (seenState !== state) {
    setSeenState(state);
    setServerErrors(state.status === 'invalid' ? state.fieldErrors : {});
    if (state.status === 'invalid') setFailedSubmits((n) => n + 1);
  }

  useEffect(() => {
    rulesRef.current = rules;
  });
  useEffect(() => {
    if (failedSubmits > 0) focusFirstProblem();
  }, [failedSubmits]);

  const valuesOf = (form: HTMLFormElement): Record<string, string> => Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]));
  const fields = Object.keys(rules) as Field[];

  const loadEngine = (event: React.FocusEvent<HTMLFormElement>) => {
    if (engine.current) return;
    engine.current = 'loading';
    const form = event.currentTarget;
    void import('react-hook-form').then(({ createFormControl }) => {
      const control = createFormControl<Record<string, string>>({ mode: 'onTouched' });
      const loaded: Engine = { onChange: {}, onBlur: {} };
      for (const name of fields) {
        const registration = control.register(name, {
          // An empty field is reported at submit only: an error appearing under a field the
          // person just left pushes the page down under their pointer.
          validate: (value, values) => (value ? (rulesRef.current[name]?.(String(value), values) ?? true) : true),
        });
        const element = form.elements.namedItem(name);
        if (element instanceof HTMLInputElement) registration.ref(element);
        loaded.onChange[name] = registration.onChange;
        loaded.onBlur[name] = registration.onBlur;
      }
      // Each report names the field it is about; the others keep what they show (a failed
      // submit's errors stay until their own field is edited or left).
      control.subscribe({
        formState: { errors: true },
        callback: ({ errors, name }) => {
          if (!name || !(fields as string[]).includes(name)) return;
          const key = errors?.[name]?.message as ErrorKey | undefined;
          setRuleErrors((current) => (current[name as Field] === key ? current : { ...current, [name]: key }));
        },
      });
      engine.current = loaded;
    });
  };

  // A field left by pressing the submit button is not checked on leaving: its error would push
  // the button down between the press and the release, the click would land beside it, and the
  // form would not be sent (nor its other errors shown). The submit checks every field anyway.
  const pressingSubmit = useRef(false);
  const onPointerDown = (event: React.PointerEvent<HTMLFormElement>) => {
    const button = (event.target as Element).closest('button');
    pressingSubmit.current = button !== null && button.type === 'submit';
    if (pressingSubmit.current) window.addEventListener('pointerup', () => setTimeout(() => (pressingSubmit.current = false)), { once: true });
  };

  const handler = (kind: keyof Engine, name: Field) => (event: React.SyntheticEvent<HTMLInputElement>) => {
    if (kind === 'onChange') {
      setServerErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    }
    if (kind === 'onBlur' && pressingSubmit.current) return;
    const loaded = engine.current;
    if (loaded && loaded !== 'loading') loaded[kind][name]?.({ target: event.target, type: event.type });
  };

  /** Checks every field at submit; when one fails, the native submit (and the action) is stopped. */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const values = valuesOf(event.currentTarget);
    const failed = Object.fromEntries(fields.map((name) => [name, rulesRef.current[name]?.(values[name] ?? '', values)]).filter(([, key]) => key)) as Partial<
      Record<Field, ErrorKey>
    >;
    // What the browser found before is stale now: the server's answer must not hide behind it.
    setRuleErrors(failed);
    if (Object.keys(failed).length === 0) return;
    event.preventDefault();
    setFailedSubmits((n) => n + 1);
  };

  const errorOf = (name: Field): ErrorKey | undefined => ruleErrors[name] ?? serverErrors[name];
  // Where the cursor starts: the first field in error, else the form's first field (or the one
  // named to start at). Rendered as
  // `autofocus`, so it holds with and without JavaScript and after a client-side navigation.
  const focused = fields.find((name) => errorOf(name)) ?? (focusFirst ? (startAt ?? fields[0]) : undefined);
  // After a client-side navigation `autofocus` may not take (the new screen can be rendered
  // before it is shown): put the cursor where it belongs once the form is on screen, unless the
  // person is already somewhere (or an error summary or alert claimed focus).
  const focusedOnArrival = useRef(false);
  useEffect(() => {
    if (focusedOnArrival.current || !focused) return;
    focusedOnArrival.current = true;
    const active = document.activeElement;
    if (active && active !== document.body && active.tagName !== 'H1') return;
    document.getElementById(focused)?.focus();
  });

  return {
    formProps: {
      noValidate: true,
      onSubmit,
      onFocus: loadEngine,
      onPointerDown,
      'aria-labelledby': 'page-title',
      'aria-describedby': described ? 'page-description' : undefined,
    },
    /** Whether `name` is where the cursor starts. */
    autoFocus: (name: Field) => name === focused,
    field: (name: Field) => ({ name, onChange: handler('onChange', name), onBlur: handler('onBlur', name) }),
    errorOf,
    /** Whether the field's error is the browser's own check of the value in it (not a server answer about one posted before). */
    checkedHere: (name: Field): boolean => ruleErrors[name] !== undefined,
    /**
     * The error summary's entries: each field with an error, in form order, with its element id
     * (`ids`, by default the field's name) and its translated message from `texts` (by key, or a
     * field's own words for its key).
     */
    summaryItems: (texts: Partial<Record<ErrorKey, string>> | ((name: Field, key: ErrorKey) => string), ids: Partial<Record<Field, string>> = {}) =>
      (Object.keys({ ...ids, ...rules }) as Field[]).flatMap((name) => {
        const key = errorOf(name);
        if (!key) return [];
        return [{ fieldId: ids[name] ?? name, message: typeof texts === 'function' ? texts(name, key) : (texts[key] ?? key) }];
      }),
  };
}

/**
 * After a failed submit: to the error summary when several fields failed (so the list is read
 * out first), else to the one field in error (its message is its description).
 */
export function focusFirstProblem() {
  const target = document.querySelector<HTMLElement>('.error-summary') ?? document.querySelector<HTMLElement>('form [aria-invalid="true"]');
  target?.focus();
}
