'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { failToErrorPage, retryOnForm } from '@/lib/errors';
import type { EmailStepOutcome } from '@/lib/flows/next-screen';
import { checkEmail } from '@/lib/flows/sign-in';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountAtClient, answerLimited, attempt, attemptFailing } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { allowedRedirectOrigins, checkRedirect, withQuery } from '@/lib/redirects';
import { rememberedEmail } from '@/lib/remembered';
import { readFlow, startFlow, updateFlow } from '@/lib/session';
import { EmailField, fieldErrorsOf, RequestIdSchema } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';

const EmailStepSchema = z.object({ email: EmailField, requestId: RequestIdSchema });

export type EmailFormState = FormState<'email'>;

/** The e-mail step: ask the provider about the account, then go where the answer says. */
export const submitEmail = formAction(async function submitEmail(_prev: EmailFormState, formData: FormData): Promise<EmailFormState> {
  const input = Object.fromEntries(formData);
  const parsed = EmailStepSchema.safeParse(input);
  if (!parsed.success) {
    if (!RequestIdSchema.safeParse(input.requestId).success) redirect(errorUrl('invalid-request'));
    return {
      status: 'invalid',
      fieldErrors: fieldErrorsOf<'email'>(parsed.error),
      values: { email: typeof input.email === 'string' ? input.email : '' },
    };
  }
  const { email, requestId } = parsed.data;
  // The network's budget counts addresses without an account only (D49); this address's, every post.
  const network = await attemptFailing([['email.address', 'address']]);
  if (!network.ok) {
    answerLimited(network, 'email');
    return { status: 'invalid', fieldErrors: {}, formError: 'networkAttemptsWait', retryAfter: network.retryAfter, values: { email } };
  }
  const allowed = await attempt([['email.account', accountAtClient(email)]]);
  if (!allowed.ok) {
    await network.succeeded();
    answerLimited(allowed, 'email');
    // Not the address's fault: said about the form, with the time left (a minute's window).
    return { status: 'invalid', fieldErrors: {}, formError: 'attemptsWait', retryAfter: allowed.retryAfter, values: { email } };
  }

  let outcome: EmailStepOutcome;
  try {
    outcome = await checkEmail({ requestId, email, locale: await getLocale() });
  } catch (error) {
    await network.succeeded();
    return retryOnForm(error, { step: 'email' }, { email });
  }
  if (outcome.kind !== 'field-error') await network.succeeded();
  log.info(counted({ event: 'email.checked', outcome: outcome.kind, account: accountRef(email) }), 'e-mail step');

  switch (outcome.kind) {
    case 'field-error':
      // No account: "register" in the message opens the form with this address, carried in the
      // flow cookie (never the URL; docs/features.md "Registration").
      if (outcome.key === 'userNotFound') await keepForRegistration(requestId, email);
      return { status: 'invalid', fieldErrors: { email: outcome.key }, values: { email } };
    case 'screen':
      await Promise.all([
        startFlow({ requestId, email, ...(outcome.passkey && getConfig().passkeys ? { passkeyOffered: true } : {}) }),
        rememberedEmail.save(email),
      ]);
      redirect(stepUrl(outcome.path, requestId));
    case 'external': {
      const target = checkRedirect(outcome.url, allowedRedirectOrigins(getConfig()));
      if (!target) failToErrorPage(new Error('redirect target not allowed'), { step: 'email' });
      redirect(withQuery(target, { login_hint: outcome.loginHint }));
    }
    case 'failure':
      failToErrorPage(new Error(outcome.reason), { step: 'email' });
  }
});

/** The address the e-mail step found no account for, for the register form of the same sign-in. */
async function keepForRegistration(requestId: string, email: string): Promise<void> {
  if ((await readFlow())?.requestId === requestId) await updateFlow({ registerEmail: email });
  else await startFlow({ requestId, registerEmail: email });
}
