import type { NextRequest } from 'next/server';
import { passwordSetSuccessEntry, queryOf } from '@/lib/flows/entry-params';
import { stepUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';

/**
 * The tenant's `password_set_success` page names a track beside the request
 * (docs/provider-contract.md §4; rewritten here from /reset-password-success when the address
 * carries one). Nothing here uses it, and a track is not left in the address bar: the browser
 * goes on to the page without it.
 */
export async function GET(request: NextRequest) {
  const { requestId } = passwordSetSuccessEntry(queryOf(request.nextUrl.searchParams));
  return seeOther(requestId ? stepUrl('/reset-password-success', requestId) : '/reset-password-success');
}
