'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { failToErrorPage, retryOnForm } from '@/lib/errors';
import { refuseCodeAttempt, settleCodeAttempt } from '@/lib/flows/code-attempts';
import { guardAction, withSetupTrack } from '@/lib/flows/flow-guard';
import {
  abandonSetup,
  checkSetupCode,
  continuationAfterSetup,
  mayOpenSetup,
  OPENED_AT_ONCE,
  openSetup,
  provenContinuation,
  SETUP_METHODS,
  SETUP_PAGES,
  setupHome,
} from '@/lib/flows/mfa-setup';
import { waitBeforeResend } from '@/lib/flows/resend';
import { singleFlight } from '@/lib/flows/single-flight';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { endSendWait } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import type { SetupMethod } from '@/lib/provider/mfa-setup';
import { updateFlow } from '@/lib/session';
import { fieldErrorsOf, MfaCodeField } from '@/lib/validation/fields';
import type { CodeFormState, FormState, ResendState } from '@/lib/validation/form-state';
import { judgePhone } from '@/lib/validation/phone';
import { emailError } from '@/lib/validation/rules';

const MethodSchema = z.object({ method: z.enum(SETUP_METHODS) });

/**
 * A method chosen on the suggestion page. An authenticator app, a device to pair, backup codes: the
 * tenant opens its set-up for the suggestion's track at once, and the method's page shows the key,
 * the pairing or the codes. A text message or an e-mail: its page asks where the code should go
 * first. A set-up already open for the method is taken up again (a second press, Back), so an app
 * already scanned keeps matching; a pairing that has ended is opened anew ("Start again").
 */
export const startMethodSetup = formAction(async function startMethodSetup(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withSetupTrack);
  const parsed = MethodSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { status: 'invalid', fieldErrors: {}, formError: 'setupUnavailable' };
  const { method } = parsed.data;
  const { requestId, precheck } = flow;
  if (flow.setup?.method === method && !flow.setup.push?.outcome) redirect(stepUrl(SETUP_PAGES[method], requestId));
  if (!(await setupAllowed(flow, method))) return { status: 'invalid', fieldErrors: {}, formError: 'setupUnavailable' };
  if (flow.setup) await abandonSetup({ setup: flow.setup, sub: flow.sub, requestId });
  if (!OPENED_AT_ONCE.has(method)) {
    if (flow.setup) await updateFlow({ setup: undefined });
    redirect(stepUrl(SETUP_PAGES[method], requestId));
  }
  let opened: Awaited<ReturnType<typeof openSetup>>;
  try {
    const locale = await getLocale();
    // Not shared between identical posts (single-flight): after "Choose another method" the same
    // post must open a new set-up, and the page's button is disabled while one is pending.
    opened = await openSetup({ method, trackId: precheck.trackId, requestId, locale });
  } catch (error) {
    return retryOnForm(error, { step: 'setup.start', method });
  }
  log.info(counted({ event: 'setup.started', method, outcome: opened.kind, account: accountRef(flow.sub) }), 'second factor set-up');
  if (opened.kind === 'expired') redirect(await trackRefused(flow));
  if (opened.kind !== 'opened') return { status: 'invalid', fieldErrors: {}, formError: opened.key };
  await updateFlow({ setup: opened.setup });
  redirect(stepUrl(SETUP_PAGES[method], requestId));
});

/** A set-up may open on this track (lib/flows/mfa-setup.ts mayOpenSetup); a refusal is logged, as it may be a forged post. */
async function setupAllowed(flow: Parameters<typeof mayOpenSetup>[0], method: SetupMethod): Promise<boolean> {
  let allowed: boolean;
  try {
    allowed = await mayOpenSetup(flow, method, await getLocale(), { passkeys: getConfig().passkeys });
  } catch (error) {
    failToErrorPage(error, { step: 'setup.allowed', method }, stepUrl(setupHome(flow), flow.requestId));
  }
  if (!allowed)
    log.warn({ event: 'setup-refused-on-track', method, account: accountRef(flow.sub) }, 'set-up on an MFA requirement refused: the account has a method');
  return allowed;
}

