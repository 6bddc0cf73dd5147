'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { retryOnForm } from '@/lib/errors';
import { refuseCode, refuseCodeAttempt, settleCodeAttempt } from '@/lib/flows/code-attempts';
import { guardAction, withActiveCode } from '@/lib/flows/flow-guard';
import { mfaStepPath } from '@/lib/flows/mfa';
import { verifyCode, type CodeOutcome } from '@/lib/flows/mfa-steps';
import { finishSecondFactor } from '@/lib/flows/second-factor';
import { singleFlight } from '@/lib/flows/single-flight';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { BackupCodeField, fieldErrorsOf, MfaCodeField } from '@/lib/validation/fields';
import type { CodeFormState } from '@/lib/validation/form-state';

/** A backup code is typed as issued (8 digits, in groups); every other code is 6 digits. */
const codeSchema = (type: string) => z.object({ code: type === 'BACKUPCODE' ? BackupCodeField : MfaCodeField });

/** Checks the code; on success the flow continues with the provider's precheck continuation. */
export const submitMfaCode = formAction(async function submitMfaCode(_prev: CodeFormState, formData: FormData): Promise<CodeFormState> {
  const flow = await guardAction(formData, withActiveCode);
  const { mfa, sub, requestId } = flow;
  const { active } = mfa;
  const parsed = codeSchema(active.type).safeParse(Object.fromEntries(formData));
  // A push has no code: a stale code page posting here is sent to where the push is waited for.
  if (active.type === 'PUSH') redirect(stepUrl(mfaStepPath(active.type), requestId));
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'code'>(parsed.error) };
  const factor = { account: sub, factor: active.type };
  const refused = await refuseCodeAttempt(active.exchangeId, 'mfa.verify', factor);
  if (refused?.status === 'invalid' && refused.fieldErrors.code === 'tooManyCodeAttempts') return refuseCode(mfa, sub, 'tooManyCodeAttempts');
  if (refused) return refused;

  let outcome: CodeOutcome;
  try {
    const locale = await getLocale();
    outcome = await singleFlight(['mfa', active.exchangeId, parsed.data.code], () =>
      verifyCode({ type: active.type, exchangeId: active.exchangeId, code: parsed.data.code, requestId, locale }),
    );
  } catch (error) {
    await settleCodeAttempt(factor, false);
    return retryOnForm(error, { step: 'mfa.verify', type: active.type }, { code: parsed.data.code });
  }
  log.info(counted({ event: 'mfa.verified', type: active.type, outcome: outcome.kind, account: accountRef(sub) }), 'sign-in attempt');
  await settleCodeAttempt(factor, outcome.kind === 'code-error' && outcome.key === 'mfaCodeInvalid');
  if (outcome.kind === 'code-error') return refuseCode(mfa, sub, outcome.key);
  return finishSecondFactor(flow, outcome.statusId, outcome.remaining);
});
