import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { titleFrom } from '@/lib/i18n/metadata';
import { readFlow } from '@/lib/session';
import { mfaEntry } from '@/lib/flows/entry-params';
import { Frame } from '../_components/frame';
import { Loader } from '../_components/loader';
import { Streamed } from '../_components/streamed';
import { MfaChoice } from './mfa-choice';

export const generateMetadata = titleFrom('mfa');

/**
 * The tenant's `mfa_required` hosted page: the provider sends the browser here with track_id, sub
 * (or q) and requestId (docs/provider-contract.md §4). The frame and a loader are streamed at
 * once; the configured methods follow.
 */
export default async function MfaPage({ searchParams }: PageProps<'/register-mfa'>) {
  const params = await searchParams;
  const entry = mfaEntry(params);
  if (!entry) redirect('/error?reason=invalid-request');
  const { trackId, sub, requestId } = entry;

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
