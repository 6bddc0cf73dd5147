import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { SupportLinks } from '@/app/_components/support-links';
import { getConfig } from '@/lib/config';
import { withConsent } from '@/lib/flows/consent';
import { requireFlow } from '@/lib/flows/flow-guard';
import { stepUrl } from '@/lib/flows/step-urls';
import { resolveRedirectUrl } from '@/lib/provider/urls';

/**
 * The terms were declined: the portal needs them, nothing is signed in, and the person can sign
 * in again and accept them then (the tenant asks again), read them again now, or ask their
 * account manager, or the support the operator names (SUPPORT_URL, SUPPORT_EMAIL).
 */
export default async function ConsentDeclinedPage({ searchParams }: PageProps<'/consent/declined'>) {
  const flow = await requireFlow((await searchParams).requestId, withConsent);
  if (!flow.precheck.consent.declined) redirect(stepUrl('/consent', flow.requestId));
  const [t, tAccount] = await Promise.all([getTranslations('consent'), getTranslations('accountUnavailable')]);
  const { support } = getConfig();
  return (
    <Frame title={t('declinedTitle')} description={t('declinedDescription')}>
      <p>{t('declinedLater')}</p>
      {/* Whom to ask about the terms (D68), where the operator names someone. */}
      <SupportLinks
        support={support}
        labels={{ link: tAccount('supportLink'), email: support.email ? tAccount('supportEmail', { email: support.email }) : '' }}
      />
      <div className="actions">
        <a className="button" href={resolveRedirectUrl(getConfig().providerUrl, flow.requestId)}>
          {t('startAgain')}
        </a>
      </div>
      <p className="links">
        <a href={stepUrl('/consent', flow.requestId)}>{t('review')}</a>
      </p>
    </Frame>
  );
}
