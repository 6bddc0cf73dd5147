import { z } from 'zod';
import type { ErrorKey } from './form-state';

/**
 * Field rules. Each is a plain function (usable by a client island for instant feedback) and a
 * zod schema built on it (used by the server actions), so the two callers cannot disagree.
 */

// WHATWG's e-mail grammar, the one <input type=email> uses.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function emailError(value: string): ErrorKey | undefined {
  const email = value.trim();
  if (email.length === 0) return 'emailRequired';
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return 'emailInvalid';
  return undefined;
}

export function loginPasswordError(value: string): ErrorKey | undefined {
  return value.length === 0 ? 'passwordRequired' : undefined;
}

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
export function fieldErrorsOf<Field extends string>(
  error: z.ZodError,
): Partial<Record<Field, ErrorKey>> {
  const result: Partial<Record<Field, ErrorKey>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]) as Field;
    result[field] ??= issue.message as ErrorKey;
  }
  return result;
}
