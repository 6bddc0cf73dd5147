import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { currentStep, readHeld } from '@/lib/flows/replacement';
import { errorUrl } from '@/lib/flows/step-urls';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';

/**
 * A link for another sign-in arrived while one is in progress in this browser (lib/flows/replacement.ts):
 * the person decides. Opening the link replaces the sign-in in progress; going back keeps it.
 */
export default async function SwitchSignInPage({ searchParams }: PageProps<'/switch-sign-in'>) {
  const requestId = parseRequestId((await searchParams).requestId);
  if (!requestId) redirect(errorUrl('invalid-request'));
  const [held, flow, t] = await Promise.all([readHeld(), readFlow(), getTranslations('switchSignIn')]);
  if (!held || held.requestId !== requestId) redirect(errorUrl('expired', requestId));
  return (
    <Frame title={t('title')} description={t('description')} requestId={requestId}>
      {/* A plain post: the held link's redirects are the browser's to follow (./open/route.ts). */}
      <form method="post" action="/switch-sign-in/open">
        <input type="hidden" name="requestId" value={requestId} />
        <div className="actions">
          <button type="submit">{t('open')}</button>
        </div>
      </form>
      {flow ? (
        <p className="links">
          <Link href={currentStep(flow)}>{t('back')}</Link>
        </p>
      ) : null}
    </Frame>
  );
}
