import type { NextRequest } from 'next/server';
import { bindMissingFieldsEntry } from '@/lib/flows/entry-binding';
import { additionalInfoEntry, queryOf } from '@/lib/flows/entry-params';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's `register_additional_info` hosted page (track_id and/or trackId, requestId when the
 * provider adds it; docs/provider-contract.md §2.18), rewritten here from /register-additional-info
 * when the address carries a track: the track moves into the flow cookie, then the clean page.
 */
export async function GET(request: NextRequest) {
  const entry = additionalInfoEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  if (entry.requestId) {
    const held = await askBeforeReplacing(entry.requestId, request.nextUrl);
    if (held) return seeOther(held);
  }
  return seeOther(await bindMissingFieldsEntry(entry));
}
