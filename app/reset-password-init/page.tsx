import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Frame } from '@/app/_components/frame';
import { requireFlow, withEmail } from '@/lib/flows/flow-guard';
import { stepUrl } from '@/lib/flows/step-urls';
import { SEND_REFUSALS, translateErrors } from '@/lib/i18n/errors';
import { ResetRequestForm } from './reset-request-form';

/** "Forgot your password?": the e-mail from the sign-in, and a button to send the link. */
export default async function ResetInitPage({ searchParams }: PageProps<'/reset-password-init'>) {
  const flow = await requireFlow((await searchParams).requestId, withEmail);
  const [t, errors] = await Promise.all([getTranslations('resetInit'), translateErrors(SEND_REFUSALS)]);
  return (
    <Frame title={t('title')} description={t('description')}>
      <ResetRequestForm
        requestId={flow.requestId}
        purpose="forgot"
        email={flow.email}
        labels={{ email: t('email'), send: t('send'), sending: t('sending') }}
        errors={errors}
      />
      <p className="links">
        <Link href={stepUrl('/login', flow.requestId)}>{t('cancel')}</Link>
      </p>
    </Frame>
  );
}
