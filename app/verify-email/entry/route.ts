import type { NextRequest } from 'next/server';
import { bindUnverifiedEntry } from '@/lib/flows/entry-binding';
import { loginEntry, queryOf } from '@/lib/flows/entry-params';
import { errorUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's login page after it refused a sign-in until the address is confirmed
 * (`error=email_not_verified` with the subject; docs/provider-contract.md §4), rewritten here
 * from /: the e-mail confirmation of this sign-in's account.
 */
export async function GET(request: NextRequest) {
  const { requestId, sub } = loginEntry(queryOf(request.nextUrl.searchParams));
  if (!requestId || !sub) return seeOther(errorUrl('invalid-request', requestId));
  return seeOther(await bindUnverifiedEntry({ requestId, sub }));
}
