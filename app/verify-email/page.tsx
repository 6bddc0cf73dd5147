import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { ResendForm } from '@/app/_components/resend-form';
import { StatusNotice } from '@/app/_components/status-notice';
import { getConfig } from '@/lib/config';
import { requireFlow } from '@/lib/flows/flow-guard';
import { secondsUntilResend } from '@/lib/flows/resend';
import { stepUrl } from '@/lib/flows/step-urls';
import { SEND_REFUSALS, translateErrors } from '@/lib/i18n/errors';
import { resendLabels } from '@/lib/i18n/resend-labels';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import type { FlowSession } from '@/lib/session';
import { resendVerification } from './actions';
import { VerifyStartForm } from './verify-start-form';

/** A confirmation this sign-in can send (its account is known) or one already under way. */
const canConfirm = (f: FlowSession): f is FlowSession => Boolean(f.sub || f.verify);

/**
 * error=email_not_verified, or a registration whose address must be confirmed first: send the
 * confirmation link, then wait for it to be opened.
 */
export default async function VerifyEmailPage({ searchParams }: PageProps<'/verify-email'>) {
  const params = await searchParams;
  const flow = await requireFlow(params.requestId, canConfirm);
  const [t, errors] = await Promise.all([getTranslations('verifyEmail'), translateErrors(SEND_REFUSALS)]);
  const cancel = (
    <p className="links">
      <a href={resolveRedirectUrl(getConfig().providerUrl, flow.requestId)}>{t('cancel')}</a>
    </p>
  );

  // Right after a registration: the account exists, only its address is still to confirm.
  const registered = flow.registered === true;
  const sent = flow.verify;
  if (sent?.byCode) redirect(stepUrl('/verify-email/code', flow.requestId));
  if (sent) {
    const description = sent.destination
      ? t(registered ? 'registeredSentDescriptionTo' : 'sentDescriptionTo', { destination: sent.destination })
      : t(registered ? 'registeredSentDescription' : 'sentDescription');
    return (
      <Frame title={t('title')} description={description}>
        {params.resent === '1' ? <StatusNotice>{t('resent')}</StatusNotice> : null}
        {/* A link the tenant sent itself (its verification_complete page) is not ours to resend. */}
        {sent.whom ? (
          <ResendForm
            requestId={flow.requestId}
            action={resendVerification}
            locale={await getLocale()}
            waitSeconds={secondsUntilResend(sent.sentAt)}
            refusals={errors}
            labels={resendLabels(t, { resend: 'resend', resendIn: 'resendIn', resendInOne: 'resendInOne', sending: 'sending' })}
          />
        ) : null}
        {cancel}
      </Frame>
    );
  }

  return (
    <Frame title={t('title')} description={t(registered ? 'registeredDescription' : 'description')}>
      <VerifyStartForm requestId={flow.requestId} labels={{ send: t('send'), sending: t('sending') }} errors={errors} />
      {cancel}
    </Frame>
  );
}
