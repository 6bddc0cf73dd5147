'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { retryOnForm } from '@/lib/errors';
import { countWrongCode, refuseCodeAttempt } from '@/lib/flows/code-attempts';
import { continuationAfter } from '@/lib/flows/continuation';
import { guardAction, withPrecheck } from '@/lib/flows/flow-guard';
import { checkSetupCode, openSetup, SETUP_METHODS } from '@/lib/flows/mfa-setup';
import { singleFlight } from '@/lib/flows/single-flight';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountRef, log } from '@/lib/log';
import { updateFlow } from '@/lib/session';
import { fieldErrorsOf, MfaCodeField } from '@/lib/validation/fields';
import type { CodeFormState, FormState } from '@/lib/validation/form-state';

/** Where each method is set up. */
const SETUP_PAGES = { TOTP: '/setup-mfa/authenticator' } as const;

const MethodSchema = z.object({ method: z.enum(SETUP_METHODS as ['TOTP']) });

/**
 * A method chosen on the suggestion page: the tenant opens its set-up for the suggestion's track,
 * and the method's page shows what to do. A set-up already open for the method is taken up again
 * (a second press, Back), so an app already scanned keeps matching.
 */
export const startMethodSetup = formAction(async function startMethodSetup(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withPrecheck('suggest'));
  const parsed = MethodSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { status: 'invalid', fieldErrors: {}, formError: 'setupUnavailable' };
  const { method } = parsed.data;
  const { requestId, precheck } = flow;
  if (flow.setup?.method === method) redirect(stepUrl(SETUP_PAGES[method], requestId));
  let opened: Awaited<ReturnType<typeof openSetup>>;
  try {
    const locale = await getLocale();
    // Not shared between identical posts (single-flight): after "Choose another method" the same
    // post must open a new set-up, and the page's button is disabled while one is pending.
    opened = await openSetup({ method, trackId: precheck.trackId, requestId, locale });
  } catch (error) {
    return retryOnForm(error, { step: 'setup.start', method });
  }
  log.info({ event: 'setup.started', method, outcome: opened.kind, account: accountRef(flow.sub) }, 'second factor set-up');
  if (opened.kind === 'expired') redirect(errorUrl('expired', requestId));
  if (opened.kind === 'refused') return { status: 'invalid', fieldErrors: {}, formError: opened.key };
  await updateFlow({ setup: opened.setup });
  redirect(stepUrl(SETUP_PAGES[method], requestId));
});

const CodeSchema = z.object({ code: MfaCodeField });

/**
 * The first code from the new method: once the tenant takes it, the method is set up, the page says
 * so, and the sign-in goes on (the suggestion's precheck continue) without asking for it again.
 */
export const checkMethodSetup = formAction(async function checkMethodSetup(_prev: CodeFormState, formData: FormData): Promise<CodeFormState> {
  const flow = await guardAction(formData, withPrecheck('suggest'));
  const { requestId, precheck, setup, sub } = flow;
  if (!setup || !sub) redirect(stepUrl('/setup-passkey', requestId));
  const parsed = CodeSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'code'>(parsed.error) };
  const refused = await refuseCodeAttempt(setup.exchangeId, 'setup.verify', { account: sub, factor: `setup.${setup.method}` });
  if (refused) return refused;
  const { code } = parsed.data;
  let checked: Awaited<ReturnType<typeof checkSetupCode>>;
  try {
    const locale = await getLocale();
    checked = await singleFlight(['setup-check', setup.exchangeId, code], () => checkSetupCode({ setup, code, sub, requestId, locale }));
  } catch (error) {
    return retryOnForm(error, { step: 'setup.verify', method: setup.method }, { code });
  }
  log.info({ event: 'setup.verified', method: setup.method, outcome: checked.kind, account: accountRef(sub) }, 'second factor set-up');
  if (checked.kind === 'code-error') {
    await countWrongCode({ account: sub, factor: `setup.${setup.method}` });
    return { status: 'invalid', fieldErrors: { code: checked.key } };
  }
  if (checked.kind === 'expired') {
    await updateFlow({ setup: undefined });
    return { status: 'invalid', fieldErrors: {}, formError: 'setupExpired' };
  }
  await updateFlow({ setup: undefined, setupDone: setup.method, continuation: continuationAfter({ step: 'suggestion', trackId: precheck.trackId, sub }) });
  redirect(stepUrl(SETUP_PAGES[setup.method], requestId));
});

/** "Choose another method": the set-up in progress is given up, and the suggestion's methods are shown again. */
export const cancelMethodSetup = formAction(async function cancelMethodSetup(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withPrecheck('suggest'));
  await updateFlow({ setup: undefined });
  redirect(stepUrl('/setup-passkey', flow.requestId));
});