/**
 * The tenant does not know the track (any more) for a set-up. A suggestion's: it has expired. An MFA
 * requirement's: whether the tenant sets methods up on it is not published (docs/provider-contract.md
 * §2.19, U), so its refusal hands the second factor back to the tenant's own rules (its e-mail code,
 * or its set-up page), as before this product set methods up itself.
 */
async function trackRefused(flow: { requestId: string; precheck: { kind: string }; addMethod?: { proven?: true } }): Promise<string> {
  if (flow.precheck.kind !== 'mfa') return errorUrl('expired', flow.requestId);
  // "Set up another method" after the second factor was passed: the sign-in goes on without it,
  // rather than asking for a second factor once more.
  if (flow.addMethod?.proven) {
    await updateFlow({ setup: undefined });
    return stepUrl('/continue', flow.requestId);
  }
  await updateFlow({ setup: undefined, setupAtTenant: true });
  return stepUrl('/register-mfa', flow.requestId);
}

const DestinationSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('SMS'), mobile_number: z.string().max(64).default(''), mobile_number__country: z.string().max(8).default('') }),
  z.object({ method: z.literal('EMAIL'), email: z.string().max(254).default('') }),
]);
export type DestinationState = FormState<'mobile_number' | 'email'>;

/**
 * Where a text message's or an e-mail's first code goes: the number (with its country, judged by
 * the numbering plans) or the address, then the tenant opens the set-up and sends the code, held
 * back by the same waits and budgets as the sign-in's codes.
 */
export const sendSetupCode = formAction(async function sendSetupCode(_prev: DestinationState, formData: FormData): Promise<DestinationState> {
  const flow = await guardAction(formData, withSetupTrack);
  const { requestId, precheck, sub } = flow;
  const parsed = DestinationSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success || !sub) return { status: 'invalid', fieldErrors: {}, formError: 'setupUnavailable' };
  const input = parsed.data;
  const field = input.method === 'SMS' ? 'mobile_number' : 'email';
  const values = input.method === 'SMS' ? { mobile_number: input.mobile_number, mobile_number__country: input.mobile_number__country } : { email: input.email };
  let destination: string;
  if (input.method === 'SMS') {
    const phone = input.mobile_number.trim()
      ? judgePhone(input.mobile_number, input.mobile_number__country)
      : { ok: false as const, error: 'fieldRequired' as const };
    if (!phone.ok) return { status: 'invalid', fieldErrors: { mobile_number: phone.error }, values };
    destination = phone.e164;
  } else {
    const refused = emailError(input.email);
    if (refused) return { status: 'invalid', fieldErrors: { email: refused }, values };
    destination = input.email.trim();
  }
  if (!(await setupAllowed(flow, input.method))) return { status: 'invalid', fieldErrors: {}, formError: 'setupUnavailable', values };
  // The resend's wait and budgets, said as the resend says them (too early, or a budget in minutes).
  const held = await waitBeforeResend(`setup.${input.method}`, sub, 'setup.send');
  if (held?.status === 'invalid') return { ...held, values };
  let opened: Awaited<ReturnType<typeof openSetup>>;
  try {
    opened = await openSetup({ method: input.method, trackId: precheck.trackId, requestId, destination, locale: await getLocale() });
  } catch (error) {
    return retryOnForm(error, { step: 'setup.send', method: input.method }, values);
  }
  log.info(counted({ event: 'setup.sent', method: input.method, outcome: opened.kind, account: accountRef(sub) }), 'second factor set-up');
  if (opened.kind === 'expired') redirect(await trackRefused(flow));
  if (opened.kind === 'destination-refused') return { status: 'invalid', fieldErrors: { [field]: opened.key }, values };
  if (opened.kind === 'refused') return { status: 'invalid', fieldErrors: {}, formError: opened.key, values };
  await updateFlow({ setup: opened.setup, setupRetry: undefined });
  redirect(stepUrl(SETUP_PAGES[input.method], requestId));
});

/**
 * "Send a new code" to the number or address of the set-up open now: a new set-up at the tenant
 * (a new exchange and code), after the same wait as the sign-in's codes (the form counts it down).
 */
