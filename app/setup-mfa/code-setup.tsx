import { getLocale, getTranslations } from 'next-intl/server';
import { CodeForm } from '@/app/_components/code-form';
import { Frame } from '@/app/_components/frame';
import { ResendForm } from '@/app/_components/resend-form';
import { StatusNotice } from '@/app/_components/status-notice';
import { requireFlow, withSetupTrack } from '@/lib/flows/flow-guard';
import { secondsUntilResend } from '@/lib/flows/resend';
import { RESEND_REFUSALS, translateErrors } from '@/lib/i18n/errors';
import { CODE_RESEND_KEYS, resendLabels } from '@/lib/i18n/resend-labels';
import { getClientName } from '@/lib/provider/client-name';
import { phoneChoices, phoneParts, readablePhone } from '@/lib/validation/phone';
import { checkMethodSetup, resendSetupCode } from './actions';
import { CancelSetupForm } from './cancel-form';
import { DestinationForm } from './destination-form';
import { EMAIL_SET_UP, SetupDone, SMS_SET_UP } from './setup-done';

const CODE_ERRORS = ['mfaCodeRequired', 'mfaCodeLength', 'mfaCodeInvalid', 'tooManyCodeAttempts', 'tooManyAccountCodes', 'setupExpired'] as const;
const SEND_ERRORS = ['tooManySends', 'sendQuotaAccount', 'sendQuotaNetwork', 'setupUnavailable', 'setupAlreadyConfigured', 'serviceUnavailable'] as const;
const FIELD_ERRORS = ['fieldRequired', 'mobileInvalid', 'mobileNotMobile', 'emailRequired', 'emailInvalid', 'summaryTitle'] as const;

/**
 * A text message's or an e-mail's set-up (docs/features.md "Second factors set up here"), one page in two
 * states: where the code should go (a mobile number with its country, or the account's address),
 * then, once the tenant has sent it, the code (with "Send a new code", another number or address,
 * or another method). The first code taken, the page says the method is set up.
 */
export async function CodeSetupPage({ rawRequestId, resent, method }: { rawRequestId: unknown; resent: unknown; method: 'SMS' | 'EMAIL' }) {
  const flow = await requireFlow(rawRequestId, withSetupTrack);
  const { requestId, setup } = flow;
  if (flow.setupDone === method && flow.continuation) return <SetupDone requestId={requestId} texts={method === 'SMS' ? SMS_SET_UP : EMAIL_SET_UP} />;
  const locale = await getLocale();
  const [t, tMfa, tRegister, errors, clientName] = await Promise.all([
    getTranslations('mfaSetup'),
    getTranslations('mfa'),
    getTranslations('register'),
    translateErrors([...CODE_ERRORS, ...SEND_ERRORS, ...FIELD_ERRORS, ...RESEND_REFUSALS]),
    getClientName(requestId, locale),
  ]);
  const sms = method === 'SMS';
  const title = sms ? t('smsTitle') : t('emailTitle');
  const open = setup?.method === method && setup.destination ? setup.destination : undefined;
  // "Use another number/address": the last one, to correct (D63).
  const last = flow.setupRetry?.method === method ? flow.setupRetry.destination : undefined;
  const lastPhone = sms && last ? phoneParts(last) : undefined;
  const initial: Record<string, string> | undefined = lastPhone
    ? { mobile_number: lastPhone.national, mobile_number__country: lastPhone.country }
    : last && !sms
      ? { email: last }
      : undefined;

  if (!open)
    return (
      <Frame title={title} description={sms ? t('smsDescription') : t('emailDescription')} clientName={clientName} focus="form">
        <DestinationForm
          requestId={requestId}
          method={method}
          phone={sms ? phoneChoices(locale) : undefined}
          defaultEmail={flow.email}
          initial={initial}
          labels={{
            field: sms ? tRegister('field.mobile_number') : t('emailLabel'),
            country: tRegister('country'),
            hint: tRegister('mobileHint'),
            send: t('sendCode'),
            sending: t('sending'),
          }}
          errors={errors}
        />
        <CancelSetupForm requestId={requestId} label={t('otherMethod')} />
      </Frame>
    );

  const shown = sms ? readablePhone(open) : open;
  return (
    <Frame title={title} description={sms ? t('sentSms', { destination: shown }) : t('sentEmail', { destination: shown })} clientName={clientName} focus="form">
      {resent === '1' ? <StatusNotice id="resent-notice">{tMfa('resent')}</StatusNotice> : null}
      <CodeForm
        requestId={requestId}
        describedBy={resent === '1' ? 'resent-notice' : undefined}
        action={checkMethodSetup}
        labels={{ code: sms ? t('smsCode') : t('emailCode'), verify: t('verify'), verifying: t('verifying') }}
        errors={errors}
      />
      <ResendForm
        requestId={requestId}
        action={resendSetupCode}
        locale={locale}
        waitSeconds={secondsUntilResend(setup!.startedAt)}
        refusals={errors}
        labels={resendLabels(tMfa, CODE_RESEND_KEYS)}
      />
      <CancelSetupForm requestId={requestId} method={method} label={sms ? t('otherNumber') : t('otherAddress')} />
      <CancelSetupForm requestId={requestId} label={t('otherMethod')} />
    </Frame>
  );
}
