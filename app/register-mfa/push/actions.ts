'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { failToErrorPage } from '@/lib/errors';
import { guardAction, withActivePush } from '@/lib/flows/flow-guard';
import { checkPush as askProvider } from '@/lib/flows/mfa-steps';
import type { PushOutcome } from '@/lib/flows/push';
import { finishSecondFactor } from '@/lib/flows/second-factor';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { answerLimited, attempt } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { updateFlow } from '@/lib/session';
import type { PushCheckState } from '@/lib/validation/form-state';

/** `poll=1`: the page's own polling, not a person pressing "I have approved it". */
const PollSchema = z.object({ poll: z.literal('1').optional() });

/**
 * Asks the provider once whether the push was approved: posted by "I have approved it" and, with
 * JavaScript, every few seconds by the page itself (`poll`). Approved continues like a correct
 * code; a refusal or the end of the request's life is kept in the flow and shown on the page.
 */
export const checkPush = formAction(async function checkPush(_prev: PushCheckState, formData: FormData): Promise<PushCheckState> {
  const parsed = PollSchema.safeParse(Object.fromEntries(formData));
  const polled = parsed.success && parsed.data.poll === '1';
  const flow = await guardAction(formData, withActivePush);
  const { mfa, sub, requestId } = flow;
  const { active } = mfa;
  const { push } = active;
  const pushPage = stepUrl('/register-mfa/push', requestId);
  if (push.outcome) redirect(pushPage);

  const allowed = await attempt([['push.check', active.exchangeId]]);
  if (!allowed.ok) {
    answerLimited(allowed, 'mfa.push');
    return { status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts', retryAfter: allowed.retryAfter };
  }

  let outcome: PushOutcome;
  try {
    outcome = await askProvider({ push, requestId, locale: await getLocale() });
  } catch (error) {
    failToErrorPage(error, { step: 'mfa.push', type: active.type }, pushPage);
  }
  if (outcome.kind === 'pending') return { status: 'pending', asked: !polled };

  log.info(counted({ event: 'mfa.verified', type: active.type, outcome: outcome.kind, account: accountRef(sub) }), 'sign-in attempt');
  if (outcome.kind !== 'approved') {
    await updateFlow({ mfa: { ...mfa, active: { ...active, push: { ...push, outcome: outcome.kind } } } });
    redirect(pushPage);
  }
  return finishSecondFactor(flow, outcome.statusId);
});
