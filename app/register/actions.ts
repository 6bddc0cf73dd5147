'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { getConfig } from '@/lib/config';
import { retryOnForm } from '@/lib/errors';
import { singleFlight } from '@/lib/flows/single-flight';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountAtClient, answerLimited, attempt } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { requireClientInfo } from '@/lib/provider/client-name';
import { isProviderError } from '@/lib/provider/errors';
import { readRegistrationFields, register, type RegisterOutcome } from '@/lib/provider/registration';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { rememberedEmail } from '@/lib/remembered';
import { startFlow } from '@/lib/session';
import { fieldErrorsOf, parseRequestId } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';
import { inputFields, repeatOf, type RegistrationField } from '@/lib/validation/registration-fields';
import { registrationSchema } from '@/lib/validation/registration-schema';
import { CHECKLIST_ERRORS, checkNewPassword, type PasswordCheck } from '@/lib/validation/rules';
import { closedReason } from './registration-closed';

/**
 * The registration form's answer: the fields are the tenant's, so any name. With the password
 * refused by its rules, the check of what was posted (`check`), for the checklist without JavaScript.
 */
export type RegisterState = FormState<string> & { check?: PasswordCheck };

/** What may be sent back to re-fill the form: everything but passwords. */
function echoed(fields: RegistrationField[], raw: Record<string, string>): Record<string, string> {
  return Object.fromEntries(fields.filter((f) => f.type !== 'PASSWORD' && !repeatOf(f)).map((f) => [f.key, raw[f.key] ?? '']));
}

/**
 * Registration (docs/provider-contract.md, "Registration"): the tenant's fields again (the form
 * is checked against what the tenant asks now, not what the page was rendered with), the schema
 * built from them, the register call, and where its answer leads.
 */
export const submitRegistration = formAction(async function submitRegistration(_prev: RegisterState, formData: FormData): Promise<RegisterState> {
  const requestId = parseRequestId(formData.get('requestId'));
  if (!requestId) redirect(errorUrl('invalid-request'));
  const locale = await getLocale();
  const posted = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : '';
  };

  let fields: RegistrationField[];
  let closed: ReturnType<typeof closedReason>;
  try {
    const [list, client] = await Promise.all([readRegistrationFields({ requestId, locale }), requireClientInfo(requestId, locale)]);
    fields = list;
    closed = closedReason(client.registration);
  } catch (error) {
    if (isProviderError(error) && error.meaning === 'reference-invalid') redirect(errorUrl('expired', requestId));
    return retryOnForm(error, { step: 'register.fields' });
  }
  // A form posted to a client that takes no registrations here: the page says why.
  if (closed) redirect(stepUrl('/register', requestId));
  const inputs = inputFields(fields);
  const raw = Object.fromEntries(inputs.map((f) => [f.key, posted(f.key)]));
  const values = echoed(inputs, raw);
  const parsed = registrationSchema(fields).safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf<string>(parsed.error);
    const password = inputs.find((f) => f.type === 'PASSWORD' && !repeatOf(f));
    const passwordKey = password ? fieldErrors[password.key] : undefined;
    const check = password && passwordKey && CHECKLIST_ERRORS.has(passwordKey) ? { check: checkNewPassword(raw[password.key] ?? '') } : {};
    return { status: 'invalid', fieldErrors, values, ...check };
  }
  const input = parsed.data;
  const allowed = await attempt(
    input.email
      ? [
          ['register.address', 'address'],
          ['register.account', accountAtClient(input.email)],
        ]
      : [['register.address', 'address']],
  );
  if (!allowed.ok) {
    answerLimited(allowed, 'register');
    return { status: 'invalid', fieldErrors: {}, formError: 'registerWait', retryAfter: allowed.retryAfter, values };
  }

  let outcome: RegisterOutcome;
  try {
    outcome = await singleFlight(['register', requestId, input.email ?? '', input.password], () =>
      register({ requestId, locale, input, fieldKeys: inputs.map((f) => f.key) }),
    );
  } catch (error) {
    return retryOnForm(error, { step: 'register' }, values);
  }
  log.info({ event: 'register', outcome: outcome.kind, ...(input.email ? { account: accountRef(input.email) } : {}) }, 'registration');

  switch (outcome.kind) {
    case 'exists':
      // Sign-in and reset are offered beside the message; both start from this address.
      if (input.email) await Promise.all([startFlow({ requestId, email: input.email }), rememberedEmail.save(input.email)]);
      return { status: 'invalid', fieldErrors: { email: 'accountExists' }, values };
    case 'field-refused':
      if (outcome.field)
        return { status: 'invalid', fieldErrors: { [outcome.field]: outcome.reason === 'missing' ? 'fieldRequired' : 'fieldPattern' }, values };
      return { status: 'invalid', fieldErrors: {}, formError: 'registerRefused', values };
    case 'request-invalid':
      redirect(errorUrl('expired', requestId));
    case 'registered':
      if (input.email) await rememberedEmail.save(input.email);
      if (signsInAtOnce(outcome)) {
        // The track goes into the flow, never the address bar; the success page posts it.
        await startFlow({ requestId, ...(input.email ? { email: input.email } : {}), signInTrack: outcome.trackId });
        redirect(stepUrl('/register-success', requestId));
      }
      redirect(nextAfterRegistration(outcome, requestId));
  }
});

/**
 * The tenant signs the new account in at once (its app's auto-login after registration): its answer
 * carries a track and asks for nothing first (docs/provider-contract.md, "Registration", after success).
 */
function signsInAtOnce(outcome: Extract<RegisterOutcome, { kind: 'registered' }>): outcome is typeof outcome & { trackId: string } {
  return Boolean(outcome.trackId) && (outcome.suggestedAction === 'LOGIN' || outcome.suggestedAction === undefined) && !outcome.verificationNeeded;
}

/**
 * Where a registration goes on (docs/provider-contract.md, "Registration", after success): LOGIN
 * and MFA (and no suggestion at all, for an account that needs no confirmation) back to the
 * tenant's login for the same request, where the e-mail step shows the remembered address; an
 * account that must confirm its address first, or a suggestion this product does not serve
 * (DEDUPLICATION), the success page, which says to confirm and then sign in.
 */
function nextAfterRegistration(outcome: Extract<RegisterOutcome, { kind: 'registered' }>, requestId: string): string {
  const backToLogin =
    outcome.suggestedAction === 'LOGIN' || outcome.suggestedAction === 'MFA' || (outcome.suggestedAction === undefined && !outcome.verificationNeeded);
  return backToLogin ? resolveRedirectUrl(getConfig().providerUrl, requestId) : stepUrl('/register-success', requestId);
}
