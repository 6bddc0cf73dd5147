import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { wordSpace } from '@/lib/i18n/spacing';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';

/** A first password ("Set a password", the flow's passwordRequired) was set, not changed. */
async function texts() {
  const [t, flow] = await Promise.all([getTranslations('resetSuccess'), readFlow()]);
  const first = Boolean(flow?.passwordRequired);
  return { t, flow, title: first ? t('titleSet') : t('title'), description: first ? t('descriptionSet') : t('description') };
}

/** Done: sign in again (for the same request where there is one). After a required password, suggest MFA. */
export default async function ResetSuccessPage({ searchParams }: PageProps<'/reset-password-success'>) {
  const requestId = parseRequestId((await searchParams).requestId);
  const { t, flow, title, description } = await texts();
  const config = getConfig();
  const signIn = requestId ? resolveRedirectUrl(config.providerUrl, requestId) : '/';
  return (
    <Frame title={title} description={description} requestId={requestId}>
      {flow?.passwordRequired && config.selfServiceUrl ? (
        <p className="notice info">
          {t('mfaHint')}
          {wordSpace(t('mfaHint'), t('editProfile'))}
          <a href={config.selfServiceUrl.toString()}>{t('editProfile')}</a>
        </p>
      ) : null}
      <a className="button" href={signIn}>
        {t('login')}
      </a>
    </Frame>
  );
}
