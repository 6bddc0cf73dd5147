'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { failToErrorPage, retryOnForm } from '@/lib/errors';
import { guardAction, withActiveCode, withPrecheck } from '@/lib/flows/flow-guard';
import { canResend, mfaStepPath } from '@/lib/flows/mfa';
import { sendCode, startOption, verifyCode, type CodeOutcome, type SendOutcome, type StartOutcome } from '@/lib/flows/mfa-steps';
import { singleFlight } from '@/lib/flows/single-flight';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { answerLimited, attempt, attemptSend } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { allowedRedirectOrigins, checkRedirect } from '@/lib/redirects';
import { updateFlow } from '@/lib/session';
import { fieldErrorsOf, MfaCodeField } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';
import type { CodeFormState } from '../_components/code-form';
import type { ResendState } from '../_components/resend-form';

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

const CodeSchema = z.object({ code: MfaCodeField });

/** Checks the code; on success the flow continues with the provider's precheck continuation. */
export async function submitMfaCode(_prev: CodeFormState, formData: FormData): Promise<CodeFormState> {
  const parsed = CodeSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, withActiveCode);
  const { mfa, sub, requestId } = flow;
  const { active } = mfa;
  // A push has no code: a stale code page posting here is sent to where the push is waited for.
  if (active.type === 'PUSH') redirect(stepUrl(mfaStepPath(active.type), requestId));
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'code'>(parsed.error) };
  const allowed = await attempt([['code.exchange', active.exchangeId], ['code.address', 'address']]);
  if (!allowed.ok) {
    answerLimited(allowed, 'mfa.verify');
    return { status: 'invalid', fieldErrors: { code: allowed.limit === 'code.exchange' ? 'tooManyCodeAttempts' : 'tooManyAttempts' } };
  }

  let outcome: CodeOutcome;
  try {
    const locale = await getLocale();
    outcome = await singleFlight(['mfa', active.exchangeId, parsed.data.code], () =>
      verifyCode({ type: active.type, exchangeId: active.exchangeId, code: parsed.data.code, requestId, locale }),
    );
  } catch (error) {
    return retryOnForm(error, { step: 'mfa.verify', type: active.type }, { code: parsed.data.code });
  }
  log.info({ event: 'mfa.verified', type: active.type, outcome: outcome.kind, account: accountRef(sub) }, 'sign-in attempt');
  if (outcome.kind === 'code-error') return { status: 'invalid', fieldErrors: { code: outcome.key } };

  await updateFlow({
    continuation: {
      target: 'precheck-continue',
      trackId: mfa.trackId,
      statusId: outcome.statusId,
      sub,
      verificationType: active.type,
      selectedGroupId: flow.groupId,
    },
  });
  redirect(stepUrl('/continue', requestId));
}

/** Sends a new code (or push request) for the same option, once the countdown has run out. */
export async function resendMfaCode(_prev: ResendState, formData: FormData): Promise<ResendState> {
  const flow = await guardAction(formData, withActiveCode);
  const { mfa, sub, requestId } = flow;
  const allowed = await attemptSend(`mfa.${mfa.active.type}`, sub);
  if (!allowed.ok) {
    answerLimited(allowed, 'mfa.resend');
    return { status: 'wait', seconds: allowed.retryAfter };
  }

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
      active: { ...mfa.active, exchangeId: outcome.exchangeId, sentAt: Date.now(), destination: outcome.destination ?? mfa.active.destination, push: outcome.push },
    },
  });
  redirect(stepUrl(mfaStepPath(mfa.active.type), requestId, { resent: '1' }));
}
