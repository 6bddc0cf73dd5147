'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { retryOnForm } from '@/lib/errors';
import { countWrongCode, refuseCode, refuseCodeAttempt } from '@/lib/flows/code-attempts';
import { guardAction, withActiveCode } from '@/lib/flows/flow-guard';
import { mfaStepPath } from '@/lib/flows/mfa';
import { verifyCode, type CodeOutcome } from '@/lib/flows/mfa-steps';
import { finishSecondFactor } from '@/lib/flows/second-factor';
import { singleFlight } from '@/lib/flows/single-flight';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { fieldErrorsOf, MfaCodeField } from '@/lib/validation/fields';
import type { CodeFormState } from '@/lib/validation/form-state';

const CodeSchema = z.object({ code: MfaCodeField });

/** Checks the code; on success the flow continues with the provider's precheck continuation. */
export const submitMfaCode = formAction(async function submitMfaCode(_prev: CodeFormState, formData: FormData): Promise<CodeFormState> {
  const parsed = CodeSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, withActiveCode);
  const { mfa, sub, requestId } = flow;
  const { active } = mfa;
  // A push has no code: a stale code page posting here is sent to where the push is waited for.
  if (active.type === 'PUSH') redirect(stepUrl(mfaStepPath(active.type), requestId));
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'code'>(parsed.error) };
  const refused = await refuseCodeAttempt(active.exchangeId, 'mfa.verify', { account: sub, factor: active.type });
  if (refused?.status === 'invalid' && refused.fieldErrors.code === 'tooManyCodeAttempts') return refuseCode(mfa, sub, 'tooManyCodeAttempts');
  if (refused) return refused;

  let outcome: CodeOutcome;
  try {
    const locale = await getLocale();
    outcome = await singleFlight(['mfa', active.exchangeId, parsed.data.code], () =>
      verifyCode({ type: active.type, exchangeId: active.exchangeId, code: parsed.data.code, requestId, locale }),
    );
  } catch (error) {
    return retryOnForm(error, { step: 'mfa.verify', type: active.type }, { code: parsed.data.code });
  }
  log.info(counted({ event: 'mfa.verified', type: active.type, outcome: outcome.kind, account: accountRef(sub) }), 'sign-in attempt');
  if (outcome.kind === 'code-error') {
    if (outcome.key === 'mfaCodeInvalid') await countWrongCode({ account: sub, factor: active.type });
    return refuseCode(mfa, sub, outcome.key);
  }
  return finishSecondFactor(flow, outcome.statusId);
});
