import type { NextRequest } from 'next/server';
import { confirmHeld } from '@/lib/flows/replacement';
import { errorUrl } from '@/lib/flows/step-urls';
import { seeOther } from '@/lib/redirects';
import { parseRequestId } from '@/lib/validation/fields';

/**
 * "Continue with this link": the person chose the held link over the sign-in in progress, so it is
 * opened again and goes through. A plain form post to a route (not an action), so that with
 * JavaScript as without it the browser itself follows the link's redirects.
 */
export async function POST(request: NextRequest) {
  const form = await request.formData().catch(() => undefined);
  const requestId = parseRequestId(form?.get('requestId'));
  if (!requestId) return seeOther(errorUrl('invalid-request'));
  return seeOther((await confirmHeld(requestId)) ?? errorUrl('expired', requestId));
}
