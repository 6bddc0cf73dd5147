'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { keepOnForm, retryOnForm } from '@/lib/errors';
import { continuationAfter } from '@/lib/flows/continuation';
import { guardAction, withEmail } from '@/lib/flows/flow-guard';
import { checkAssertion, prepareSignIn, type CheckOutcome, type Prepared } from '@/lib/flows/passkeys';
import { checkPassword, lockedState, type PasswordOutcome } from '@/lib/flows/sign-in';
import { singleFlight } from '@/lib/flows/single-flight';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountAtClient, answerLimited, attempt, attemptFailing } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { updateFlow } from '@/lib/session';
import { CheckboxField, fieldErrorsOf, LoginPasswordField } from '@/lib/validation/fields';
import type { FormState, PasskeyState } from '@/lib/validation/form-state';

const CredentialsSchema = z.object({ password: LoginPasswordField, rememberMe: CheckboxField });

export type CredentialsFormState = FormState<'email' | 'password'>;

/** The password step. The password goes to the provider once and is never stored or echoed. */
export const verifyPassword = formAction(async function verifyPassword(_prev: CredentialsFormState, formData: FormData): Promise<CredentialsFormState> {
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
  // The network's budget counts wrong passwords only (D49); the account's at this client, every try.
  // Either refusal is a wait, said about the form with its time, never a lock of the account.
  const network = await attemptFailing([['password.address', 'address']]);
  if (!network.ok) {
    answerLimited(network, 'password');
    return { status: 'invalid', fieldErrors: {}, formError: 'networkAttemptsWait', retryAfter: network.retryAfter };
  }
  const allowed = await attempt([['password.account', accountAtClient(email)]]);
  if (!allowed.ok) {
    await network.succeeded();
    answerLimited(allowed, 'password');
    return { status: 'invalid', fieldErrors: {}, formError: 'accountAttemptsWait', retryAfter: allowed.retryAfter };
  }

  let outcome: PasswordOutcome;
  try {
    const locale = await getLocale();
    // A repeated identical submit shares the first one's provider call and outcome.
    outcome = await singleFlight(['password', requestId, email, password], () => checkPassword({ requestId, email, password, locale }));
  } catch (error) {
    await network.succeeded();
    return retryOnForm(error, { step: 'password' });
  }
  // Only a verified password is no failure: a wrong one, or the one that locked the account, is.
  if (outcome.kind === 'verified') await network.succeeded();
  log.info(counted({ event: 'password.verified', outcome: outcome.kind, account: accountRef(email) }), 'sign-in attempt');

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
});

/**
 * Opens a passkey ceremony for the account named on the e-mail step (docs/features.md "Passkeys"), asked by
 * the page itself once it runs, where the e-mail step found FIDO2 configured.
 */
export const preparePasskeySignIn = formAction(async function preparePasskeySignIn(_prev: PasskeyState, formData: FormData): Promise<PasskeyState> {
  const flow = await guardAction(formData, withEmail);
  if (!getConfig().passkeys || !flow.passkeyOffered) return { status: 'invalid', fieldErrors: {}, formError: 'passkeyUnavailable' };
  let prepared: Prepared;
  try {
    prepared = await prepareSignIn({ requestId: flow.requestId, email: flow.email, locale: await getLocale() });
  } catch (error) {
    return keepOnForm(error, { step: 'passkey.prepare' }, 'passkeyUnavailable');
  }
  await updateFlow({ passkey: prepared.ceremony });
  return prepared.state;
});

/** The browser's assertion: accepted, the sign-in goes on like after a password. */
export const finishPasskeySignIn = formAction(async function finishPasskeySignIn(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withEmail);
  const { passkey, requestId, email } = flow;
  if (!getConfig().passkeys || passkey?.purpose !== 'sign-in') return { status: 'invalid', fieldErrors: {}, formError: 'passkeyRefused' };
  const allowed = await attempt([
    ['password.address', 'address'],
    ['password.account', accountAtClient(email)],
  ]);
  if (!allowed.ok) {
    answerLimited(allowed, 'passkey');
    return { status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts', retryAfter: allowed.retryAfter };
  }
  let outcome: CheckOutcome;
  try {
    outcome = await checkAssertion({ ceremony: passkey, credential: formData.get('credential'), requestId, locale: await getLocale() });
  } catch (error) {
    return keepOnForm(error, { step: 'passkey' }, 'passkeyRefused');
  }
  log.info(counted({ event: 'passkey.verified', outcome: outcome.kind, account: accountRef(email) }), 'sign-in attempt');
  if (outcome.kind !== 'verified' || !outcome.sub) return { status: 'invalid', fieldErrors: {}, formError: 'passkeyRefused' };
  await updateFlow({
    sub: outcome.sub,
    // The password form's "stay signed in" is not part of a passkey sign-in: its default holds.
    rememberMe: true,
    lockedUntil: undefined,
    passkey: undefined,
    continuation: continuationAfter({ step: 'passkey', sub: outcome.sub, statusId: outcome.statusId, exchangeId: passkey.exchangeId }),
  });
  redirect(stepUrl('/continue', requestId));
});
