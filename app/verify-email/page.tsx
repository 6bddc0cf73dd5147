import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { secondsUntilResend } from '@/lib/flows/resend';
import { titleFrom } from '@/lib/i18n/metadata';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { readFlow, sealForForm } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';
import { Frame } from '../_components/frame';
import { ResendForm } from '../_components/resend-form';
import { VerifyStartForm } from '../_components/verify-start-form';
import { resendVerification, type VerifyEntry } from './actions';
import { StatusNotice } from '../_components/status-notice';

export const generateMetadata = titleFrom('verifyEmail');

/** error=email_not_verified: send the confirmation link, then wait for it to be opened. */
export default async function VerifyEmailPage({ searchParams }: PageProps<'/verify-email'>) {
  const params = await searchParams;
  const requestId = parseRequestId(params.requestId);
  if (!requestId) redirect('/error?reason=invalid-request');
  const [t, flow] = await Promise.all([getTranslations('verifyEmail'), readFlow()]);
  const config = getConfig();
  const cancel = (
    <p className="links">
      <a href={resolveRedirectUrl(config.providerUrl, requestId)}>{t('cancel')}</a>
    </p>
  );

  const sent = flow?.requestId === requestId ? flow.verify : undefined;
  if (sent?.byCode) redirect(`/verify-email/code?requestId=${encodeURIComponent(requestId)}`);
  if (sent) {
    return (
      <Frame title={t('title')} description={sent.destination ? t('sentDescriptionTo', { destination: sent.destination }) : t('sentDescription')}>
        {params.resent === '1' ? <StatusNotice>{t('resent')}</StatusNotice> : null}
        {/* A link the tenant sent itself (its verification_complete page) is not ours to resend. */}
        {sent.whom ? <ResendForm
          action={resendVerification}
          locale={await getLocale()}
          waitSeconds={secondsUntilResend(sent.sentAt)}
          labels={{ resend: t('resend'), resendIn: { one: t.raw('resendInOne') as string, other: t.raw('resendIn') as string }, resendAvailable: t('resend'), sending: t('sending') }}
        /> : null}
        {cancel}
      </Frame>
    );
  }

  const sub = parseRequestId(params.sub);
  if (!sub) redirect('/error?reason=invalid-request');
  const entry = await sealForForm<VerifyEntry>({ requestId, sub });
  return (
    <Frame title={t('title')} description={t('description')}>
      <VerifyStartForm entry={entry} labels={{ send: t('send'), sending: t('sending') }} />
      {cancel}
    </Frame>
  );
}
