import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { failForRequest } from '@/lib/errors';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { template } from '@/lib/i18n/template';
import { requireClientInfo } from '@/lib/provider/client-name';
import { readRegistrationFields } from '@/lib/provider/registration';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { rememberedEmail } from '@/lib/remembered';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';
import type { ErrorKey } from '@/lib/validation/form-state';
import { inputFields } from '@/lib/validation/registration-fields';
import { closedReason, RegistrationClosed } from './registration-closed';
import { RegistrationForm } from './registration-form';

/** Every message the registration form may show under a field or above it. */
const SHOWN: ErrorKey[] = [
  ...(['emailRequired', 'emailInvalid', 'accountExists', 'fieldRequired', 'choiceRequired', 'boxRequired', 'consentRequired', 'fieldTooShort'] as const),
  ...([
    'fieldTooLong',
    'fieldPattern',
    'mobileInvalid',
    'dateInvalid',
    'dateTooEarly',
    'dateTooLate',
    'numberInvalid',
    'numberOutOfRange',
    'urlInvalid',
  ] as const),
  ...([
    'passwordRequired',
    'newPasswordLength',
    'newPasswordPattern',
    'newPasswordChars',
    'repeatRequired',
    'passwordsDontMatch',
    'registerRefused',
    'registerWait',
  ] as const),
];
const OWN_LABELS = ['email', 'given_name', 'family_name', 'mobile_number', 'password', 'password_echo', 'birthdate'] as const;

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
  const failed = (e: unknown) => failForRequest(e, { page: 'register' }, stepUrl('/register', requestId));
  const [t, tReset, tCredentials, errors, fields, flow, remembered, client] = await Promise.all([
    getTranslations('register'),
    getTranslations('resetForm'),
    getTranslations('credentials'),
    translateErrors(SHOWN),
    readRegistrationFields({ requestId, locale }).catch(failed),
    readFlow(),
    rememberedEmail.read(),
    requireClientInfo(requestId, locale).catch(failed),
  ]);
  const own = Object.fromEntries(OWN_LABELS.map((key) => [key, t(`field.${key}`)]));
  const login = resolveRedirectUrl(getConfig().providerUrl, requestId);
  const closed = closedReason(client.registration);
  if (closed) return <RegistrationClosed reason={closed} signIn={login} />;

  return (
    <Frame title={t('title')} description={t('description')} focus="form">
      <RegistrationForm
        requestId={requestId}
        fields={inputFields(fields)}
        defaultEmail={(flow?.requestId === requestId ? flow.email : undefined) ?? remembered}
        existsLinks={{ signIn: login, reset: stepUrl('/reset-password-init', requestId) }}
        errors={errors}
        labels={{
          fields: Object.fromEntries(fields.map((f) => [f.key, f.label ?? own[f.key] ?? f.key])),
          optional: t('optional'),
          choose: t('choose'),
          mobileHint: t('mobileHint'),
          submit: t('submit'),
          pending: t('pending'),
          show: tReset('showPassword'),
          hide: tReset('hidePassword'),
          capsLock: tCredentials('capsLock'),
          existsSignIn: t('existsSignIn'),
          existsReset: t('existsReset'),
          checklist: {
            title: tReset('rulesTitle'),
            met: tReset('ruleMet'),
            notMet: tReset('ruleNotMet'),
            rules: { length: tReset('ruleLength'), lower: tReset('ruleLower'), upper: tReset('ruleUpper'), digit: tReset('ruleDigit') },
            forbidden: template(tReset, 'ruleForbidden', 'chars'),
          },
        }}
      />
      <p className="links">
        {t('haveAccount')} <a href={login}>{t('signIn')}</a>
      </p>
    </Frame>
  );
}
