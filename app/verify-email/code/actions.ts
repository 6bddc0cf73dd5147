'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { retryOnForm } from '@/lib/errors';
import { refuseCodeAttempt } from '@/lib/flows/code-attempts';
import { guardAction, withVerifyCode } from '@/lib/flows/flow-guard';
import { singleFlight } from '@/lib/flows/single-flight';
import { stepUrl } from '@/lib/flows/step-urls';
import { confirmWithCode, type ConfirmOutcome } from '@/lib/flows/verify-email';
import { formAction } from '@/lib/form-action';
import { log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { updateFlow } from '@/lib/session';
import { fieldErrorsOf, MfaCodeField } from '@/lib/validation/fields';
import type { CodeFormState } from '@/lib/validation/form-state';

const CodeSchema = z.object({ code: MfaCodeField });

/** The tenant asked for a code (verification_complete, processingType CODE): check it. */
export const submitVerificationCode = formAction(async function submitVerificationCode(_prev: CodeFormState, formData: FormData): Promise<CodeFormState> {
  const parsed = CodeSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, withVerifyCode);
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'code'>(parsed.error) };
  const { requestId } = flow;
  const { accvid } = flow.verify;
  const refused = await refuseCodeAttempt(accvid, 'verify.code');
  if (refused) return refused;

  let outcome: ConfirmOutcome;
  try {
    const locale = await getLocale();
    outcome = await singleFlight(['verify', accvid, parsed.data.code], () => confirmWithCode({ accvid, code: parsed.data.code, locale }));
  } catch (error) {
    return retryOnForm(error, { step: 'verify.code' }, { code: parsed.data.code });
  }
  log.info(counted({ event: 'verify.code', outcome: outcome.kind }), 'confirmation code');
  if (outcome.kind === 'code-error') return { status: 'invalid', fieldErrors: { code: outcome.key } };
  // The tenant's offer to sign in at once is a track that stands for the password: kept in the
  // sealed flow, never in the address (app/verify-email-complete/page.tsx reads it there).
  await updateFlow({ verify: undefined, signInTrack: outcome.signInTrackId });
  redirect(stepUrl('/verify-email-complete', requestId));
});
