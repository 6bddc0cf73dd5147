'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { failForRequest } from '@/lib/errors';
import { guardAction, withResetSent } from '@/lib/flows/flow-guard';
import { waitBeforeResend } from '@/lib/flows/resend';
import { requestResetLink } from '@/lib/flows/reset';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { updateFlow } from '@/lib/session';
import type { ResendState } from '@/lib/validation/form-state';

/** Sends the link again once the countdown has run out; never says whether the account exists. */
export const resendResetLink = formAction(async function resendResetLink(_prev: ResendState, formData: FormData): Promise<ResendState> {
  const flow = await guardAction(formData, withResetSent);
  const wait = await waitBeforeResend('reset', flow.email.toLowerCase(), 'reset.resend');
  if (wait) return wait;
  try {
    await requestResetLink({ email: flow.email, requestId: flow.requestId, locale: await getLocale() });
  } catch (error) {
    failForRequest(error, { step: 'reset.resend' }, stepUrl('/reset-password-confirmation', flow.requestId));
  }
  await updateFlow({ resetSentAt: Date.now() });
  redirect(stepUrl('/reset-password-confirmation', flow.requestId, { resent: '1' }));
});
