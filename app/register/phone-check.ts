'use server';

import { z } from 'zod';
import { formAction } from '@/lib/form-action';
import type { FormState } from '@/lib/validation/form-state';
import { judgePhone } from '@/lib/validation/phone';
import { COUNTRY_SUFFIX } from '@/lib/validation/registration-fields';

const PhoneCheck = z.object({
  field: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/),
  number: z.string().trim().min(1).max(40),
  country: z.string().max(2).default(''),
});

/**
 * A mobile number judged as soon as its field is left (D53): the same numbering plans the
 * register and missing-fields actions judge it with (lib/validation/phone.ts), which are too large
 * to send to the page. Nothing is sent to the provider; the answer names the number and country it
 * is about (`values`), so the form drops an answer to what is no longer in the field.
 */
export const checkMobileNumber = formAction(async function checkMobileNumber(_prev: FormState<string>, formData: FormData): Promise<FormState<string>> {
  const parsed = PhoneCheck.safeParse({ field: formData.get('field'), number: formData.get('number'), country: formData.get('country') ?? undefined });
  if (!parsed.success) return { status: 'idle' };
  const { field, number, country } = parsed.data;
  const verdict = judgePhone(number, country || undefined);
  if (verdict.ok) return { status: 'idle' };
  return { status: 'invalid', fieldErrors: { [field]: verdict.error }, values: { [field]: number, [`${field}${COUNTRY_SUFFIX}`]: country } };
});
