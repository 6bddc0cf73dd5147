'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { getConfig } from '@/lib/config';
import { retryOnForm } from '@/lib/errors';
import { singleFlight } from '@/lib/flows/single-flight';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountRef, log } from '@/lib/log';
import { isProviderError } from '@/lib/provider/errors';
import { readInvitation, type Invitation } from '@/lib/provider/invitations';
import { readRegistrationFields, register, type RegisterOutcome } from '@/lib/provider/registration';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { rememberedEmail } from '@/lib/remembered';
import { readFlow, startFlow, updateFlow } from '@/lib/session';
import { fieldErrorsOf, parseRequestId } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';
import { inputFields, repeatOf, type RegistrationField } from '@/lib/validation/registration-fields';
import { registrationSchema } from '@/lib/validation/registration-schema';
import { CHECKLIST_ERRORS, checkNewPassword, type PasswordCheck } from '@/lib/validation/rules';

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
  try {
    fields = await readRegistrationFields({ requestId, locale });
  } catch (error) {
    if (isProviderError(error) && error.meaning === 'reference-invalid') redirect(errorUrl('expired', requestId));
    return retryOnForm(error, { step: 'register.fields' });
  }
  // Opened from an invitation: it is read again (it may have been used meanwhile), and its address
  // is the one registered, whatever was posted (docs/provider-contract.md §2.16).
  const flow = await readFlow();
  const inviteId = flow?.requestId === requestId ? flow.invite : undefined;
  let invitation: Invitation | undefined;
  if (inviteId) {
    const reading = await readInvitation({ inviteId, requestId, locale }).catch((error: unknown) => retryOnForm(error, { step: 'register.invitation' }));
    if ('status' in reading) return reading;
    // The page says why it can no longer be used, and what to do.
    if (reading.kind !== 'open') redirect(stepUrl('/register', requestId));
    invitation = reading.invitation;
  }
  const inputs = inputFields(fields);
  const raw = Object.fromEntries(inputs.map((f) => [f.key, posted(f.key)]));
  if (invitation?.email && 'email' in raw) raw.email = invitation.email;
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

  let outcome: RegisterOutcome;
  try {
    outcome = await singleFlight(['register', requestId, input.email ?? '', input.password], () =>
      register({ requestId, locale, input, fieldKeys: inputs.map((f) => f.key), inviteId }),
    );
  } catch (error) {
    // What a tenant answers for an invitation used or withdrawn meanwhile is not published: the
    // invitation itself says (docs/provider-contract.md §2.16).
    if (inviteId && isProviderError(error) && error.kind === 'rejected') {
      const now = await readInvitation({ inviteId, requestId, locale }).catch(() => undefined);
      if (now && now.kind !== 'open') redirect(stepUrl('/register', requestId));
    }
    return retryOnForm(error, { step: 'register' }, values);
  }
  log.info({ event: 'register', outcome: outcome.kind, ...(input.email ? { account: accountRef(input.email) } : {}) }, 'registration');

  switch (outcome.kind) {
    case 'exists':
      // Sign-in and reset are offered beside the message; both start from this address.
      if (input.email) await Promise.all([startFlow({ requestId, email: input.email, invite: inviteId }), rememberedEmail.save(input.email)]);
      return { status: 'invalid', fieldErrors: { email: 'accountExists' }, values };
    case 'field-refused':
      if (outcome.field)
        return { status: 'invalid', fieldErrors: { [outcome.field]: outcome.reason === 'missing' ? 'fieldRequired' : 'fieldPattern' }, values };
      return { status: 'invalid', fieldErrors: {}, formError: 'registerRefused', values };
    case 'request-invalid':
      redirect(errorUrl('expired', requestId));
    case 'registered':
      if (inviteId) await updateFlow({ invite: undefined });
      if (input.email) await rememberedEmail.save(input.email);
      redirect(nextAfterRegistration(outcome, requestId));
  }
});

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
