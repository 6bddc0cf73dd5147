import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { SupportLinks } from '@/app/_components/support-links';
import { getConfig } from '@/lib/config';
import { anyFlow, requireFlow } from '@/lib/flows/flow-guard';
import { stepUrl } from '@/lib/flows/step-urls';

/**
 * The account is declined, deactivated or deleted: nothing typed here can change that, so there
 * is no password form, only what happened, whom to ask and the way to another account. Whom to
 * ask is named even where no support is configured: the person's own administrator or sales
 * contact, and then SUPPORT_URL and SUPPORT_EMAIL where they are set.
 */
export default async function AccountUnavailablePage({ searchParams }: PageProps<'/account-unavailable'>) {
  const flow = await requireFlow((await searchParams).requestId, anyFlow);
  const [t, tErrors] = await Promise.all([getTranslations('accountUnavailable'), getTranslations('errors')]);
  const { support } = getConfig();
  const withSupport = Boolean(support.url || support.email);
  return (
    <Frame title={t('title')} description={tErrors('userDeclined')}>
      <p>{withSupport ? t('contactWithSupport') : t('contact')}</p>
      <SupportLinks support={support} labels={{ link: t('supportLink'), email: support.email ? t('supportEmail', { email: support.email }) : '' }} />
      <p className="links">
        <a href={stepUrl('/', flow.requestId)}>{t('otherAccount')}</a>
      </p>
    </Frame>
  );
}
