'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { failToErrorPage, failForRequest } from '@/lib/errors';
import { secondsUntilResend } from '@/lib/flows/resend';
import { singleFlight } from '@/lib/flows/single-flight';
import { accountRef, log } from '@/lib/log';
import { isProviderError } from '@/lib/provider/errors';
import { acceptReset, initiateReset } from '@/lib/provider/reset';
import { allowedRedirectOrigins, checkRedirect } from '@/lib/redirects';
import { readFlow, updateFlow } from '@/lib/session';
import { fieldErrorsOf, ruleField } from '@/lib/validation/fields';
import type { ErrorKey, FormState } from '@/lib/validation/form-state';
import { newPasswordError, repeatPasswordError } from '@/lib/validation/rules';
import type { ResendState } from '../_components/resend-form';

const query = (requestId: string) => `?requestId=${encodeURIComponent(requestId)}`;

/**
 * Sends the reset link to the flow's e-mail. `purpose` records the password-required flag:
 * set from "set a password", cleared from "forgot password" (product-spec.md §4).
 */
export async function sendResetLink(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await readFlow();
  if (!flow?.email) redirect('/error?reason=expired');
  try {
    await initiateReset({ email: flow.email, requestId: flow.requestId, locale: await getLocale() });
  } catch (error) {
    failForRequest(error, { step: 'reset.initiate' });
  }
  await updateFlow({ passwordRequired: formData.get('purpose') === 'required', resetSentAt: Date.now() });
  log.info({ event: 'reset.sent', account: accountRef(flow.email) }, 'reset link requested');
  redirect(`/reset-password-confirmation${query(flow.requestId)}`);
}

/** Sends the link again once the countdown has run out; never says whether the account exists. */
export async function resendResetLink(_prev: ResendState): Promise<ResendState> {
  const flow = await readFlow();
  if (!flow?.email) redirect('/error?reason=expired');
  const wait = secondsUntilResend(flow.resetSentAt ?? 0);
  if (wait > 0) return { status: 'wait', seconds: wait };
  try {
    await initiateReset({ email: flow.email, requestId: flow.requestId, locale: await getLocale() });
  } catch (error) {
    failForRequest(error, { step: 'reset.resend' });
  }
  await updateFlow({ resetSentAt: Date.now() });
  redirect(`/reset-password-confirmation${query(flow.requestId)}&resent=1`);
}

const NewPasswordSchema = z
  .object({ password: ruleField(newPasswordError), confirmPassword: z.string().default('') })
  .superRefine((value, ctx) => {
    const key = repeatPasswordError(value.password, value.confirmPassword);
    if (key) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: key });
  });

export type NewPasswordState = FormState<'password' | 'confirmPassword'>;

/** Provider answers on accept that are the person's to fix (product-spec.md §8). */
const ACCEPT_ERRORS = new Map<string, ErrorKey>([
  ['VER_0120', 'passwordPwned'],
  ['VER_0119', 'passwordReused'],
]);
/** The link itself is no longer valid (provider-api.md §5.11: 10002). */
const LINK_GONE = '10002';

export async function saveNewPassword(_prev: NewPasswordState, formData: FormData): Promise<NewPasswordState> {
  const parsed = NewPasswordSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'password' | 'confirmPassword'>(parsed.error) };
  const flow = await readFlow();
  if (!flow?.reset) redirect(`/reset-password${flow ? query(flow.requestId) : ''}`);
  const { reset, requestId } = flow;
  const { password } = parsed.data;

  let result: { redirectUri: string | undefined } | { userError: ErrorKey } | { linkGone: true };
  try {
    const locale = await getLocale();
    result = await singleFlight(['reset', reset.rprq, password], () =>
      acceptReset({ password, resetRequestId: reset.rprq, exchangeId: reset.exchangeId, requestId, locale }),
    );
  } catch (error) {
    const code = isProviderError(error) && error.kind === 'rejected' ? String(error.code) : undefined;
    const userError = code ? ACCEPT_ERRORS.get(code) : undefined;
    if (userError) result = { userError };
    else if (code === LINK_GONE) result = { linkGone: true };
    else failToErrorPage(error, { step: 'reset.accept' });
  }
  if ('userError' in result) return { status: 'invalid', fieldErrors: { password: result.userError } };
  await updateFlow({ reset: undefined });
  if ('linkGone' in result) redirect(`/reset-password${query(requestId)}`);

  log.info({ event: 'reset.done' }, 'password reset');
  const target = result.redirectUri ? checkRedirect(result.redirectUri, allowedRedirectOrigins(getConfig())) : null;
  redirect(target ?? `/reset-password-success${query(requestId)}`);
}
