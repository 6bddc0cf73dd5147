import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { stepUrl } from '@/lib/flows/step-urls';
import { answerWith } from '@/lib/request-context';
import { readFlow } from '@/lib/session';

/**
 * Any address that names no screen: the full frame (logos, the sign-in's client, the language
 * selector, the legal links) with the way back, answered 404 through the request context
 * (server/request-context.mjs). It is a route of its own rather than app/not-found.tsx because
 * Next puts the root not-found screen into every page's payload; that one stays minimal.
 */
export default async function UnknownAddress() {
  const [t, flow] = await Promise.all([getTranslations('notFound'), readFlow()]);
  answerWith(404);
  // Back to the sign-in in progress, where there is one; otherwise a sign-in of our own.
  const back = flow ? stepUrl('/', flow.requestId) : '/';
  return (
    <Frame title={t('title')} description={t('description')} requestId={flow?.requestId ?? null}>
      {/* A full page load: the unknown address may have come from anywhere. */}
      <a className="button" href={back}>
        {t('back')}
      </a>
    </Frame>
  );
}
