'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { failForRequest, isOutage, retryOnForm } from '@/lib/errors';
import { anyFlow, guardAction, withEmail, withReset, withResetSent } from '@/lib/flows/flow-guard';
import { singleFlight } from '@/lib/flows/single-flight';
import { answerLimited, attemptSend } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { requestResetLink, saveNewPassword as acceptNewPassword, type NewPasswordOutcome } from '@/lib/flows/reset';
import { stepUrl } from '@/lib/flows/step-urls';
import { allowedRedirectOrigins, checkRedirect } from '@/lib/redirects';
import { updateFlow } from '@/lib/session';
import { fieldErrorsOf, ruleField } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';
import { newPasswordError, repeatPasswordError } from '@/lib/validation/rules';
import type { ResendState } from '../_components/resend-form';

const PurposeSchema = z.object({ purpose: z.enum(['forgot', 'required']).default('forgot') });

/**
 * Sends the reset link to the flow's e-mail. `purpose` records the password-required flag:
 * set from "set a password", cleared from "forgot password" (product-spec.md §4).
 */
export async function sendResetLink(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const parsed = PurposeSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, withEmail);
  const allowed = await attemptSend('reset', flow.email.toLowerCase());
  if (!allowed.ok) {
    // Asked again within the wait: the link already sent in this sign-in is the one to use.
    if (flow.resetSentAt) redirect(stepUrl('/reset-password-confirmation', flow.requestId));
    answerLimited(allowed, 'reset.initiate');
    return { status: 'invalid', fieldErrors: {}, formError: 'tooManySends' };
  }
  try {
    await requestResetLink({ email: flow.email, requestId: flow.requestId, locale: await getLocale() });
  } catch (error) {
    if (isOutage(error)) return retryOnForm(error, { step: 'reset.initiate' });
    failForRequest(error, { step: 'reset.initiate' });
  }
  await updateFlow({ passwordRequired: parsed.success && parsed.data.purpose === 'required', resetSentAt: Date.now() });
  log.info({ event: 'reset.sent', account: accountRef(flow.email) }, 'reset link requested');
  redirect(stepUrl('/reset-password-confirmation', flow.requestId));
}

/** Sends the link again once the countdown has run out; never says whether the account exists. */
export async function resendResetLink(_prev: ResendState, formData: FormData): Promise<ResendState> {
  const flow = await guardAction(formData, withResetSent);
  const allowed = await attemptSend('reset', flow.email.toLowerCase());
  if (!allowed.ok) {
    answerLimited(allowed, 'reset.resend');
    return { status: 'wait', seconds: allowed.retryAfter };
  }
  try {
    await requestResetLink({ email: flow.email, requestId: flow.requestId, locale: await getLocale() });
  } catch (error) {
    failForRequest(error, { step: 'reset.resend' });
  }
  await updateFlow({ resetSentAt: Date.now() });
  redirect(stepUrl('/reset-password-confirmation', flow.requestId, { resent: '1' }));
}

const NewPasswordSchema = z
  .object({ password: ruleField(newPasswordError), confirmPassword: z.string().default('') })
  .superRefine((value, ctx) => {
    const key = repeatPasswordError(value.password, value.confirmPassword);
    if (key) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: key });
  });

export type NewPasswordState = FormState<'password' | 'confirmPassword'>;

export async function saveNewPassword(_prev: NewPasswordState, formData: FormData): Promise<NewPasswordState> {
  const parsed = NewPasswordSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, anyFlow);
  // The link was used or has gone meanwhile: the page says so and offers a new one.
  if (!withReset(flow)) redirect(stepUrl('/reset-password', flow.requestId));
  const { reset, requestId } = flow;
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'password' | 'confirmPassword'>(parsed.error) };
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
  log.info({ event: 'reset.accept', outcome: outcome.kind }, 'new password');
  // Breached or used before: the link stays valid and the person chooses another.
  if (outcome.kind === 'field-error') return { status: 'invalid', fieldErrors: { password: outcome.key } };
  await updateFlow({ reset: undefined });
  if (outcome.kind === 'link-gone') redirect(stepUrl('/reset-password', requestId));

  // The provider names the next page (its password_set_success page, normally this deployment's).
  const target = outcome.next ? checkRedirect(outcome.next, allowedRedirectOrigins(getConfig())) : null;
  redirect(target ?? stepUrl('/reset-password-success', requestId));
}
