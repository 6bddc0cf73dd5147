import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { readFlow } from '@/lib/session';
import { titleFrom } from '@/lib/i18n/metadata';

const REFERENCE = /^[A-F0-9]{10}$/;
const REASONS = ['expired', 'invalid-request'] as const;
type Reason = (typeof REASONS)[number];

export const generateMetadata = titleFrom('error');

/** The one error screen: a short explanation, a reference for support, and a way back. */
export default async function ErrorPage({ searchParams }: PageProps<'/error'>) {
  const { ref, reason } = await searchParams;
  const [t, flow] = await Promise.all([getTranslations('error'), readFlow()]);
  const known = REASONS.find((r): r is Reason => r === reason);
  const title =
    known === 'expired' ? t('expiredTitle') : known === 'invalid-request' ? t('invalidRequestTitle') : t('title');
  const description =
    known === 'expired'
      ? t('expiredDescription')
      : known === 'invalid-request'
        ? t('invalidRequestDescription')
        : t('description');
  // Back to the provider's login for the same request keeps the client's context (provider-api.md §2.4).
  const back = flow
    ? new URL(`/authz-srv/authz/resolve_redirect/${encodeURIComponent(flow.requestId)}`, getConfig().providerUrl).toString()
    : '/';
  return (
    <>
      <h1>{title}</h1>
      <p>{description}</p>
      {typeof ref === 'string' && REFERENCE.test(ref) ? (
        <p className="reference">{t('reference', { ref })}</p>
      ) : null}
      <a className="button" href={back}>
        {t('back')}
      </a>
    </>
  );
}
