import type { ErrorKey, FormState } from '@/lib/validation/form-state';

/**
 * A message about the whole form (no field to put it under): an alert, so it is read out when
 * the answer arrives, and focused on arrival without JavaScript like the error summary.
 */
export function FormError({ state, errors }: { state: FormState<string>; errors: Partial<Record<ErrorKey, string>> }) {
  const key = state.status === 'invalid' ? state.formError : undefined;
  if (!key) return null;
  return (
    <p className="notice" role="alert" tabIndex={-1} autoFocus>
      {errors[key] ?? key}
    </p>
  );
}