export const resendSetupCode = formAction(async function resendSetupCode(_prev: ResendState, formData: FormData): Promise<ResendState> {
  const flow = await guardAction(formData, withSetupTrack);
  const { requestId, precheck, setup, sub } = flow;
  if (!setup?.destination || (setup.method !== 'SMS' && setup.method !== 'EMAIL') || !sub) redirect(stepUrl(setupHome(flow), requestId));
  const wait = await waitBeforeResend(`setup.${setup.method}`, sub, 'setup.resend');
  if (wait) return wait;
  let opened: Awaited<ReturnType<typeof openSetup>>;
  try {
    opened = await openSetup({ method: setup.method, trackId: precheck.trackId, requestId, destination: setup.destination, locale: await getLocale() });
  } catch (error) {
    failToErrorPage(error, { step: 'setup.resend', method: setup.method }, stepUrl(SETUP_PAGES[setup.method], requestId));
  }
  if (opened.kind === 'expired') redirect(errorUrl('expired', requestId));
  if (opened.kind !== 'opened') return { status: 'invalid', fieldErrors: {}, formError: opened.key };
  await updateFlow({ setup: opened.setup });
  redirect(stepUrl(SETUP_PAGES[setup.method], requestId, { resent: '1' }));
});

const CodeSchema = z.object({ code: MfaCodeField });

/**
 * The first code from the new method: once the tenant takes it, the method is set up, the page says
 * so, and the sign-in goes on (the suggestion's precheck continue) without asking for it again.
 */
export const checkMethodSetup = formAction(async function checkMethodSetup(_prev: CodeFormState, formData: FormData): Promise<CodeFormState> {
  const flow = await guardAction(formData, withSetupTrack);
  const { requestId, precheck, setup, sub } = flow;
  if (!setup || !sub) redirect(stepUrl(setupHome(flow), requestId));
  const parsed = CodeSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'code'>(parsed.error) };
  const factor = { account: sub, factor: `setup.${setup.method}` };
  const refused = await refuseCodeAttempt(setup.exchangeId, 'setup.verify', factor);
  if (refused) return refused;
  const { code } = parsed.data;
  let checked: Awaited<ReturnType<typeof checkSetupCode>>;
  try {
    const locale = await getLocale();
    checked = await singleFlight(['setup-check', setup.exchangeId, code], () => checkSetupCode({ setup, code, sub, requestId, locale }));
  } catch (error) {
    await settleCodeAttempt(factor, false);
    return retryOnForm(error, { step: 'setup.verify', method: setup.method }, { code });
  }
  log.info(counted({ event: 'setup.verified', method: setup.method, outcome: checked.kind, account: accountRef(sub) }), 'second factor set-up');
  await settleCodeAttempt(factor, checked.kind === 'code-error');
  if (checked.kind === 'code-error') return { status: 'invalid', fieldErrors: { code: checked.key } };
  if (checked.kind === 'expired') {
    await updateFlow({ setup: undefined });
    return { status: 'invalid', fieldErrors: {}, formError: 'setupExpired' };
  }
  await updateFlow({
    setup: undefined,
    setupDone: setup.method,
    continuation: continuationAfterSetup({
      precheck,
      sub,
      groupId: flow.groupId,
      proven: provenContinuation(flow),
      method: setup.method,
      statusId: checked.statusId,
    }),
  });
  redirect(stepUrl(SETUP_PAGES[setup.method], requestId));
});

/**
 * "Choose another method": the set-up in progress is given up, and the suggestion's methods are
 * shown again. With a method ("Use another number"), its page asks again where the code goes.
 */
export const cancelMethodSetup = formAction(async function cancelMethodSetup(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withSetupTrack);
  const { setup } = flow;
  // A code sent for the set-up given up is of no use: another number or address may have one at once
  // (the send budgets still count every send).
  if (setup?.destination && flow.sub) await endSendWait(`setup.${setup.method}`, flow.sub);
  if (setup) await abandonSetup({ setup, sub: flow.sub, requestId: flow.requestId });
  const again = MethodSchema.safeParse(Object.fromEntries(formData));
  // Asked again for a number or address, the one given last comes back to correct, not to retype (D63).
  const retry =
    again.success && setup?.destination && (setup.method === 'SMS' || setup.method === 'EMAIL')
      ? { method: setup.method, destination: setup.destination }
      : undefined;
  await updateFlow({ setup: undefined, setupRetry: retry });
  redirect(stepUrl(again.success ? SETUP_PAGES[again.data.method] : setupHome(flow), flow.requestId));
});
