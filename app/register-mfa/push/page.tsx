import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { ResendForm } from '@/app/_components/resend-form';
import { StatusNotice } from '@/app/_components/status-notice';
import { resendMfaCode } from '@/app/register-mfa/actions';
import { requireFlow, withActiveCode } from '@/lib/flows/flow-guard';
import { PUSH_POLL_INTERVAL_MS, pushViewNow } from '@/lib/flows/push';
import { secondsUntilResend } from '@/lib/flows/resend';
import { stepUrl } from '@/lib/flows/step-urls';
import { RESEND_REFUSALS, translateErrors } from '@/lib/i18n/errors';
import { resendLabels } from '@/lib/i18n/resend-labels';
import { getClientName } from '@/lib/provider/client-name';
import { WayOut } from '../way-out';
import { checkPush } from './actions';
import { PushWaiter } from './push-waiter';

/**
 * The push request: approve it on the device (this page moves on by itself with JavaScript, "I
 * have approved it" without), or, once it was declined or ran out, send a new one or choose
 * another method.
 */
export default async function MfaPushPage({ searchParams }: PageProps<'/register-mfa/push'>) {
  const params = await searchParams;
  const flow = await requireFlow(params.requestId, withActiveCode);
  const { mfa, requestId } = flow;
  const { active } = mfa;
  if (!active.push) redirect(stepUrl('/register-mfa/code', requestId));
  const { push, destination } = active;
  const locale = await getLocale();
  const [t, errors, clientName] = await Promise.all([
    getTranslations('mfa'),
    translateErrors(['tooManyAttempts', ...RESEND_REFUSALS]),
    getClientName(requestId, locale),
  ]);

  const view = pushViewNow(push);
  const title = view === 'rejected' ? t('pushRejectedTitle') : view === 'expired' ? t('pushExpiredTitle') : t('pushTitle');
  const description =
    view === 'rejected' ? t('pushRejected') : view === 'expired' ? t('pushExpired') : destination ? t('pushSentOn', { destination }) : t('pushSent');
  return (
    <Frame title={title} description={description} clientName={clientName}>
      {params.resent === '1' && view === 'waiting' ? <StatusNotice>{t('pushResent')}</StatusNotice> : null}
      {view === 'waiting' && push.number ? (
        <div className="push-number">
          <p>{t('pushNumber')}</p>
          <p className="number">{push.number}</p>
        </div>
      ) : null}
      {view === 'waiting' ? (
        <PushWaiter
          requestId={requestId}
          action={checkPush}
          intervalMs={PUSH_POLL_INTERVAL_MS}
          labels={{ check: t('pushCheck'), checking: t('pushChecking'), auto: t('pushAuto'), notYet: t('pushNotYet'), limited: errors.tooManyAttempts ?? '' }}
        />
      ) : null}
      <ResendForm
        requestId={requestId}
        action={resendMfaCode}
        locale={locale}
        waitSeconds={secondsUntilResend(active.sentAt)}
        refusals={errors}
        labels={resendLabels(t, {
          resend: 'pushResend',
          resendIn: 'pushResendIn',
          resendInOne: 'pushResendInOne',
          resendAvailable: 'pushResendAvailable',
          sending: 'sendingRequest',
        })}
      />
      <WayOut requestId={requestId} otherMethods={mfa.options.length > 1} addMethod={{ back: '/register-mfa/push', planned: Boolean(flow.addMethod) }} />
    </Frame>
  );
}
