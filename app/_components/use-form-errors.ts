'use client';

import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';

/**
 * Merges the browser's instant checks (react-hook-form running the shared rule functions) with
 * the server's answer (the authority). A server error stays until the person edits that field.
 * After each failed submit, focus moves to the first invalid field so it is announced.
 */
export function useFormErrors<Field extends string & Path<Values>, Values extends FieldValues>(
  state: FormState<Field>,
  form: UseFormReturn<Values>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, ErrorKey>>>(
    state.status === 'invalid' ? state.fieldErrors : {},
  );
  const [seenState, setSeenState] = useState(state);
  if (seenState !== state) {
    setSeenState(state);
    setServerErrors(state.status === 'invalid' ? state.fieldErrors : {});
  }

  useEffect(() => {
    if (state.status !== 'invalid') return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state]);

  const errorOf = (field: Field): ErrorKey | undefined =>
    (form.formState.errors[field]?.message as ErrorKey | undefined) ?? serverErrors[field];

  const clearServerError = (field: Field) =>
    setServerErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  return { formRef, errorOf, clearServerError };
}

/**
 * Runs the rules at submit. When one fails, the native submit (and so the server action) is
 * stopped and the errors are shown; otherwise the form posts as it would without JavaScript.
 */
export function blockInvalidSubmit<Values extends FieldValues>(
  event: React.FormEvent<HTMLFormElement>,
  form: UseFormReturn<Values>,
  rules: Partial<Record<Path<Values>, (value: string) => ErrorKey | undefined>>,
) {
  let first = true;
  for (const [field, rule] of Object.entries(rules) as Array<[Path<Values>, (value: string) => ErrorKey | undefined]>) {
    const key = rule(String(form.getValues(field) ?? ''));
    if (!key) continue;
    event.preventDefault();
    form.setError(field, { type: 'rule', message: key }, { shouldFocus: first });
    first = false;
  }
}

/**
 * The rule as react-hook-form runs it while the person moves around: an empty field is not
 * reported on blur (only at submit). Otherwise an error appearing under a field the person just
 * left pushes the page down between mouse-down and mouse-up, and their click on the next control
 * lands on nothing.
 */
export function whileEditing(rule: (value: string) => ErrorKey | undefined) {
  return (value: string) => (value === '' ? true : (rule(value) ?? true));
}
