'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { guardAction, withPrecheck } from '@/lib/flows/flow-guard';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { updateFlow } from '@/lib/session';
import type { FormState } from '@/lib/validation/form-state';

/** The MFA pages the request may come from, and go back to. */
const BackSchema = z.object({ back: z.enum(['/register-mfa', '/register-mfa/code', '/register-mfa/push']).catch('/register-mfa') });

/**
 * "Set up another method" on an MFA page: noted, and the person stays where they were. A password
 * alone never adds a factor (that factor would then pass the requirement), so the methods to add
 * are offered once a current method has confirmed the person (lib/flows/second-factor.ts).
 */
export const planAnotherMethod = formAction(async function planAnotherMethod(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withPrecheck('mfa'));
  const { back } = BackSchema.parse(Object.fromEntries(formData));
  await updateFlow({ addMethod: {} });
  redirect(stepUrl(back, flow.requestId, back === '/register-mfa' ? { view: 'options' } : {}));
});
