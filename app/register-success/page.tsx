import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { parseRequestId } from '@/lib/validation/fields';

/** After registration at the provider: confirm the address, then sign in. */
export default async function RegisterSuccessPage({ searchParams }: PageProps<'/register-success'>) {
  const requestId = parseRequestId((await searchParams).requestId);
  const t = await getTranslations('registerSuccess');
  const back = requestId ? resolveRedirectUrl(getConfig().providerUrl, requestId) : '/';
  return (
    <Frame title={t('title')} description={t('description')} requestId={requestId}>
      <a className="button" href={back}>
        {t('back')}
      </a>
    </Frame>
  );
}
