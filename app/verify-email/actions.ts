'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { failForRequest, failToErrorPage } from '@/lib/errors';
import { secondsUntilResend } from '@/lib/flows/resend';
import { confirmWithCode, sendConfirmation, type ConfirmOutcome } from '@/lib/flows/verify-email';
import { singleFlight } from '@/lib/flows/single-flight';
import { accountRef, log } from '@/lib/log';
import { joinFlow, readFlow, unsealFromForm, updateFlow } from '@/lib/session';
import { fieldErrorsOf, MfaCodeField } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';
import type { CodeFormState } from '../_components/code-form';
import type { ResendState } from '../_components/resend-form';

export type VerifyEntry = { requestId: string; sub: string };

const page = (path: string, requestId: string, extra = '') => `${path}?requestId=${encodeURIComponent(requestId)}${extra}`;

/** Sends the confirmation link (a POST: loading the page never sends one by itself). */
export async function startVerification(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const entry = await unsealFromForm<VerifyEntry>(formData.get('entry'));
  if (!entry.requestId || !entry.sub) redirect('/error?reason=expired');
  const { requestId, sub } = entry as VerifyEntry;
  await joinFlow(requestId);
  const flow = await readFlow();
  // The address typed on the e-mail step names the account in both API generations; the
  // subject from the provider's redirect is the fallback.
  const whom = flow?.email ? { email: flow.email } : { sub };
  let accvid: string | undefined;
  try {
    ({ accvid } = await sendConfirmation({ requestId, whom, locale: await getLocale() }));
  } catch (error) {
    failForRequest(error, { step: 'verify.start' });
  }
  await updateFlow({ sub, verify: { whom, sentAt: Date.now(), accvid } });
  log.info({ event: 'verify.sent', account: accountRef(sub) }, 'confirmation link sent');
  redirect(page('/verify-email', requestId));
}

/** Sends the link again once the countdown has run out. */
export async function resendVerification(_prev: ResendState): Promise<ResendState> {
  const flow = await readFlow();
  const verify = flow?.verify;
  if (!flow || !verify?.whom) redirect('/error?reason=expired');
  const wait = secondsUntilResend(verify.sentAt);
  if (wait > 0) return { status: 'wait', seconds: wait };
  let accvid: string | undefined;
  try {
    ({ accvid } = await sendConfirmation({ requestId: flow.requestId, whom: verify.whom, locale: await getLocale() }));
  } catch (error) {
    failForRequest(error, { step: 'verify.resend' });
  }
  await updateFlow({ verify: { ...verify, sentAt: Date.now(), accvid: accvid ?? verify.accvid } });
  redirect(page('/verify-email', flow.requestId, '&resent=1'));
}

const CodeSchema = z.object({ code: MfaCodeField });

/** The tenant asked for a code (verification_complete, processingType CODE): check it. */
export async function submitVerificationCode(_prev: CodeFormState, formData: FormData): Promise<CodeFormState> {
  const parsed = CodeSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'code'>(parsed.error) };
  const flow = await readFlow();
  const accvid = flow?.verify?.accvid;
  if (!flow || !accvid) redirect('/error?reason=expired');

  let outcome: ConfirmOutcome;
  try {
    const locale = await getLocale();
    outcome = await singleFlight(['verify', accvid, parsed.data.code], () => confirmWithCode({ accvid, code: parsed.data.code, locale }));
  } catch (error) {
    failToErrorPage(error, { step: 'verify.code' });
  }
  log.info({ event: 'verify.code', outcome: outcome.kind }, 'confirmation code');
  if (outcome.kind === 'code-error') return { status: 'invalid', fieldErrors: { code: outcome.key } };
  await updateFlow({ verify: undefined });
  if (outcome.kind === 'gone') redirect(`/error?reason=expired&requestId=${encodeURIComponent(flow.requestId)}`);
  const signIn = outcome.signInTrackId
    ? `&${new URLSearchParams({ suggested_action: 'LOGIN', trackId: outcome.signInTrackId })}`
    : '';
  redirect(page('/verify-email-complete', flow.requestId, signIn));
}
