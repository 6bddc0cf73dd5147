'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { failToErrorPage } from '@/lib/errors';
import { sendCode, verifyCode, type CodeOutcome, type SendOutcome } from '@/lib/flows/mfa-steps';
import { secondsUntilResend } from '@/lib/flows/resend';
import { singleFlight } from '@/lib/flows/single-flight';
import { accountRef, log } from '@/lib/log';
import { allowedRedirectOrigins, checkRedirect } from '@/lib/redirects';
import { getFlowSession, joinFlow, readFlow, unsealFromForm, updateFlow, type MfaOption } from '@/lib/session';
import { fieldErrorsOf, MfaCodeField } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';
import type { CodeFormState } from '../_components/code-form';
import type { ResendState } from '../_components/resend-form';

/** What the MFA entry page seals into its forms: the provider's query, and the options it offered. */
export type MfaEntry = { trackId: string; sub: string; requestId: string; options: MfaOption[] };

const codePage = (requestId: string, extra = '') => `/register-mfa/code?requestId=${encodeURIComponent(requestId)}${extra}`;

/** Starts the chosen (or only) option: a POST, so no page load ever sends a code by itself. */
export async function startMfa(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const entry = await unsealFromForm<MfaEntry>(formData.get('entry'));
  const option = entry.options?.find((o) => o.type === formData.get('type'));
  if (!entry.trackId || !entry.sub || !entry.requestId || !option) redirect('/error?reason=expired');
  const { trackId, sub, requestId, options } = entry as MfaEntry;

  await joinFlow(requestId);

  let outcome: SendOutcome;
  try {
    outcome = await sendCode({ option, requestId, sub, trackId, locale: await getLocale() });
  } catch (error) {
    failToErrorPage(error, { step: 'mfa.start', type: option.type });
  }
  if (outcome.kind === 'redirect') {
    const target = checkRedirect(outcome.url, allowedRedirectOrigins(getConfig()));
    if (!target) failToErrorPage(new Error('MFA redirect target not allowed'), { step: 'mfa.start' });
    redirect(target);
  }
  await updateFlow({
    sub,
    mfa: { trackId, sub, options, active: { ...option, exchangeId: outcome.exchangeId, sentAt: Date.now(), destination: outcome.destination } },
  });
  log.info({ event: 'mfa.sent', type: option.type, account: accountRef(sub) }, 'second factor started');
  redirect(codePage(requestId));
}

const CodeSchema = z.object({ code: MfaCodeField });

/** Checks the code; on success the flow continues with the provider's precheck continuation. */
export async function submitMfaCode(_prev: CodeFormState, formData: FormData): Promise<CodeFormState> {
  const parsed = CodeSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'code'>(parsed.error) };
  const flow = await readFlow();
  const mfa = flow?.mfa;
  if (!flow || !mfa?.active) redirect('/error?reason=expired');
  const { active } = mfa;

  let outcome: CodeOutcome;
  try {
    const locale = await getLocale();
    outcome = await singleFlight(['mfa', active.exchangeId, parsed.data.code], () =>
      verifyCode({ type: active.type, exchangeId: active.exchangeId, code: parsed.data.code, requestId: flow.requestId, locale }),
    );
  } catch (error) {
    failToErrorPage(error, { step: 'mfa.verify', type: active.type });
  }
  log.info({ event: 'mfa.verified', type: active.type, outcome: outcome.kind, account: accountRef(mfa.sub) }, 'sign-in attempt');
  if (outcome.kind === 'code-error') return { status: 'invalid', fieldErrors: { code: outcome.key } };

  await updateFlow({
    continuation: {
      target: 'precheck-continue',
      trackId: mfa.trackId,
      statusId: outcome.statusId,
      sub: mfa.sub,
      verificationType: active.type,
      selectedGroupId: flow.groupId,
    },
  });
  redirect(`/continue?requestId=${encodeURIComponent(flow.requestId)}`);
}


/** Sends a new code for the same option, once the countdown has run out. */
export async function resendMfaCode(_prev: ResendState): Promise<ResendState> {
  const session = await getFlowSession();
  const mfa = session.mfa;
  if (!session.requestId || !mfa?.active) redirect('/error?reason=expired');
  const wait = secondsUntilResend(mfa.active.sentAt);
  if (wait > 0) return { status: 'wait', seconds: wait };

  let outcome: SendOutcome;
  try {
    outcome = await sendCode({ option: mfa.active, requestId: session.requestId, sub: mfa.sub, trackId: mfa.trackId, locale: await getLocale() });
  } catch (error) {
    failToErrorPage(error, { step: 'mfa.resend', type: mfa.active.type });
  }
  if (outcome.kind === 'redirect') failToErrorPage(new Error('resend answered with a redirect'), { step: 'mfa.resend' });
  await updateFlow({
    mfa: { ...mfa, active: { ...mfa.active, exchangeId: outcome.exchangeId, sentAt: Date.now(), destination: outcome.destination ?? mfa.active.destination } },
  });
  redirect(codePage(session.requestId, '&resent=1'));
}
