import type { NextRequest } from 'next/server';
import { bindPrecheckEntry } from '@/lib/flows/entry-binding';
import { queryOf, suggestEntry } from '@/lib/flows/entry-params';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's `suggest_verification_methods` hosted page (docs/features.md "Passkeys";
 * docs/provider-contract.md §2.13, §4), rewritten here from /setup-passkey when the address
 * carries a track: the track and the subject move into the flow cookie.
 */
export async function GET(request: NextRequest) {
  const entry = suggestEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  const held = await askBeforeReplacing(entry.requestId, request.nextUrl);
  if (held) return seeOther(held);
  return seeOther(await bindPrecheckEntry({ ...entry, kind: 'suggest' }));
}
