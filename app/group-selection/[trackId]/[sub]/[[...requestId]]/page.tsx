import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { GROUP_ID } from '@/lib/flows/groups';
import { titleFrom } from '@/lib/i18n/metadata';
import { getClientName } from '@/lib/provider/client-name';
import { parseRequestId } from '@/lib/validation/fields';
import { Frame } from '../../../../_components/frame';
import { Streamed } from '../../../../_components/streamed';
import { GroupChoice } from '../../../group-choice';
import { GroupSkeleton } from '../../../group-skeleton';

export const generateMetadata = titleFrom('groups');

type Params = PageProps<'/group-selection/[trackId]/[sub]/[[...requestId]]'>;

/**
 * Group selection. The provider sends the browser to /group-selection/{track_id}/{sub} with the
 * request id as `?requestId=` or as a third path segment (README: routes). The frame and a
 * skeleton stream at once; the groups follow.
 */
export default async function GroupSelectionPage({ params, searchParams }: Params) {
  const [path, query] = await Promise.all([params, searchParams]);
  const trackId = parseRequestId(path.trackId);
  const sub = parseRequestId(path.sub);
  const requestId = parseRequestId(path.requestId?.[0] ?? query.requestId);
  if (!trackId || !sub || !requestId || (path.requestId?.length ?? 0) > 1) redirect('/error?reason=invalid-request');
  // security.md §2.5: a malformed group_id is treated like one that is not offered.
  const rawGroupId = typeof query.group_id === 'string' ? query.group_id : undefined;
  const requestedId = rawGroupId === undefined ? undefined : GROUP_ID.test(rawGroupId) ? rawGroupId : '';

  const [t, clientName] = await Promise.all([getTranslations('groups'), getClientName(requestId, await getLocale())]);
  const onePiece = `/group-selection/${trackId}/${sub}?${new URLSearchParams({ requestId, render: 'sync', ...(rawGroupId !== undefined ? { group_id: rawGroupId } : {}) })}`;
  return (
    <Frame title={t('title')} description={t('description')} clientName={clientName}>
      <Streamed fallback={<GroupSkeleton label={t('loading')} />} onePieceHref={onePiece} inOnePiece={query.render === 'sync'}>
        <GroupChoice trackId={trackId} sub={sub} requestId={requestId} requestedId={requestedId} />
      </Streamed>
    </Frame>
  );
}
