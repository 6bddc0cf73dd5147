import type { NextRequest } from 'next/server';
import { bindPrecheckEntry } from '@/lib/flows/entry-binding';
import { groupSelectionEntry, queryOf } from '@/lib/flows/entry-params';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's `group_selection` hosted page in its query form (track_id, sub, requestId and the
 * client's group_id; docs/provider-contract.md §4), rewritten here from /group-selection when the
 * address carries a track: everything moves into the flow cookie, then the clean page.
 */
export async function GET(request: NextRequest) {
  const entry = groupSelectionEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  const { groupId, ...rest } = entry;
  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  const held = await askBeforeReplacing(rest.requestId, request.nextUrl);
  if (held) return seeOther(held);
  return seeOther(await bindPrecheckEntry({ ...rest, kind: 'group', groupHint: groupId }));
}
