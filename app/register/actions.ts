'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { getConfig } from '@/lib/config';
import { retryOnForm } from '@/lib/errors';
import { continuationAfter } from '@/lib/flows/continuation';
import { readInvitationLimited, readRegistrationSetup } from '@/lib/flows/register-page';
import { nextAfterRegistration, signInNewAccount } from '@/lib/flows/registration';
import { singleFlight } from '@/lib/flows/single-flight';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountAtClient, answerLimited, attempt } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { isProviderError } from '@/lib/provider/errors';
import type { Invitation } from '@/lib/provider/invitations';
import { register, type RegisterOutcome } from '@/lib/provider/registration';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { rememberedEmail } from '@/lib/remembered';
import { readFlow, startFlow } from '@/lib/session';
import { fieldErrorsOf, parseRequestId } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';
import { inputFields, postedValues, repeatOf, withPasswordPolicy, type RegistrationField } from '@/lib/validation/registration-fields';
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
  const secret = new Set(fields.filter((f) => f.type === 'PASSWORD' || repeatOf(f)).map((f) => f.key));
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !secret.has(key)));
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

  // Over a per-client limit on these reads (lib/flows/register-page.ts): the form's wait.
  const busy = (retryAfter: number): RegisterState => ({ status: 'invalid', fieldErrors: {}, formError: 'registerWait', retryAfter });
  let fields: RegistrationField[];
  let closed: ReturnType<typeof closedReason>;
  try {
    const setup = await readRegistrationSetup({ requestId, locale });
    if (setup.kind === 'limited') return busy(setup.retryAfter);
    fields = withPasswordPolicy(setup.fields, setup.client.passwordPolicy);
    closed = closedReason(setup.client.registration);
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
    const reading = await readInvitationLimited({ inviteId, requestId, locale }).catch((error: unknown) => retryOnForm(error, { step: 'register.invitation' }));
    if ('status' in reading) return reading;
    if (reading.kind === 'limited') return busy(reading.retryAfter);
    // The page says why it cannot be used (also when its address cannot be read: no lock, no registration), and what to do.
    if (reading.kind !== 'open') redirect(stepUrl('/register', requestId));
    invitation = reading.invitation;
  }
  // A form posted to a client that takes no registrations here (an invitation is the way in where
  // self-registration is off): the page says why.
  if (closed === 'captcha' || (closed === 'invitationOnly' && !inviteId)) redirect(stepUrl('/register', requestId));
  const inputs = inputFields(fields);
  const raw = postedValues(inputs, posted);
  if (invitation && 'email' in raw) raw.email = invitation.email;
  const values = echoed(inputs, raw);
  const parsed = registrationSchema(fields).safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf<string>(parsed.error);
    const password = inputs.find((f) => f.type === 'PASSWORD' && !repeatOf(f));
    const passwordKey = password ? fieldErrors[password.key] : undefined;
    const check = password && passwordKey && CHECKLIST_ERRORS.has(passwordKey) ? { check: checkNewPassword(raw[password.key] ?? '', password.policy) } : {};
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
      register({ requestId, locale, input, fieldKeys: inputs.map((f) => f.key), inviteId }),
    );
  } catch (error) {
    // What a tenant answers for an invitation used or withdrawn meanwhile is not published: the
    // invitation itself says (docs/provider-contract.md §2.16).
    if (inviteId && isProviderError(error) && error.kind === 'rejected') {
      const now = await readInvitationLimited({ inviteId, requestId, locale }).catch(() => undefined);
      if (now && now.kind !== 'open' && now.kind !== 'limited') redirect(stepUrl('/register', requestId));
    }
    return retryOnForm(error, { step: 'register' }, values);
  }
  log.info(counted({ event: 'register', outcome: outcome.kind, ...(input.email ? { account: accountRef(input.email) } : {}) }), 'registration');

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
    case 'registered': {
      if (input.email) await rememberedEmail.save(input.email);
      // The answer names the new account: bound to the flow, so the tenant's refusal of its sign-in
      // until the address is confirmed (which names it too) leads to the confirmation
      // (docs/provider-contract.md §2.15). A new flow: the invitation is used up.
      const account = { requestId, registered: true as const, ...(input.email ? { email: input.email } : {}), ...(outcome.sub ? { sub: outcome.sub } : {}) };
      const next = nextAfterRegistration(outcome);
      switch (next.kind) {
        case 'confirm':
          await startFlow(account);
          redirect(stepUrl('/verify-email', requestId));
        case 'track':
          // The track goes into the flow, never the address bar; the success page posts it.
          await startFlow({ ...account, signInTrack: next.trackId });
          redirect(stepUrl('/register-success', requestId));
        case 'complete':
          await startFlow(account);
          redirect(stepUrl('/register-success', requestId));
        case 'password': {
          // Without an address to sign in with: the tenant's login for the same request.
          if (!input.email) redirect(resolveRedirectUrl(getConfig().providerUrl, requestId));
          const signedIn = await signInNewAccount({ requestId, email: input.email, password: input.password, locale });
          if (signedIn) {
            const { sub, statusId, exchangeId } = signedIn;
            // "Registration complete" hands the sign-in to the provider as /continue would; a refusal
            // there (an address to confirm, a second factor…) goes where any sign-in's goes.
            await startFlow({ ...account, sub, continuation: continuationAfter({ step: 'password', sub, statusId, exchangeId }) });
            redirect(stepUrl('/register-success', requestId));
          }
          // The password step for this address, which says the account exists: never the bare e-mail step.
          await startFlow(account);
          redirect(stepUrl('/login', requestId));
        }
      }
    }
  }
});
