import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { titleFrom } from '@/lib/i18n/metadata';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';
import { Frame } from '../_components/frame';
import { Loader } from '../_components/loader';
import { Streamed } from '../_components/streamed';
import { MfaChoice } from './mfa-choice';

export const generateMetadata = titleFrom('mfa');

/**
 * The provider sends the browser here with track_id, sub and requestId (provider-api.md §2). The
 * frame and a loader are streamed at once; the configured methods follow.
 */
export default async function MfaPage({ searchParams }: PageProps<'/register-mfa'>) {
  const params = await searchParams;
  const trackId = parseRequestId(params.track_id ?? params.trackId);
  const sub = parseRequestId(params.sub);
  const requestId = parseRequestId(params.requestId);
  if (!trackId || !sub || !requestId) redirect('/error?reason=invalid-request');

  // Back, refresh or a second tab after a code was sent: show that code's page, send nothing new.
  const flow = await readFlow();
  if (params.view !== 'options' && flow?.requestId === requestId && flow.mfa?.trackId === trackId && flow.mfa.active) {
    redirect(`/register-mfa/code?requestId=${encodeURIComponent(requestId)}`);
  }

  const t = await getTranslations('mfa');
  const onePiece = `/register-mfa?${new URLSearchParams({ track_id: trackId, sub, requestId, render: 'sync', ...(params.view === 'options' ? { view: 'options' } : {}) })}`;
  return (
    <Frame title={t('title')}>
      <Streamed fallback={<Loader label={t('loading')} />} onePieceHref={onePiece} inOnePiece={params.render === 'sync'}>
        <MfaChoice trackId={trackId} sub={sub} requestId={requestId} />
      </Streamed>
    </Frame>
  );
}
