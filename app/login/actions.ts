'use server';

import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { failToErrorPage } from '@/lib/errors';
import { guardAction, withEmail } from '@/lib/flows/flow-guard';
import { verifyPassword, type PasswordOutcome } from '@/lib/flows/sign-in';
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
export async function submitPassword(
  _prev: CredentialsFormState,
  formData: FormData,
): Promise<CredentialsFormState> {
  const parsed = CredentialsSchema.safeParse(Object.fromEntries(formData));
  // The password is checked for the sign-in this page showed, never for one another tab started.
  const { requestId, email } = await guardAction(formData, withEmail);
  if (!parsed.success) {
    return { status: 'invalid', fieldErrors: fieldErrorsOf<'password'>(parsed.error) };
  }
  const { password } = parsed.data;
  const allowed = await attempt([['password.address', 'address'], ['password.account', email.toLowerCase()]]);
  if (!allowed.ok) {
    answerLimited(allowed, 'password');
    return { status: 'invalid', fieldErrors: { password: 'tooManyAttempts' } };
  }

  let outcome: PasswordOutcome;
  try {
    const locale = await getLocale();
    // A repeated identical submit shares the first one's provider call and outcome.
    outcome = await singleFlight(['password', requestId, email, password], () =>
      verifyPassword({ requestId, email, password, locale }),
    );
  } catch (error) {
    failToErrorPage(error, { step: 'password' });
  }
  log.info(
    { event: 'password.verified', outcome: outcome.kind, account: accountRef(email) },
    'sign-in attempt',
  );

  if (outcome.kind === 'field-error') {
    return { status: 'invalid', fieldErrors: { [outcome.field]: outcome.key } };
  }
  await updateFlow({
    sub: outcome.sub,
    rememberMe: parsed.data.rememberMe,
    continuation: {
      target: 'verification-login',
      statusId: outcome.statusId,
      sub: outcome.sub,
      verificationType: 'password',
      exchangeId: outcome.exchangeId,
    },
  });
  redirect(stepUrl('/continue', requestId));
}
