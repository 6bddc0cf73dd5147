import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';

/** Where the provider's end_session sends the browser back to after sign-out. */
export default async function SignedOutPage() {
  const t = await getTranslations('signedOut');
  return (
    <Frame title={t('title')} description={t('description')} requestId={null}>
      {/* A route handler (a new sign-in of our own), not a page: a full page load. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a className="button" href="/auth/start">
        {t('signInAgain')}
      </a>
    </Frame>
  );
}
