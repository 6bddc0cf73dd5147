import { z } from 'zod';
import type { ErrorKey } from './form-state';
import { judgePhone } from './phone';
import { COUNTRY_SUFFIX, fieldError, inputFields, isBox, repeatOf, type RegistrationField } from './registration-fields';

/** What the register call sends for the person's answers: flat system fields, custom fields apart. */
export type RegistrationInput = {
  fields: Record<string, string | boolean>;
  customFields: Record<string, string | boolean>;
  password: string;
  passwordEcho: string;
  email: string | undefined;
};

/**
 * The server's schema for a tenant's field list, built on the rules the browser runs
 * (registration-fields.ts `fieldError`). Every issue's message is the field's error key. Values
 * are trimmed (passwords not), a ticked box is `true`, a mobile number is judged with its country
 * (phone.ts) and sent as `+4915…`.
 */
export function registrationSchema(fields: RegistrationField[]): z.ZodType<RegistrationInput, Record<string, unknown>> {
  const inputs = inputFields(fields);
  const shape = Object.fromEntries(
    inputs.flatMap((f) => (f.type === 'MOBILE' ? [f.key, `${f.key}${COUNTRY_SUFFIX}`] : [f.key]).map((key) => [key, z.string().default('')])),
  );
  return z
    .object(shape)
    .superRefine((values: Record<string, string>, ctx) => {
      for (const field of inputs) {
        const key: ErrorKey | undefined = fieldError(field, values[field.key] ?? '', values) ?? phoneError(field, values);
        if (key) ctx.addIssue({ code: 'custom', path: [field.key], message: key });
      }
    })
    .transform((values: Record<string, string>) => {
      const input: RegistrationInput = { fields: {}, customFields: {}, password: '', passwordEcho: '', email: undefined };
      for (const field of inputs) {
        const raw = values[field.key] ?? '';
        if (repeatOf(field)) {
          input.passwordEcho = raw;
          continue;
        }
        if (field.type === 'PASSWORD') {
          input.password = raw;
          continue;
        }
        const value = valueOf(field, raw, values[`${field.key}${COUNTRY_SUFFIX}`]);
        if (value === undefined) continue;
        if (field.key === 'email') input.email = String(value);
        (field.custom ? input.customFields : input.fields)[field.key] = value;
      }
      return input;
    });
}

function valueOf(field: RegistrationField, raw: string, country: string | undefined): string | boolean | undefined {
  if (isBox(field)) return raw === 'on' || raw === 'true';
  const value = raw.trim();
  if (value.length === 0) return undefined;
  if (field.type !== 'MOBILE') return value;
  const phone = judgePhone(value, country);
  return phone.ok ? phone.e164 : value;
}

/** A filled mobile number the numbering plans refuse (the browser's check only knows it is a number). */
function phoneError(field: RegistrationField, values: Record<string, string>): ErrorKey | undefined {
  const value = (values[field.key] ?? '').trim();
  if (field.type !== 'MOBILE' || field.readOnly || value.length === 0) return undefined;
  const phone = judgePhone(value, values[`${field.key}${COUNTRY_SUFFIX}`]);
  return phone.ok ? undefined : phone.error;
}
