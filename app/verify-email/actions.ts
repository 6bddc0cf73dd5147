'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { failForRequest, isOutage, retryOnForm } from '@/lib/errors';
import { guardAction, withSub, withVerify, withVerifyCode } from '@/lib/flows/flow-guard';
import { singleFlight } from '@/lib/flows/single-flight';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { confirmWithCode, sendConfirmation, type ConfirmOutcome } from '@/lib/flows/verify-email';
import { answerLimited, attempt, attemptSend } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { updateFlow } from '@/lib/session';
import { fieldErrorsOf, MfaCodeField } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';
import type { CodeFormState } from '../_components/code-form';
import type { ResendState } from '../_components/resend-form';

/** Sends the confirmation link (a POST: loading the page never sends one by itself). */
export async function startVerification(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withSub);
  const { requestId, sub } = flow;
  // The address typed on the e-mail step names the account in both API generations; the
  // subject the password step (or the provider's entry) bound to the flow is the fallback.
  const whom = flow.email ? { email: flow.email } : { sub };
  const allowed = await attemptSend('verify', sub);
  if (!allowed.ok) {
    if (flow.verify) redirect(stepUrl('/verify-email', requestId));
    answerLimited(allowed, 'verify.start');
    return { status: 'invalid', fieldErrors: {}, formError: 'tooManySends' };
  }
  let accvid: string | undefined;
  try {
    ({ accvid } = await sendConfirmation({ requestId, whom, locale: await getLocale() }));
  } catch (error) {
    if (isOutage(error)) return retryOnForm(error, { step: 'verify.start' });
    failForRequest(error, { step: 'verify.start' });
  }
  await updateFlow({ verify: { whom, sentAt: Date.now(), accvid } });
  log.info({ event: 'verify.sent', account: accountRef(sub) }, 'confirmation link sent');
  redirect(stepUrl('/verify-email', requestId));
}

/** Sends the link again once the countdown has run out. */
export async function resendVerification(_prev: ResendState, formData: FormData): Promise<ResendState> {
  const flow = await guardAction(formData, withVerify);
  const { verify, requestId } = flow;
  if (!verify.whom) redirect(errorUrl('expired', requestId));
  const allowed = await attemptSend('verify', flow.sub ?? ('email' in verify.whom ? verify.whom.email.toLowerCase() : verify.whom.sub));
  if (!allowed.ok) {
    answerLimited(allowed, 'verify.resend');
    return { status: 'wait', seconds: allowed.retryAfter };
  }
  let accvid: string | undefined;
  try {
    ({ accvid } = await sendConfirmation({ requestId, whom: verify.whom, locale: await getLocale() }));
  } catch (error) {
    failForRequest(error, { step: 'verify.resend' });
  }
  await updateFlow({ verify: { ...verify, sentAt: Date.now(), accvid: accvid ?? verify.accvid } });
  redirect(stepUrl('/verify-email', requestId, { resent: '1' }));
}

const CodeSchema = z.object({ code: MfaCodeField });

/** The tenant asked for a code (verification_complete, processingType CODE): check it. */
export async function submitVerificationCode(_prev: CodeFormState, formData: FormData): Promise<CodeFormState> {
  const parsed = CodeSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, withVerifyCode);
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'code'>(parsed.error) };
  const { requestId } = flow;
  const { accvid } = flow.verify;
  const allowed = await attempt([['code.exchange', accvid], ['code.address', 'address']]);
  if (!allowed.ok) {
    answerLimited(allowed, 'verify.code');
    return { status: 'invalid', fieldErrors: { code: allowed.limit === 'code.exchange' ? 'tooManyCodeAttempts' : 'tooManyAttempts' } };
  }

  let outcome: ConfirmOutcome;
  try {
    const locale = await getLocale();
    outcome = await singleFlight(['verify', accvid, parsed.data.code], () => confirmWithCode({ accvid, code: parsed.data.code, locale }));
  } catch (error) {
    return retryOnForm(error, { step: 'verify.code' }, { code: parsed.data.code });
  }
  log.info({ event: 'verify.code', outcome: outcome.kind }, 'confirmation code');
  if (outcome.kind === 'code-error') return { status: 'invalid', fieldErrors: { code: outcome.key } };
  await updateFlow({ verify: undefined });
  if (outcome.kind === 'gone') redirect(errorUrl('expired', requestId));
  const signIn = outcome.signInTrackId ? { suggested_action: 'LOGIN', trackId: outcome.signInTrackId } : {};
  redirect(stepUrl('/verify-email-complete', requestId, signIn));
}
