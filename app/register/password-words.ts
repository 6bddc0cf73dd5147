import type { ChecklistLabels } from '@/app/_components/password-checklist';
import type { ErrorKey } from '@/lib/validation/form-state';
import { CHECKLIST_ERRORS, type PasswordCheck } from '@/lib/validation/rules';

/**
 * A refused password in words, for the error summary (and, without JavaScript, under its emptied
 * field), where the checklist shows it rule by rule: what it still needs, in the checklist's words
 * joined as a list of the page's language ("Your password needs an uppercase letter and a digit."),
 * or what it must lose. Undefined where the form's own message says it (an empty password).
 */
export function passwordWords(
  error: ErrorKey,
  check: PasswordCheck | undefined,
  labels: { locale: string; password: { needs: string; forbidden: string }; checklist: ChecklistLabels },
): string | undefined {
  if (!check || !CHECKLIST_ERRORS.has(error) || error === 'passwordRequired') return undefined;
  if (check.forbidden.length > 0 && check.unmet.length === 0) return labels.password.forbidden.replace('{chars}', check.forbidden.join(' '));
  const needs = check.unmet.flatMap((rule) => labels.checklist.rules[rule] ?? []);
  return needs.length > 0 ? labels.password.needs.replace('{rules}', new Intl.ListFormat(labels.locale, { type: 'conjunction' }).format(needs)) : undefined;
}
