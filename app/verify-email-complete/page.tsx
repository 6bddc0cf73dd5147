import { getTranslations } from 'next-intl/server';
import { AfterRegisterSignIn } from '@/app/_components/after-register-sign-in';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';

/**
 * The address is confirmed. When the tenant offered to sign in at once (its track, moved into the
 * flow by ./sign-in-entry or by the code step), the browser posts the track to the provider's
 * after-register login (auto-submitted).
 */
export default async function VerifyCompletePage({ searchParams }: PageProps<'/verify-email-complete'>) {
  const requestId = parseRequestId((await searchParams).requestId);
  const [t, flow] = await Promise.all([getTranslations('verifyComplete'), readFlow()]);
  const trackId = requestId && flow?.requestId === requestId ? flow.signInTrack : undefined;
  const config = getConfig();
  const back = requestId ? resolveRedirectUrl(config.providerUrl, requestId) : '/';

  if (!trackId) {
    return (
      <Frame title={t('title')} description={t('done')} requestId={requestId}>
        <a className="button" href={back}>
          {t('login')}
        </a>
      </Frame>
    );
  }
  return (
    <Frame title={t('title')} description={t('description')} requestId={requestId}>
      <AfterRegisterSignIn trackId={trackId} continueLabel={t('continue')} />
      <p className="links">
        <a href={back}>{t('cancel')}</a>
      </p>
    </Frame>
  );
}
