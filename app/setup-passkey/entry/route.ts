import type { NextRequest } from 'next/server';
import { bindPrecheckEntry } from '@/lib/flows/entry-binding';
import { queryOf, suggestEntry } from '@/lib/flows/entry-params';
import { errorUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's `suggest_verification_methods` hosted page (README "Passkeys";
 * docs/provider-contract.md §2.13, §4), rewritten here from /setup-passkey when the address
 * carries a track: the track and the subject move into the flow cookie.
 */
export async function GET(request: NextRequest) {
  const entry = suggestEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  return seeOther(await bindPrecheckEntry({ ...entry, kind: 'suggest' }));
}
