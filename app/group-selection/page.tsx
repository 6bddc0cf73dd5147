import { getLocale, getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { Streamed } from '@/app/_components/streamed';
import { requireFlow, withPrecheck } from '@/lib/flows/flow-guard';
import { GROUP_ID } from '@/lib/flows/groups';
import { stepUrl } from '@/lib/flows/step-urls';
import { getClientName } from '@/lib/provider/client-name';
import { GroupChoice } from './group-choice';
import { GroupSkeleton } from './group-skeleton';

/**
 * Group selection. The provider's `group_selection` page (query or path form) arrives at an
 * entry route that keeps the track, the subject and the client's group_id hint in the flow cookie
 * and sends the browser here. The frame and a skeleton stream at once; the groups follow.
 */
export default async function GroupSelectionPage({ searchParams }: PageProps<'/group-selection'>) {
  const params = await searchParams;
  const flow = await requireFlow(params.requestId, withPrecheck('group'));
  // The client's hint came with the provider's entry; one in this page's own address wins (a
  // group_id in the query preselects a group). A malformed one counts as a group not offered.
  const groupHint = typeof params.group_id === 'string' ? params.group_id : flow.precheck.groupHint;
  const requestedId = groupHint === undefined ? undefined : GROUP_ID.test(groupHint) ? groupHint : '';

  const [t, clientName] = await Promise.all([getTranslations('groups'), getClientName(flow.requestId, await getLocale())]);
  const onePiece = stepUrl('/group-selection', flow.requestId, { render: 'sync', group_id: typeof params.group_id === 'string' ? params.group_id : undefined });
  return (
    <Frame title={t('title')} description={t('description')} clientName={clientName} focus="form">
      <Streamed fallback={<GroupSkeleton label={t('loading')} />} onePieceHref={onePiece} inOnePiece={params.render === 'sync'}>
        <GroupChoice trackId={flow.precheck.trackId} requestId={flow.requestId} requestedId={requestedId} />
      </Streamed>
    </Frame>
  );
}
