import { getTranslations } from 'next-intl/server';
import { AfterRegisterSignIn } from '@/app/_components/after-register-sign-in';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';

/**
 * After registration at the provider: confirm the address, then sign in; or, where the tenant signs
 * a new account in at once (its track in the flow, from the register action), the after-register
 * login posted by the browser (auto-submitted; a button without JavaScript).
 */
export default async function RegisterSuccessPage({ searchParams }: PageProps<'/register-success'>) {
  const requestId = parseRequestId((await searchParams).requestId);
  const [t, flow] = await Promise.all([getTranslations('registerSuccess'), readFlow()]);
  const config = getConfig();
  const back = requestId ? resolveRedirectUrl(config.providerUrl, requestId) : '/';
  const trackId = requestId && flow?.requestId === requestId ? flow.signInTrack : undefined;

  if (!trackId) {
    return (
      <Frame title={t('title')} description={t('description')} requestId={requestId}>
        <a className="button" href={back}>
          {t('back')}
        </a>
      </Frame>
    );
  }
  return (
    <Frame title={t('title')} description={t('signingIn')} requestId={requestId}>
      <AfterRegisterSignIn trackId={trackId} continueLabel={t('continue')} />
    </Frame>
  );
}
