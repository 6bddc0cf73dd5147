'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { failForRequest, isOutage, retryOnForm } from '@/lib/errors';
import { guardAction, withSub, withVerify } from '@/lib/flows/flow-guard';
import { sentAgo, waitBeforeResend } from '@/lib/flows/resend';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { sendConfirmation } from '@/lib/flows/verify-email';
import { formAction } from '@/lib/form-action';
import { answerLimited, attemptSend, sendRefusalKey } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { updateFlow } from '@/lib/session';
import type { FormState, ResendState } from '@/lib/validation/form-state';

/** Sends the confirmation link (a POST: loading the page never sends one by itself). */
export const startVerification = formAction(async function startVerification(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withSub);
  const { requestId, sub } = flow;
  // The address typed on the e-mail step names the account in both API generations; the
  // subject the password step (or the provider's entry) bound to the flow is the fallback.
  const whom = flow.email ? { email: flow.email } : { sub };
  const allowed = await attemptSend('verify', sub);
  if (!allowed.ok) {
    // A link sent moments ago (in this sign-in or another) still works: "check your e-mail",
    // counting down to when another may be asked for.
    if (flow.verify) redirect(stepUrl('/verify-email', requestId));
    if (allowed.limit.startsWith('wait.')) {
      log.info(counted({ event: 'rate-limited', step: 'verify.start', limit: allowed.limit, retryAfter: allowed.retryAfter }), 'a link was just sent');
      await updateFlow({ verify: { whom, sentAt: sentAgo(allowed.retryAfter) } });
      redirect(stepUrl('/verify-email', requestId));
    }
    answerLimited(allowed, 'verify.start');
    return { status: 'invalid', fieldErrors: {}, formError: sendRefusalKey(allowed, 'code'), retryAfter: allowed.retryAfter };
  }
  let accvid: string | undefined;
  try {
    ({ accvid } = await sendConfirmation({ requestId, whom, locale: await getLocale() }));
  } catch (error) {
    if (isOutage(error)) return retryOnForm(error, { step: 'verify.start' });
    failForRequest(error, { step: 'verify.start' }, stepUrl('/verify-email', requestId));
  }
  await updateFlow({ verify: { whom, sentAt: Date.now(), accvid } });
  log.info(counted({ event: 'verify.sent', account: accountRef(sub) }), 'confirmation link sent');
  redirect(stepUrl('/verify-email', requestId));
});

/** Sends the link again once the countdown has run out. */
export const resendVerification = formAction(async function resendVerification(_prev: ResendState, formData: FormData): Promise<ResendState> {
  const flow = await guardAction(formData, withVerify);
  const { verify, requestId } = flow;
  if (!verify.whom) redirect(errorUrl('expired', requestId));
  const account = flow.sub ?? ('email' in verify.whom ? verify.whom.email.toLowerCase() : verify.whom.sub);
  const wait = await waitBeforeResend('verify', account, 'verify.resend');
  if (wait) return wait;
  let accvid: string | undefined;
  try {
    ({ accvid } = await sendConfirmation({ requestId, whom: verify.whom, locale: await getLocale() }));
  } catch (error) {
    failForRequest(error, { step: 'verify.resend' }, stepUrl('/verify-email', requestId));
  }
  await updateFlow({ verify: { ...verify, sentAt: Date.now(), accvid: accvid ?? verify.accvid } });
  redirect(stepUrl('/verify-email', requestId, { resent: '1' }));
});
