import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { titleFrom } from '@/lib/i18n/metadata';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';
import { Frame } from '../_components/frame';

export const generateMetadata = titleFrom('error');

const REFERENCE = /^[A-F0-9]{10}$/;
const REASONS = ['expired', 'invalid-request', 'sign-in-again'] as const;

/** The one error screen: a short explanation, a reference for support, and a way back. */
export default async function ErrorPage({ searchParams }: PageProps<'/error'>) {
  const params = await searchParams;
  const [t, flow] = await Promise.all([getTranslations('error'), readFlow()]);
  const reason = REASONS.find((r) => r === params.reason);
  const ref = typeof params.ref === 'string' && REFERENCE.test(params.ref) ? params.ref : undefined;
  // Back to the provider's login for the same request keeps the client's context.
  const requestId = parseRequestId(params.requestId) ?? flow?.requestId;
  // The deployment's own session ended: a fresh sign-in of our own, not the provider's request.
  const back =
    reason === 'sign-in-again' ? '/auth/start' : requestId ? resolveRedirectUrl(getConfig().providerUrl, requestId) : '/';

  const texts =
    reason === 'expired'
      ? { title: t('expiredTitle'), description: t('expiredDescription'), back: t('startAgain') }
      : reason === 'invalid-request'
        ? { title: t('invalidRequestTitle'), description: t('invalidRequestDescription'), back: t('back') }
        : reason === 'sign-in-again'
          ? { title: t('signInAgainTitle'), description: t('signInAgainDescription'), back: t('signInAgain') }
          : { title: t('title'), description: t('description'), back: t('back') };
  return (
    <Frame title={texts.title} description={texts.description}>
      {ref ? <p className="reference">{t('reference', { ref })}</p> : null}
      <a className="button" href={back}>
        {texts.back}
      </a>
    </Frame>
  );
}
