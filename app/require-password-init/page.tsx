import { getLocale, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Frame } from '@/app/_components/frame';
import { ResetRequestForm } from '@/app/reset-password-init/reset-request-form';
import { requireFlow, withEmail } from '@/lib/flows/flow-guard';
import { stepUrl } from '@/lib/flows/step-urls';
import { SEND_REFUSALS, translateErrors } from '@/lib/i18n/errors';
import { typeset, usesPhrases } from '@/lib/i18n/typeset';

/** The account has no password yet (or must set one after a changeover): send a link to set it. */
export default async function RequirePasswordPage({ searchParams }: PageProps<'/require-password-init'>) {
  const flow = await requireFlow((await searchParams).requestId, withEmail);
  const [t, tReset, errors, locale] = await Promise.all([
    getTranslations('requirePassword'),
    getTranslations('resetInit'),
    translateErrors(SEND_REFUSALS),
    getLocale(),
  ]);
  return (
    <Frame title={t('title')} description={t('description')}>
      {/* Only what the description does not say (why, and that it is once), typeset like it. */}
      <p className={usesPhrases(locale) ? 'screen-note phrases' : 'screen-note'}>{typeset(t('changeoverOnce'), locale)}</p>
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
