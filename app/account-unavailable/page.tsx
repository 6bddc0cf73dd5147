import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { anyFlow, requireFlow } from '@/lib/flows/flow-guard';
import { stepUrl } from '@/lib/flows/step-urls';

/**
 * The account is declined, deactivated or deleted: nothing typed here can change that, so there
 * is no password form, only what happened, whom to ask (SUPPORT_URL, SUPPORT_EMAIL) and the way
 * to another account.
 */
export default async function AccountUnavailablePage({ searchParams }: PageProps<'/account-unavailable'>) {
  const flow = await requireFlow((await searchParams).requestId, anyFlow);
  const [t, tErrors] = await Promise.all([getTranslations('accountUnavailable'), getTranslations('errors')]);
  const { support } = getConfig();
  return (
    <Frame title={t('title')} description={tErrors('userDeclined')}>
      {support.url || support.email ? (
        <>
          <p>{t('contact')}</p>
          <ul className="support">
            {support.url ? (
              <li>
                <a href={support.url.toString()}>{t('supportLink')}</a>
              </li>
            ) : null}
            {support.email ? (
              <li>
                <a href={`mailto:${support.email}`}>{t('supportEmail', { email: support.email })}</a>
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
      <p className="links">
        <a href={stepUrl('/', flow.requestId)}>{t('otherAccount')}</a>
      </p>
    </Frame>
  );
}
