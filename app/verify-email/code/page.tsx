import { getLocale, getTranslations } from 'next-intl/server';
import { CodeForm } from '@/app/_components/code-form';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { requireFlow, withVerifyCode } from '@/lib/flows/flow-guard';
import { translateErrors } from '@/lib/i18n/errors';
import { getClientName } from '@/lib/provider/client-name';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { submitVerificationCode } from './actions';

/**
 * The tenant sent a confirmation code instead of a link (its verification_complete page with
 * processingType CODE, docs/provider-contract.md §4): the code field.
 */
export default async function VerifyCodePage({ searchParams }: PageProps<'/verify-email/code'>) {
  const flow = await requireFlow((await searchParams).requestId, withVerifyCode);
  const locale = await getLocale();
  const [t, tMfa, errors, clientName] = await Promise.all([
    getTranslations('verifyEmail'),
    getTranslations('mfa'),
    translateErrors(['mfaCodeRequired', 'mfaCodeLength', 'mfaCodeInvalid', 'mfaCodeExpired', 'verifyCodeExpired', 'tooManyCodeAttempts', 'tooManyAttempts']),
    getClientName(flow.requestId, locale),
  ]);
  const { destination } = flow.verify;
  return (
    <Frame title={t('title')} description={destination ? t('codeDescriptionTo', { destination }) : t('codeDescription')} clientName={clientName} focus="form">
      <CodeForm
        requestId={flow.requestId}
        action={submitVerificationCode}
        labels={{ code: tMfa('code'), verify: t('confirm'), verifying: t('confirming') }}
        errors={errors}
      />
      <p className="links">
        <a href={resolveRedirectUrl(getConfig().providerUrl, flow.requestId)}>{t('cancel')}</a>
      </p>
    </Frame>
  );
}
