'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import type { RegisterState } from '@/app/register/actions';
import { getConfig } from '@/lib/config';
import { retryOnForm } from '@/lib/errors';
import { continuationAfter } from '@/lib/flows/continuation';
import { guardAction } from '@/lib/flows/flow-guard';
import { singleFlight } from '@/lib/flows/single-flight';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { registerNewcomer, updateMissingFields } from '@/lib/provider/progressive';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { rememberedEmail } from '@/lib/remembered';
import { updateFlow } from '@/lib/session';
import { fieldErrorsOf } from '@/lib/validation/fields';
import { postedValues } from '@/lib/validation/registration-fields';
import { registrationSchema } from '@/lib/validation/registration-schema';
import { missingForm, withMissingFields, type MissingFieldsFlow } from './missing-form';

/**
 * The missing profile fields (docs/provider-contract.md §2.18): checked against what the provider
 * names as missing now (not what the page was rendered with), with the registration's own rules;
 * then saved by the progressive update and handed back to the sign-in (a login), or registered
 * with the track (a newcomer from another identity provider).
 */
export const saveMissingFields = formAction(async function saveMissingFields(_prev: RegisterState, formData: FormData): Promise<RegisterState> {
  const flow = await guardAction(formData, withMissingFields);
  const locale = await getLocale();
  let form: Awaited<ReturnType<typeof missingForm>>;
  try {
    form = await missingForm(flow, locale);
  } catch (error) {
    return retryOnForm(error, { step: 'additional-info.fields' });
  }
  if (form.kind === 'gone') redirect(errorUrl('expired', flow.requestId));
  const posted = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : '';
  };
  const raw = postedValues(form.fields, posted);
  // No password is asked here: everything may be sent back to re-fill the form.
  const values = raw;
  const parsed = registrationSchema(form.fields).safeParse(raw);
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<string>(parsed.error), values };
  const args = { requestId: flow.requestId, trackId: flow.precheck.trackId, locale, input: parsed.data, fieldKeys: form.fields.map((f) => f.key) };
  const key = ['additional-info', flow.requestId, flow.precheck.trackId, JSON.stringify(raw)];
  return flow.precheck.newcomer ? registerAsNewcomer(flow, args, key, values) : saveForLogin(flow, args, key, values);
});

type Args = Parameters<typeof updateMissingFields>[0];

async function saveForLogin(flow: MissingFieldsFlow, args: Args, key: string[], values: Record<string, string>): Promise<RegisterState> {
  let outcome: Awaited<ReturnType<typeof updateMissingFields>>;
  try {
    outcome = await singleFlight(key, () => updateMissingFields(args));
  } catch (error) {
    return retryOnForm(error, { step: 'additional-info.update' }, values);
  }
  log.info(counted({ event: 'additional-info.update', outcome: outcome.kind, ...(flow.sub ? { account: accountRef(flow.sub) } : {}) }), 'missing fields');
  switch (outcome.kind) {
    case 'taken':
      // The e-mail gets the registration's "already has an account", with sign-in and reset beside it.
      if (outcome.field && args.fieldKeys.includes(outcome.field))
        return { status: 'invalid', fieldErrors: { [outcome.field]: outcome.field === 'email' ? 'accountExists' : 'fieldTaken' }, values };
      return { status: 'invalid', fieldErrors: {}, formError: 'fieldTaken', values };
    case 'refused':
      if (outcome.field) return { status: 'invalid', fieldErrors: { [outcome.field]: 'fieldPattern' }, values };
      return { status: 'invalid', fieldErrors: {}, formError: 'additionalInfoRefused', values };
    case 'saved':
      await updateFlow({ continuation: continuationAfter({ step: 'missing-fields', trackId: args.trackId, sub: flow.sub! }) });
      redirect(stepUrl('/continue', flow.requestId));
  }
}

/**
 * A newcomer's registration. What follows it is not published (§2.18, the choice): the answer's
 * track goes to the tenant's automatic login after registration; without one, back to the
 * tenant's login for the request, where the identity provider now finds the account.
 */
async function registerAsNewcomer(flow: MissingFieldsFlow, args: Args, key: string[], values: Record<string, string>): Promise<RegisterState> {
  let outcome: Awaited<ReturnType<typeof registerNewcomer>>;
  try {
    outcome = await singleFlight(key, () => registerNewcomer(args));
  } catch (error) {
    return retryOnForm(error, { step: 'additional-info.register' }, values);
  }
  log.info(counted({ event: 'additional-info.register', outcome: outcome.kind }), 'newcomer registration');
  switch (outcome.kind) {
    case 'exists':
      if (args.fieldKeys.includes('email')) return { status: 'invalid', fieldErrors: { email: 'accountExists' }, values };
      return { status: 'invalid', fieldErrors: {}, formError: 'accountExists', values };
    case 'field-refused':
      if (outcome.field)
        return { status: 'invalid', fieldErrors: { [outcome.field]: outcome.reason === 'missing' ? 'fieldRequired' : 'fieldPattern' }, values };
      return { status: 'invalid', fieldErrors: {}, formError: 'additionalInfoRefused', values };
    case 'request-invalid':
      redirect(errorUrl('expired', flow.requestId));
    case 'registered':
      if (args.input.email) await rememberedEmail.save(args.input.email);
      if (!outcome.trackId) redirect(resolveRedirectUrl(getConfig().providerUrl, flow.requestId));
      await updateFlow({
        precheck: undefined,
        continuation: { target: 'after-register', trackId: outcome.trackId },
        ...(outcome.sub ? { sub: outcome.sub } : {}),
      });
      redirect(stepUrl('/continue', flow.requestId));
  }
}
