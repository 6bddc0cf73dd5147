import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Frame } from '@/app/_components/frame';
import { ResetRequestForm } from '@/app/reset-password-init/reset-request-form';
import { requireFlow, withEmail } from '@/lib/flows/flow-guard';
import { stepUrl } from '@/lib/flows/step-urls';
import { SEND_REFUSALS, translateErrors } from '@/lib/i18n/errors';

/** The account has no password yet (or must set one after a changeover): send a link to set it. */
export default async function RequirePasswordPage({ searchParams }: PageProps<'/require-password-init'>) {
  const flow = await requireFlow((await searchParams).requestId, withEmail);
  const [t, tReset, errors] = await Promise.all([getTranslations('requirePassword'), getTranslations('resetInit'), translateErrors(SEND_REFUSALS)]);
  return (
    <Frame title={t('title')} description={t('description')}>
      <p className="hint">{t('changeoverHint')}</p>
      <ResetRequestForm
        requestId={flow.requestId}
        purpose="required"
        email={flow.email}
        labels={{ email: tReset('email'), send: t('send'), sending: tReset('sending') }}
        errors={errors}
      />
      <p className="links">
        <Link href={stepUrl('/', flow.requestId)}>{t('cancel')}</Link>
      </p>
    </Frame>
  );
}
