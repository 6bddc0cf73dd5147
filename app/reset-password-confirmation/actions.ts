'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { failForRequest } from '@/lib/errors';
import { guardAction, withResetSent } from '@/lib/flows/flow-guard';
import { requestResetLink } from '@/lib/flows/reset';
import { waitBeforeResend } from '@/lib/flows/resend';
import { stepUrl } from '@/lib/flows/step-urls';
import type { ResendState } from '@/lib/validation/form-state';
import { updateFlow } from '@/lib/session';

/** Sends the link again once the countdown has run out; never says whether the account exists. */
export async function resendResetLink(_prev: ResendState, formData: FormData): Promise<ResendState> {
  const flow = await guardAction(formData, withResetSent);
  const wait = await waitBeforeResend('reset', flow.email.toLowerCase(), 'reset.resend');
  if (wait) return wait;
  try {
    await requestResetLink({ email: flow.email, requestId: flow.requestId, locale: await getLocale() });
  } catch (error) {
    failForRequest(error, { step: 'reset.resend' });
  }
  await updateFlow({ resetSentAt: Date.now() });
  redirect(stepUrl('/reset-password-confirmation', flow.requestId, { resent: '1' }));
}
