import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { failForRequest } from '@/lib/errors';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { readRegistrationFields } from '@/lib/provider/registration';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { rememberedEmail } from '@/lib/remembered';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';
import { inputFields } from '@/lib/validation/registration-fields';
import { REGISTRATION_ERRORS, registrationLabels } from './form-labels';
import { RegistrationForm } from './registration-form';

/**
 * The tenant's `register` page (docs/provider-contract.md, "Registration"): reached from the
 * e-mail step's "Register here" with the same requestId. The address typed there (kept in the
 * flow or remembered) is filled in.
 */
export default async function RegisterPage({ searchParams }: PageProps<'/register'>) {
  const raw = (await searchParams).requestId;
  if (raw === undefined) redirect('/auth/start');
  const requestId = parseRequestId(raw);
  if (!requestId) redirect(errorUrl('invalid-request'));

  const locale = await getLocale();
  const [t, errors, fields, flow, remembered] = await Promise.all([
    getTranslations('register'),
    translateErrors(REGISTRATION_ERRORS),
    readRegistrationFields({ requestId, locale }).catch((e: unknown) => failForRequest(e, { page: 'register' }, stepUrl('/register', requestId))),
    readFlow(),
    rememberedEmail.read(),
  ]);
  const login = resolveRedirectUrl(getConfig().providerUrl, requestId);

  return (
    <Frame title={t('title')} description={t('description')} focus="form">
      <RegistrationForm
        requestId={requestId}
        fields={inputFields(fields)}
        defaultEmail={(flow?.requestId === requestId ? flow.email : undefined) ?? remembered}
        existsLinks={{ signIn: login, reset: stepUrl('/reset-password-init', requestId) }}
        errors={errors}
        labels={await registrationLabels(fields, { submit: t('submit'), pending: t('pending') })}
      />
      <p className="links">
        {t('haveAccount')} <a href={login}>{t('signIn')}</a>
      </p>
    </Frame>
  );
}
