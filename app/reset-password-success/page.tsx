import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { titleFrom } from '@/lib/i18n/metadata';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';
import { Frame } from '../_components/frame';

export const generateMetadata = titleFrom('resetSuccess');

/** Done: sign in again (for the same request where there is one). After a required password, suggest MFA. */
export default async function ResetSuccessPage({ searchParams }: PageProps<'/reset-password-success'>) {
  const requestId = parseRequestId((await searchParams).requestId);
  const [t, flow] = await Promise.all([getTranslations('resetSuccess'), readFlow()]);
  const config = getConfig();
  const signIn = requestId ? resolveRedirectUrl(config.providerUrl, requestId) : '/';
  return (
    <Frame title={t('title')} description={t('description')}>
      {flow?.passwordRequired && config.selfServiceUrl ? (
        <p className="notice info">
          {t('mfaHint')} <a href={config.selfServiceUrl.toString()}>{t('editProfile')}</a>
        </p>
      ) : null}
      <a className="button" href={signIn}>
        {t('login')}
      </a>
    </Frame>
  );
}
