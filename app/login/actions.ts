'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { retryOnForm } from '@/lib/errors';
import { continuationAfter } from '@/lib/flows/continuation';
import { guardAction, withEmail } from '@/lib/flows/flow-guard';
import { checkPassword, lockedState, type PasswordOutcome } from '@/lib/flows/sign-in';
import { singleFlight } from '@/lib/flows/single-flight';
import { stepUrl } from '@/lib/flows/step-urls';
import { answerLimited, attempt } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { updateFlow } from '@/lib/session';
import { CheckboxField, fieldErrorsOf, LoginPasswordField } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';

const CredentialsSchema = z.object({ password: LoginPasswordField, rememberMe: CheckboxField });

export type CredentialsFormState = FormState<'email' | 'password'>;

/** The password step. The password goes to the provider once and is never stored or echoed. */
export async function verifyPassword(_prev: CredentialsFormState, formData: FormData): Promise<CredentialsFormState> {
  const parsed = CredentialsSchema.safeParse(Object.fromEntries(formData));
  // The password is checked for the sign-in this page showed, never for one another tab started.
  const flow = await guardAction(formData, withEmail);
  const { requestId, email } = flow;
  if (!parsed.success) {
    return { status: 'invalid', fieldErrors: fieldErrorsOf<'password'>(parsed.error) };
  }
  // A locked account is not asked again until the lock has ended (the provider would refuse).
  const lock = lockedState(flow.lockedUntil);
  if (lock.status === 'invalid') return lock;
  const { password } = parsed.data;
  const allowed = await attempt([
    ['password.address', 'address'],
    ['password.account', email.toLowerCase()],
  ]);
  if (!allowed.ok) {
    answerLimited(allowed, 'password');
    return { status: 'invalid', fieldErrors: { password: 'tooManyAttempts' }, retryAfter: allowed.retryAfter };
  }

  let outcome: PasswordOutcome;
  try {
    const locale = await getLocale();
    // A repeated identical submit shares the first one's provider call and outcome.
    outcome = await singleFlight(['password', requestId, email, password], () => checkPassword({ requestId, email, password, locale }));
  } catch (error) {
    return retryOnForm(error, { step: 'password' });
  }
  log.info({ event: 'password.verified', outcome: outcome.kind, account: accountRef(email) }, 'sign-in attempt');

  switch (outcome.kind) {
    case 'field-error':
      return { status: 'invalid', fieldErrors: { [outcome.field]: outcome.key } };
    case 'locked':
      await updateFlow({ lockedUntil: outcome.until });
      return lockedState(outcome.until);
    case 'unusable':
      redirect(stepUrl('/account-unavailable', requestId));
    case 'verified':
      break;
  }
  await updateFlow({
    sub: outcome.sub,
    rememberMe: parsed.data.rememberMe,
    lockedUntil: undefined,
    continuation: continuationAfter({ step: 'password', sub: outcome.sub, statusId: outcome.statusId, exchangeId: outcome.exchangeId }),
  });
  redirect(stepUrl('/continue', requestId));
}
