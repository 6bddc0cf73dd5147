import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { newReferenceId } from '@/lib/errors';
import { passwordSetEntry, queryOf } from '@/lib/flows/entry-params';
import { newPasswordErrorFor } from '@/lib/flows/error-map';
import { askBeforeReplacing } from '@/lib/flows/replacement';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { log } from '@/lib/log';
import { classifyCodes } from '@/lib/provider/error-codes';
import { seeOther } from '@/lib/redirects';
import { getFlowSession, joinFlow } from '@/lib/session';

/**
 * The tenant's `password_set` hosted page: the reset link from the e-mail, or the provider's way
 * back after it refused a new password (rewritten here from /reset-password when the address
 * carries `rprq`; docs/provider-contract.md §4). The tokens go into the sealed session at once and
 * the browser is sent to the clean address, so they never stay in the address bar, the history or
 * a Referer. An `error_code` the provider added becomes the message on the form.
 */
export async function GET(request: NextRequest) {
  const entry = passwordSetEntry(queryOf(request.nextUrl.searchParams));
  if (!entry) return seeOther(errorUrl('invalid-request'));
  const { requestId, rprq, exchangeId, errorCode } = entry;
  const clean = stepUrl('/reset-password', requestId);

  // A link for another sign-in than the one in progress here waits for the person to confirm it.
  const held = await askBeforeReplacing(requestId, request.nextUrl);
  if (held) return seeOther(held);
  await joinFlow(requestId);
  const flow = await getFlowSession();
  const service = getConfig().providerApi === 'current' ? 'password-srv' : 'users-srv';
  const { meaning } = classifyCodes(service, [errorCode]);
  if (errorCode !== undefined && meaning === 'reference-invalid') {
    flow.reset = undefined;
    await flow.save();
    return seeOther(clean);
  }
  const problem = newPasswordErrorFor(meaning);
  if (errorCode !== undefined && !problem) {
    const ref = newReferenceId();
    log.error(
      { ref, step: 'reset.link', unknownCode: errorCode, provider: { service } },
      `request failed: provider code ${errorCode} of ${service} is not in lib/provider/error-codes.ts`,
    );
    return seeOther(`/error?${new URLSearchParams({ ref, requestId })}`);
  }
  if (!exchangeId) return seeOther(errorUrl('invalid-request', requestId));
  flow.reset = { rprq, exchangeId };
  await flow.save();
  return seeOther(problem ? stepUrl('/reset-password', requestId, { problem }) : clean);
}
