import type { NextRequest } from 'next/server';
import { groupSelectionEntry, queryOf } from '@/lib/flows/entry-params';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's `group_selection` hosted page in its query form (`?track_id=…&sub=…&requestId=…`,
 * docs/provider-contract.md §4): the same screen as the path form
 * /group-selection/{track_id}/{sub}?requestId=…, where the browser is sent.
 */
export function GET(request: NextRequest) {
  const entry = groupSelectionEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther('/error?reason=invalid-request');
  const query = new URLSearchParams({ requestId: entry.requestId, ...(entry.groupId !== undefined ? { group_id: entry.groupId } : {}) });
  return seeOther(`/group-selection/${encodeURIComponent(entry.trackId)}/${encodeURIComponent(entry.sub)}?${query}`);
}
