import { getTranslations } from 'next-intl/server';
import { AfterRegisterSignIn } from '@/app/_components/after-register-sign-in';
import { ContinuationFrame } from '@/app/_components/continuation-frame';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { continuationForm } from '@/lib/flows/continuation';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';

/**
 * After registration at the provider (docs/features.md "Registration"): the new account is welcomed
 * and, where the tenant lets it sign in, signed in by the browser's form post (auto-submitted; a
 * Continue button without JavaScript): the after-register login with the tenant's track, or the
 * sign-in with the password just chosen (the register action checked it; the same hand-over as
 * /continue). Otherwise: confirm the address, then sign in.
 */
export default async function RegisterSuccessPage({ searchParams }: PageProps<'/register-success'>) {
  const requestId = parseRequestId((await searchParams).requestId);
  const [t, flow] = await Promise.all([getTranslations('registerSuccess'), readFlow()]);
  const config = getConfig();
  const ours = requestId && flow?.requestId === requestId ? flow : undefined;

  if (ours?.continuation) {
    const form = continuationForm({
      providerUrl: config.providerUrl,
      requestId: ours.requestId,
      rememberMe: ours.rememberMe ?? true,
      continuation: ours.continuation,
    });
    return <ContinuationFrame form={form} requestId={ours.requestId} texts={{ title: t('title'), description: t('signingIn') }} />;
  }
  if (ours?.signInTrack) {
    return (
      <Frame title={t('title')} description={t('signingIn')} requestId={requestId}>
        <AfterRegisterSignIn trackId={ours.signInTrack} continueLabel={t('continue')} />
      </Frame>
    );
  }
  return (
    <Frame title={t('title')} description={t('description')} requestId={requestId}>
      <a className="button" href={requestId ? resolveRedirectUrl(config.providerUrl, requestId) : '/'}>
        {t('back')}
      </a>
    </Frame>
  );
}
