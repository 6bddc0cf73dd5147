'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { failToErrorPage, retryOnForm } from '@/lib/errors';
import { guardAction, withActiveCode, withPrecheck } from '@/lib/flows/flow-guard';
import { canResend, mfaStepPath } from '@/lib/flows/mfa';
import { sendCode, startOption, type SendOutcome, type StartOutcome } from '@/lib/flows/mfa-steps';
import { waitBeforeResend } from '@/lib/flows/resend';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { answerLimited, attemptSend } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { allowedRedirectOrigins, checkRedirect } from '@/lib/redirects';
import { updateFlow } from '@/lib/session';
import type { FormState, ResendState } from '@/lib/validation/form-state';

const StartSchema = z.object({ type: z.string().regex(/^[A-Z0-9_]{2,32}$/) });

/**
 * Starts the chosen (or only) option: a POST, so no page load ever sends a code by itself. The
 * option must be one the provider lists for the flow's account now; the account and the track
 * come from the flow cookie only.
 */
export async function startMfa(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const parsed = StartSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, withPrecheck('mfa'));
  if (!parsed.success) redirect(errorUrl('invalid-request', flow.requestId));
  const { requestId, sub } = flow;
  const { trackId } = flow.precheck;
  const { type } = parsed.data;

  // Another post for the same method within the wait sends nothing: the code already sent (in
  // this flow) is the one to enter; otherwise the person is told to wait.
  if (canResend(type)) {
    const allowed = await attemptSend(`mfa.${type}`, sub);
    if (!allowed.ok) {
      if (flow.mfa?.trackId === trackId && flow.mfa.active?.type === type) redirect(stepUrl(mfaStepPath(type), requestId));
      answerLimited(allowed, 'mfa.start');
      return { status: 'invalid', fieldErrors: {}, formError: 'tooManySends' };
    }
  }

  let outcome: StartOutcome;
  try {
    outcome = await startOption({ type, requestId, sub, trackId, locale: await getLocale() });
  } catch (error) {
    return retryOnForm(error, { step: 'mfa.start', type });
  }
  // The option is no longer offered (the account changed since the page was shown).
  if (outcome.kind === 'not-offered') redirect(stepUrl('/register-mfa', requestId, { view: 'options' }));
  if (outcome.kind === 'redirect') {
    const target = checkRedirect(outcome.url, allowedRedirectOrigins(getConfig()));
    if (!target) failToErrorPage(new Error('MFA redirect target not allowed'), { step: 'mfa.start' });
    redirect(target);
  }
  const { option, options, exchangeId, destination, push } = outcome;
  await updateFlow({ mfa: { trackId, options, active: { ...option, exchangeId, sentAt: Date.now(), destination, push } } });
  log.info({ event: 'mfa.sent', type: option.type, account: accountRef(sub) }, 'second factor started');
  redirect(stepUrl(mfaStepPath(option.type), requestId));
}

/** Sends a new code (or push request) for the same option, once the countdown has run out. */
export async function resendMfaCode(_prev: ResendState, formData: FormData): Promise<ResendState> {
  const flow = await guardAction(formData, withActiveCode);
  const { mfa, sub, requestId } = flow;
  const wait = await waitBeforeResend(`mfa.${mfa.active.type}`, sub, 'mfa.resend');
  if (wait) return wait;

  let outcome: SendOutcome;
  try {
    outcome = await sendCode({ option: mfa.active, requestId, sub, trackId: mfa.trackId, locale: await getLocale() });
  } catch (error) {
    failToErrorPage(error, { step: 'mfa.resend', type: mfa.active.type });
  }
  if (outcome.kind === 'redirect') failToErrorPage(new Error('resend answered with a redirect'), { step: 'mfa.resend' });
  await updateFlow({
    mfa: {
      ...mfa,
      active: {
        ...mfa.active,
        exchangeId: outcome.exchangeId,
        sentAt: Date.now(),
        destination: outcome.destination ?? mfa.active.destination,
        push: outcome.push,
      },
    },
  });
  redirect(stepUrl(mfaStepPath(mfa.active.type), requestId, { resent: '1' }));
}
