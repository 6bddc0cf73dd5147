import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';

/**
 * The register page over a per-client limit (lib/flows/register-page.ts): nothing was asked of the
 * provider; the answer is 429 with Retry-After, and the page says when to try again.
 */
export async function RegisterBusy({ what, retryAfter }: { what: 'pages' | 'invitations'; retryAfter: number }) {
  const t = await getTranslations('registerBusy');
  // No "Sign in to continue to …": naming the application would be a provider call of its own.
  return <Frame title={t('title')} description={t(what, { minutes: Math.max(1, Math.ceil(retryAfter / 60)) })} requestId={null} />;
}
