'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { failForRequest } from '@/lib/errors';
import { secondsUntilResend } from '@/lib/flows/resend';
import { initiateAccountVerification } from '@/lib/provider/account-verification';
import { joinFlow, readFlow, unsealFromForm, updateFlow } from '@/lib/session';
import type { FormState } from '@/lib/validation/form-state';
import type { ResendState } from '../_components/resend-form';

export type VerifyEntry = { requestId: string; sub: string };

const page = (requestId: string, extra = '') => `/verify-email?requestId=${encodeURIComponent(requestId)}${extra}`;

/** Sends the confirmation link (a POST: loading the page never sends one by itself). */
export async function startVerification(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const entry = await unsealFromForm<VerifyEntry>(formData.get('entry'));
  if (!entry.requestId || !entry.sub) redirect('/error?reason=expired');
  const { requestId, sub } = entry as VerifyEntry;
  await joinFlow(requestId);
  try {
    await initiateAccountVerification({ requestId, sub, locale: await getLocale() });
  } catch (error) {
    failForRequest(error, { step: 'verify.start' });
  }
  await updateFlow({ sub, verify: { sub, sentAt: Date.now() } });
  redirect(page(requestId));
}

/** Sends the link again once the countdown has run out. */
export async function resendVerification(_prev: ResendState): Promise<ResendState> {
  const flow = await readFlow();
  if (!flow?.verify) redirect('/error?reason=expired');
  const wait = secondsUntilResend(flow.verify.sentAt);
  if (wait > 0) return { status: 'wait', seconds: wait };
  try {
    await initiateAccountVerification({ requestId: flow.requestId, sub: flow.verify.sub, locale: await getLocale() });
  } catch (error) {
    failForRequest(error, { step: 'verify.resend' });
  }
  await updateFlow({ verify: { ...flow.verify, sentAt: Date.now() } });
  redirect(page(flow.requestId, '&resent=1'));
}
