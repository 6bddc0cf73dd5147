import type { NextRequest } from 'next/server';
import { bindPrecheckEntry } from '@/lib/flows/entry-binding';
import { groupSelectionEntry, queryOf } from '@/lib/flows/entry-params';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';

/**
 * The `group_selection` page in its path form, /group-selection/{track_id}/{sub}[/{requestId}]
 * with the request id as a third segment or `?requestId=` (docs/provider-contract.md §4): read
 * like the query form, then the clean page.
 */
export async function GET(request: NextRequest, { params }: RouteContext<'/group-selection/[trackId]/[sub]/[[...requestId]]'>) {
  const path = await params;
  if ((path.requestId?.length ?? 0) > 1) return seeOther(errorUrl('invalid-request'));
  const query = queryOf(request.nextUrl.searchParams);
  const entry = groupSelectionEntry({ ...query, track_id: path.trackId, sub: path.sub, requestId: path.requestId?.[0] ?? query.requestId });
  if (!entry) return seeOther(errorUrl('invalid-request'));
  const { groupId, ...rest } = entry;
  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  const held = await askBeforeReplacing(rest.requestId, request.nextUrl);
  if (held) return seeOther(held);
  return seeOther(await bindPrecheckEntry({ ...rest, kind: 'group', groupHint: groupId }));
}
