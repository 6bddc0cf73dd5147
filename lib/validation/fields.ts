import { z } from 'zod';
import type { ErrorKey } from './form-state';
import { backupCodeError, emailError, loginPasswordError, mfaCodeError, normaliseCode } from './rules';

export { emailError, loginPasswordError };

/** Server-side schemas, built on the same rule functions the browser runs (rules.ts). */

/** A zod string field whose only issue message is the rule's error key. */
export function ruleField(rule: (value: string) => ErrorKey | undefined) {
  return z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      const key = rule(value);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    });
}

export const EmailField = ruleField(emailError).transform((value) => value.trim());
export const LoginPasswordField = ruleField(loginPasswordError);
export const MfaCodeField = ruleField(mfaCodeError).transform(normaliseCode);
export const BackupCodeField = ruleField(backupCodeError).transform(normaliseCode);

/** Request ids are opaque provider tokens; accept only a conservative alphabet and length. */
export const RequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/);

export function parseRequestId(value: unknown): string | null {
  const parsed = RequestIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** HTML checkboxes send "on" when ticked and nothing otherwise. */
export const CheckboxField = z
  .enum(['on', 'true'])
  .optional()
  .transform((value) => value !== undefined);

/** Turns a failed parse into the form's field errors (first problem per field). */
export function fieldErrorsOf<Field extends string>(error: z.ZodError): Partial<Record<Field, ErrorKey>> {
  const result: Partial<Record<Field, ErrorKey>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]) as Field;
    result[field] ??= issue.message as ErrorKey;
  }
  return result;
}
