'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { failToErrorPage } from '@/lib/errors';
import { guardAction, withSetupTrack } from '@/lib/flows/flow-guard';
import { continuationAfterSetup, pairingState, provenContinuation } from '@/lib/flows/mfa-setup';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { answerLimited, attempt } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import type { PushState } from '@/lib/provider/verification';
import { updateFlow } from '@/lib/session';
import type { PushCheckState } from '@/lib/validation/form-state';

/** `poll=1`: the page's own polling, not a person pressing "I have paired it". */
const PollSchema = z.object({ poll: z.literal('1').optional() });

/**
 * Asks the tenant once whether the device has paired: posted by "I have confirmed it" and, with
 * JavaScript, every few seconds by the page itself. Paired: the method is set up and the sign-in
 * goes on; refused or run out: the page says so and offers to start again.
 */
export const checkPairing = formAction(async function checkPairing(_prev: PushCheckState, formData: FormData): Promise<PushCheckState> {
  const parsed = PollSchema.safeParse(Object.fromEntries(formData));
  const polled = parsed.success && parsed.data.poll === '1';
  const flow = await guardAction(formData, withSetupTrack);
  const { requestId, precheck, setup, sub } = flow;
  const page = stepUrl('/setup-mfa/push', requestId);
  if (setup?.method !== 'PUSH' || !setup.push || setup.push.outcome || !sub) redirect(page);

  const allowed = await attempt([['push.check', setup.exchangeId]]);
  if (!allowed.ok) {
    answerLimited(allowed, 'setup.push');
    return { status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts', retryAfter: allowed.retryAfter };
  }
  let state: PushState;
  try {
    state = await pairingState({ setup, requestId, locale: await getLocale() });
  } catch (error) {
    failToErrorPage(error, { step: 'setup.push' }, page);
  }
  if (state === 'pending') return { status: 'pending', asked: !polled };

  log.info(counted({ event: 'setup.verified', method: 'PUSH', outcome: state, account: accountRef(sub) }), 'second factor set-up');
  if (state === 'approved')
    await updateFlow({
      setup: undefined,
      setupDone: 'PUSH',
      continuation: continuationAfterSetup({
        precheck,
        sub,
        groupId: flow.groupId,
        proven: provenContinuation(flow),
        method: 'PUSH',
        statusId: setup.push.statusId,
      }),
    });
  else await updateFlow({ setup: { ...setup, push: { ...setup.push, outcome: state } } });
  redirect(page);
});
