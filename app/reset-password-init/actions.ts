'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { failForRequest, isOutage, retryOnForm } from '@/lib/errors';
import { guardAction, withEmail } from '@/lib/flows/flow-guard';
import { sentAgo } from '@/lib/flows/resend';
import { requestResetLink } from '@/lib/flows/reset';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { answerLimited, attemptSend, sendRefusalKey } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { updateFlow } from '@/lib/session';
import type { FormState } from '@/lib/validation/form-state';

const PurposeSchema = z.object({ purpose: z.enum(['forgot', 'required']).default('forgot') });

/**
 * Sends the reset link to the flow's e-mail. `purpose` records the password-required flag:
 * set from "set a password" (/require-password-init), cleared from "forgot password"
 * (/reset-password-init); the confirmation page words its text by it.
 */
export const sendResetLink = formAction(async function sendResetLink(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const parsed = PurposeSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, withEmail);
  const allowed = await attemptSend('reset', flow.email.toLowerCase());
  if (!allowed.ok) {
    // Asked again within the wait: the link already sent (in this sign-in, or moments ago in
    // another: links belong to the account and stay valid) is the one to use, and the
    // confirmation page counts down to when another may be asked for.
    if (flow.resetSentAt) redirect(stepUrl('/reset-password-confirmation', flow.requestId));
    if (allowed.limit.startsWith('wait.')) {
      log.info(counted({ event: 'rate-limited', step: 'reset.initiate', limit: allowed.limit, retryAfter: allowed.retryAfter }), 'a link was just sent');
      await updateFlow({ resetSentAt: sentAgo(allowed.retryAfter), passwordRequired: parsed.success && parsed.data.purpose === 'required' });
      redirect(stepUrl('/reset-password-confirmation', flow.requestId));
    }
    answerLimited(allowed, 'reset.initiate');
    return { status: 'invalid', fieldErrors: {}, formError: sendRefusalKey(allowed, 'code'), retryAfter: allowed.retryAfter };
  }
  try {
    await requestResetLink({ email: flow.email, requestId: flow.requestId, locale: await getLocale() });
  } catch (error) {
    if (isOutage(error)) return retryOnForm(error, { step: 'reset.initiate' });
    failForRequest(error, { step: 'reset.initiate' }, stepUrl('/reset-password-init', flow.requestId));
  }
  await updateFlow({ passwordRequired: parsed.success && parsed.data.purpose === 'required', resetSentAt: Date.now() });
  log.info(counted({ event: 'reset.sent', account: accountRef(flow.email) }), 'reset link requested');
  redirect(stepUrl('/reset-password-confirmation', flow.requestId));
});
