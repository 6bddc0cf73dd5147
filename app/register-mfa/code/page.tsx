import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { CodeForm } from '@/app/_components/code-form';
import { Frame } from '@/app/_components/frame';
import { ResendForm } from '@/app/_components/resend-form';
import { StatusNotice } from '@/app/_components/status-notice';
import { resendMfaCode } from '@/app/register-mfa/actions';
import { requireFlow, withActiveCode } from '@/lib/flows/flow-guard';
import { canResend, codeSentText, mfaStepPath } from '@/lib/flows/mfa';
import { secondsUntilResend } from '@/lib/flows/resend';
import { stepUrl } from '@/lib/flows/step-urls';
import { isFormAnswer } from '@/lib/form-answer';
import { RESEND_REFUSALS, translateErrors } from '@/lib/i18n/errors';
import { CODE_RESEND_KEYS, resendLabels } from '@/lib/i18n/resend-labels';
import { getClientName } from '@/lib/provider/client-name';
import { WayOut } from '../way-out';
import { submitMfaCode } from './actions';

/** The code page: which code, where it went, the field, resend, and the way to another method. */
export default async function MfaCodePage({ searchParams }: PageProps<'/register-mfa/code'>) {
  const params = await searchParams;
  const flow = await requireFlow(params.requestId, withActiveCode);
  const { mfa } = flow;
  const { active } = mfa;
  // A push has nothing to type: its own page waits for the approval.
  if (active.push) redirect(stepUrl(mfaStepPath(active.type), flow.requestId));
  const locale = await getLocale();
  const [t, errors, clientName, formAnswer] = await Promise.all([
    getTranslations('mfa'),
    translateErrors([
      'mfaCodeRequired',
      'mfaCodeLength',
      'backupCodeRequired',
      'backupCodeFormat',
      'mfaCodeInvalid',
      'mfaCodeExpired',
      'tooManyCodeAttempts',
      'tooManyAccountCodes',
      'tooManyAttempts',
      ...RESEND_REFUSALS,
    ]),
    getClientName(flow.requestId, locale),
    isFormAnswer(),
  ]);
  const sent = codeSentText(active);
  // A new code just sent, unless the code check has since found it dead (expired, too many tries).
  const resent = params.resent === '1' && !active.dead;
  const description = sent.destination ? t(sent.key, { destination: sent.destination }) : t(sent.key);

  const backup = active.type === 'BACKUPCODE';
  return (
    <Frame title={t(backup ? 'backupTitle' : 'codeTitle')} description={description} clientName={clientName} focus="form">
      {resent ? <StatusNotice id="resent-notice">{t('resent')}</StatusNotice> : null}
      <CodeForm
        requestId={flow.requestId}
        focusFirst={!formAnswer}
        describedBy={resent ? 'resent-notice' : undefined}
        action={submitMfaCode}
        labels={{ code: t(backup ? 'backupCode' : 'code'), verify: t('verify'), verifying: t('verifying') }}
        errors={errors}
        backup={backup}
      />
      {canResend(active.type) ? (
        <ResendForm
          requestId={flow.requestId}
          action={resendMfaCode}
          locale={locale}
          waitSeconds={active.dead ? 0 : secondsUntilResend(active.sentAt)}
          refusals={errors}
          labels={resendLabels(t, CODE_RESEND_KEYS)}
        />
      ) : null}
      <WayOut
        requestId={flow.requestId}
        otherMethods={mfa.options.length > 1}
        addMethod={{ back: '/register-mfa/code', planned: Boolean(flow.addMethod), nothingSetUp: mfa.nothingSetUp }}
      />
    </Frame>
  );
}
