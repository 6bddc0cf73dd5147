import { getLocale, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Frame } from '@/app/_components/frame';
import { ResendForm } from '@/app/_components/resend-form';
import { StatusNotice } from '@/app/_components/status-notice';
import { requireFlow, withResetSent } from '@/lib/flows/flow-guard';
import { secondsUntilResend } from '@/lib/flows/resend';
import { stepUrl } from '@/lib/flows/step-urls';
import { RESEND_REFUSALS, translateErrors } from '@/lib/i18n/errors';
import { resendLabels } from '@/lib/i18n/resend-labels';
import { resendResetLink } from './actions';

/** "Check your e-mail", with a resend that waits out a countdown. */
export default async function ResetSentPage({ searchParams }: PageProps<'/reset-password-confirmation'>) {
  const params = await searchParams;
  const flow = await requireFlow(params.requestId, withResetSent);
  const [t, refusals, locale] = await Promise.all([getTranslations('resetSent'), translateErrors(RESEND_REFUSALS), getLocale()]);
  const wait = secondsUntilResend(flow.resetSentAt);
  return (
    <Frame title={t('title')} description={t(flow.passwordRequired ? 'descriptionSet' : 'description', { email: flow.email })}>
      {params.resent === '1' ? <StatusNotice>{t('resent')}</StatusNotice> : null}
      <ResendForm
        requestId={flow.requestId}
        action={resendResetLink}
        locale={locale}
        waitSeconds={wait}
        refusals={refusals}
        labels={resendLabels(t, { resend: 'resend', resendIn: 'resendIn', resendInOne: 'resendInOne' })}
      />
      <p className="links">
        <Link href={stepUrl('/', flow.requestId)}>{t('back')}</Link>
      </p>
    </Frame>
  );
}
