import type { NextRequest } from 'next/server';
import { bindPrecheckEntry } from '@/lib/flows/entry-binding';
import { loginSuccessEntry, queryOf } from '@/lib/flows/entry-params';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's `login_success` hosted page (track_id, requestId, sub; docs/provider-contract.md
 * §4), rewritten here from /login-success when the address carries a track.
 */
export async function GET(request: NextRequest) {
  const entry = loginSuccessEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  const held = await askBeforeReplacing(entry.requestId, request.nextUrl);
  if (held) return seeOther(held);
  return seeOther(await bindPrecheckEntry({ ...entry, kind: 'login-success' }));
}
