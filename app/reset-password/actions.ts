'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { retryOnForm } from '@/lib/errors';
import { anyFlow, guardAction, withReset } from '@/lib/flows/flow-guard';
import { saveNewPassword as acceptNewPassword, type NewPasswordOutcome } from '@/lib/flows/reset';
import { singleFlight } from '@/lib/flows/single-flight';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { allowedRedirectOrigins, checkRedirect } from '@/lib/redirects';
import { updateFlow } from '@/lib/session';
import { fieldErrorsOf, ruleField } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';
import { CHECKLIST_ERRORS, checkNewPassword, newPasswordError, repeatPasswordError, type PasswordCheck } from '@/lib/validation/rules';

const NewPasswordSchema = z.object({ password: ruleField(newPasswordError), confirmPassword: z.string().default('') }).superRefine((value, ctx) => {
  const key = repeatPasswordError(value.password, value.confirmPassword);
  if (key) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: key });
});

/**
 * With the password refused by its rules, the check of what was posted (`check`), for the checklist
 * that says which (the page re-rendered without JavaScript has no typing to follow). A password
 * the rules refuse is no secret: it can never be one.
 */
export type NewPasswordState = FormState<'password' | 'confirmPassword'> & { check?: PasswordCheck };

export const saveNewPassword = formAction(async function saveNewPassword(_prev: NewPasswordState, formData: FormData): Promise<NewPasswordState> {
  const parsed = NewPasswordSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, anyFlow);
  // The link was used or has gone meanwhile: the page says so and offers a new one.
  if (!withReset(flow)) redirect(stepUrl('/reset-password', flow.requestId));
  const { reset, requestId } = flow;
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf<'password' | 'confirmPassword'>(parsed.error);
    const posted = formData.get('password');
    const checked =
      fieldErrors.password && CHECKLIST_ERRORS.has(fieldErrors.password) ? { check: checkNewPassword(typeof posted === 'string' ? posted : '') } : {};
    return { status: 'invalid', fieldErrors, ...checked };
  }
  const { password } = parsed.data;

  let outcome: NewPasswordOutcome;
  try {
    const locale = await getLocale();
    outcome = await singleFlight(['reset', reset.rprq, password], () =>
      acceptNewPassword({ password, resetRequestId: reset.rprq, exchangeId: reset.exchangeId, requestId, locale }),
    );
  } catch (error) {
    return retryOnForm(error, { step: 'reset.accept' });
  }
  log.info(counted({ event: 'reset.accept', outcome: outcome.kind }), 'new password');
  // Breached or used before: the link stays valid and the person chooses another.
  if (outcome.kind === 'field-error') return { status: 'invalid', fieldErrors: { password: outcome.key } };
  await updateFlow({ reset: undefined });
  if (outcome.kind === 'link-gone') redirect(stepUrl('/reset-password', requestId));

  // The provider names the next page (its password_set_success page, normally this deployment's).
  const target = outcome.next ? checkRedirect(outcome.next, allowedRedirectOrigins(getConfig())) : null;
  redirect(target ?? stepUrl('/reset-password-success', requestId));
});
