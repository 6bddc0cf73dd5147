'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { failForRequest } from '@/lib/errors';
import { guardAction, withResetSent } from '@/lib/flows/flow-guard';
import { requestResetLink } from '@/lib/flows/reset';
import { stepUrl } from '@/lib/flows/step-urls';
import { answerLimited, attemptSend } from '@/lib/limits/limits';
import type { ResendState } from '@/lib/validation/form-state';
import { updateFlow } from '@/lib/session';

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
