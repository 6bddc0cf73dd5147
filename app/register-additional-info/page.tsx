import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { REGISTRATION_ERRORS, registrationLabels } from '@/app/register/form-labels';
import { RegistrationForm } from '@/app/register/registration-form';
import { getConfig } from '@/lib/config';
import { failForRequest } from '@/lib/errors';
import { requireFlow } from '@/lib/flows/flow-guard';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { phoneForm } from '@/lib/validation/phone';
import { saveMissingFields } from './actions';
import { whoseDescription } from './description';
import { ADDITIONAL_INFO_ERRORS } from './errors';
import { missingForm, withMissingFields } from './missing-form';

/**
 * The tenant's `register_additional_info` page (docs/provider-contract.md §2.18; its track arrives
 * at /register-additional-info/entry and is kept in the flow cookie): the profile fields the
 * provider still needs, for a sign-in (then the sign-in goes on) or for a newcomer from another
 * identity provider (then the account is created and signed in). It says whose account it is and
 * offers a way back to a fresh sign-in for the same request.
 */
export default async function AdditionalInfoPage({ searchParams }: PageProps<'/register-additional-info'>) {
  const flow = await requireFlow((await searchParams).requestId, withMissingFields);
  const { requestId } = flow;
  const locale = await getLocale();
  const [t, errors, form] = await Promise.all([
    getTranslations('additionalInfo'),
    translateErrors([...REGISTRATION_ERRORS, ...ADDITIONAL_INFO_ERRORS]),
    missingForm(flow, locale).catch((e: unknown) => failForRequest(e, { page: 'register-additional-info' }, stepUrl('/register-additional-info', requestId))),
  ]);
  if (form.kind === 'gone') redirect(errorUrl('expired', requestId));
  const newcomer = flow.precheck.newcomer === true;
  const phone = phoneForm(form.fields, locale, form.defaults);
  const signIn = resolveRedirectUrl(getConfig().providerUrl, requestId);
  const [description, tAccount] = await Promise.all([
    whoseDescription(t, { who: form.who, newcomer, requestId, locale }),
    getTranslations('accountUnavailable'),
  ]);

  return (
    <Frame title={t(newcomer ? 'newcomerTitle' : 'title')} description={description} focus="form">
      <RegistrationForm
        requestId={requestId}
        action={saveMissingFields}
        fields={form.fields}
        defaults={phone?.known ?? form.defaults}
        phone={phone?.choices}
        existsLinks={{ signIn, reset: stepUrl('/reset-password-init', requestId) }}
        errors={errors}
        // A newcomer's account is created here: the terms statement above the button (D50).
        labels={await registrationLabels(form.fields, { submit: t(newcomer ? 'newcomerSubmit' : 'submit'), pending: t('pending') }, { creates: newcomer })}
      />
      {/* A way out (D59): a fresh sign-in for this request, with another account or none of these details. */}
      <p className="links">
        <a href={signIn}>{newcomer ? tAccount('otherAccount') : t('cancel')}</a>
      </p>
    </Frame>
  );
}
