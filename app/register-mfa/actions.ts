'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { failToErrorPage, keepOnForm, retryOnForm } from '@/lib/errors';
import { guardAction, withActiveCode, withPrecheck } from '@/lib/flows/flow-guard';
import { canResend, mfaStepPath } from '@/lib/flows/mfa';
import { isSetUpHere, OPENED_AT_ONCE, openSetup, SETUP_PAGES } from '@/lib/flows/mfa-setup';
import { sendCode, startOption, type SendOutcome, type StartOutcome } from '@/lib/flows/mfa-steps';
import { checkAssertion, PASSKEY_TYPE, prepareSecondFactor, type CheckOutcome, type Prepared } from '@/lib/flows/passkeys';
import { waitBeforeResend } from '@/lib/flows/resend';
import { finishSecondFactor } from '@/lib/flows/second-factor';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { answerLimited, attempt, attemptSend, mfaSendKind, sendRefusalKey } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { isProviderError, refusalMeaning } from '@/lib/provider/errors';
import type { SetupMethod } from '@/lib/provider/mfa-setup';
import { VERIFICATION_TYPES } from '@/lib/provider/verification-types';
import { allowedRedirectOrigins, checkRedirect } from '@/lib/redirects';
import { updateFlow } from '@/lib/session';
import type { FormState, PasskeyState, ResendState } from '@/lib/validation/form-state';

// Only the tenant's own type names: a type names limits and metrics (lib/limits/names.ts SendKind).
const StartSchema = z.object({ type: z.enum(VERIFICATION_TYPES) });

/**
 * Starts the chosen (or only) option: a POST, so no page load ever sends a code by itself. The
 * option must be one the provider lists for the flow's account now; the account and the track
 * come from the flow cookie only.
 */
export const startMfa = formAction(async function startMfa(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const parsed = StartSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, withPrecheck('mfa'));
  if (!parsed.success) redirect(errorUrl('invalid-request', flow.requestId));
  const { requestId, sub } = flow;
  const { trackId } = flow.precheck;
  const { type } = parsed.data;

  // Another post for the same method within the wait sends nothing: the code already sent (in
  // this flow) is the one to enter; otherwise the person is told what held it back, and how long.
  if (canResend(type)) {
    const allowed = await attemptSend(mfaSendKind(type), sub);
    if (!allowed.ok) {
      if (flow.mfa?.trackId === trackId && flow.mfa.active?.type === type) redirect(stepUrl(mfaStepPath(type), requestId));
      answerLimited(allowed, 'mfa.start');
      const formError = sendRefusalKey(allowed, type === 'PUSH' ? 'push' : 'code');
      return { status: 'invalid', fieldErrors: {}, formError, retryAfter: allowed.retryAfter };
    }
  }

  let outcome: StartOutcome;
  try {
    outcome = await startOption({ type, requestId, sub, trackId, locale: await getLocale(), passkeys: getConfig().passkeys });
  } catch (error) {
    return startRefused(error, requestId, type);
  }
  // The option is no longer offered (the account changed since the page was shown).
  if (outcome.kind === 'not-offered') redirect(stepUrl('/register-mfa', requestId, { view: 'options' }));
  if (outcome.kind === 'redirect') {
    // "Set it up first" is honoured only for an account with no other way to confirm it is the
    // person: otherwise whoever knows the password would set up (pair) a factor of their own and
    // pass with it. That method passes first; the method wanted is offered to add afterwards.
    if (outcome.othersUsable) {
      log.info({ event: 'mfa.setup-deferred', type, account: accountRef(sub) }, 'set-up asked for while another method can confirm first');
      await updateFlow({ addMethod: isSetUpHere(type) ? { wanted: type } : {} });
      redirect(stepUrl('/register-mfa', requestId, { view: 'options', unset: type }));
    }
    // A method this product sets up: its own page, unless the tenant refused a set-up on this track.
    if (!flow.setupAtTenant && isSetUpHere(type)) await setUpHereInstead({ flow, method: type });
    const target = checkRedirect(outcome.url, allowedRedirectOrigins(getConfig()));
    if (!target) failToErrorPage(new Error('MFA redirect target not allowed'), { step: 'mfa.start' });
    redirect(target);
  }
  const { option, options, exchangeId, destination, push, nothingSetUp } = outcome;
  await updateFlow({
    mfa: { trackId, options, ...(nothingSetUp ? { nothingSetUp } : {}), active: { ...option, exchangeId, sentAt: Date.now(), destination, push } },
  });
  log.info(counted({ event: 'mfa.sent', type: option.type, account: accountRef(sub) }), 'second factor started');
  redirect(stepUrl(mfaStepPath(option.type), requestId));
});

/**
 * The tenant refusing to start the method (a 4xx: its track gone, the method no longer usable for
 * the account) is its answer, not this product failing: the track gone is an expired sign-in, an
 * account no longer usable says so, anything else comes back to the options as "can't be used
 * now" and is logged as a warning with the tenant's code (an error-level line per refusal would
 * let anyone with a stale page raise the step-error alert at will). No answer: the form's retry.
 */
function startRefused(error: unknown, requestId: string, type: string): FormState<never> {
  if (!isProviderError(error) || error.kind !== 'rejected' || (error.status ?? 500) >= 500) return retryOnForm(error, { step: 'mfa.start', type });
  const meaning = refusalMeaning(error);
  if (meaning === 'reference-invalid') redirect(errorUrl('expired', requestId));
  if (meaning === 'account-unusable') redirect(stepUrl('/account-unavailable', requestId));
  log.warn({ event: 'mfa.start-refused', type, code: error.code, status: error.status, meaning }, 'the tenant refused to start a second factor');
  return { status: 'invalid', fieldErrors: {}, formError: 'mfaStartRefused' };
}

/**
 * The tenant answered that the method must be set up first (its 403 hand-off): this product's own
 * set-up page for it instead (docs/features.md "Second factors set up here"). An app, a phone or backup
 * codes: opened now; a text message or an e-mail: its page asks where the code goes. Where the
 * tenant does not set the method up on this track (or refuses it), nothing changes: the caller
 * follows the tenant's hand-off.
 */
async function setUpHereInstead({ flow, method }: { flow: { requestId: string; precheck: { trackId: string } }; method: SetupMethod }): Promise<void> {
  const { requestId } = flow;
  if (!OPENED_AT_ONCE.has(method)) {
    // Its page asks where the code goes first; the tenant's word lets that set-up open on this track.
    await updateFlow({ setupAllowedFor: method });
    redirect(stepUrl(SETUP_PAGES[method], requestId));
  }
  let opened: Awaited<ReturnType<typeof openSetup>>;
  try {
    opened = await openSetup({ method, trackId: flow.precheck.trackId, requestId, locale: await getLocale() });
  } catch (error) {
    log.warn(
      { event: 'setup.start-failed', method, reason: error instanceof Error ? error.name : 'unknown' },
      'own set-up not opened; the tenant’s page instead',
    );
    return;
  }
  if (opened.kind !== 'opened') {
    await updateFlow({ setupAtTenant: true });
    return;
  }
  await updateFlow({ setup: opened.setup });
  redirect(stepUrl(SETUP_PAGES[method], requestId));
}

/** Sends a new code (or push request) for the same option, once the countdown has run out. */
export const resendMfaCode = formAction(async function resendMfaCode(_prev: ResendState, formData: FormData): Promise<ResendState> {
  const flow = await guardAction(formData, withActiveCode);
  const { mfa, sub, requestId } = flow;
  const wait = await waitBeforeResend(mfaSendKind(mfa.active.type), sub, 'mfa.resend');
  if (wait) return wait;

  let outcome: SendOutcome;
  try {
    outcome = await sendCode({ option: mfa.active, requestId, sub, trackId: mfa.trackId, locale: await getLocale() });
  } catch (error) {
    failToErrorPage(error, { step: 'mfa.resend', type: mfa.active.type }, stepUrl(mfaStepPath(mfa.active.type), requestId));
  }
  if (outcome.kind === 'redirect') failToErrorPage(new Error('resend answered with a redirect'), { step: 'mfa.resend' });
  await updateFlow({
    mfa: {
      ...mfa,
      active: {
        ...mfa.active,
        exchangeId: outcome.exchangeId,
        sentAt: Date.now(),
        destination: outcome.destination ?? mfa.active.destination,
        push: outcome.push,
        dead: undefined,
      },
    },
  });
  redirect(stepUrl(mfaStepPath(mfa.active.type), requestId, { resent: '1' }));
});

/**
 * Opens a passkey ceremony for the second factor (docs/features.md "Passkeys"), asked by the page itself once
 * it runs: only where PASSKEYS is on and the tenant lists FIDO2 for the account now. The options
 * go to the browser; the exchange stays in the flow cookie.
 */
export const prepareMfaPasskey = formAction(async function prepareMfaPasskey(_prev: PasskeyState, formData: FormData): Promise<PasskeyState> {
  const flow = await guardAction(formData, withPrecheck('mfa'));
  if (!getConfig().passkeys) return { status: 'invalid', fieldErrors: {}, formError: 'passkeyUnavailable' };
  let prepared: Prepared | undefined;
  try {
    prepared = await prepareSecondFactor({ requestId: flow.requestId, sub: flow.sub, trackId: flow.precheck.trackId, locale: await getLocale() });
  } catch (error) {
    return keepOnForm(error, { step: 'mfa.passkey.prepare' }, 'passkeyUnavailable');
  }
  if (!prepared) return { status: 'invalid', fieldErrors: {}, formError: 'passkeyUnavailable' };
  await updateFlow({ passkey: prepared.ceremony });
  return prepared.state;
});

/** The browser's assertion for the second factor: accepted, it continues like a correct code. */
export const finishMfaPasskey = formAction(async function finishMfaPasskey(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withPrecheck('mfa'));
  const { passkey, requestId, sub } = flow;
  const { trackId } = flow.precheck;
  if (!getConfig().passkeys || passkey?.purpose !== 'second-factor' || passkey.trackId !== trackId) {
    return { status: 'invalid', fieldErrors: {}, formError: 'passkeyRefused' };
  }
  const allowed = await attempt([['code.address', 'address']]);
  if (!allowed.ok) {
    answerLimited(allowed, 'mfa.passkey');
    return { status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts', retryAfter: allowed.retryAfter };
  }
  let outcome: CheckOutcome;
  try {
    outcome = await checkAssertion({ ceremony: passkey, credential: formData.get('credential'), requestId, locale: await getLocale() });
  } catch (error) {
    return keepOnForm(error, { step: 'mfa.passkey' }, 'passkeyRefused');
  }
  log.info(counted({ event: 'mfa.verified', type: PASSKEY_TYPE, outcome: outcome.kind, account: accountRef(sub) }), 'sign-in attempt');
  if (outcome.kind !== 'verified') return { status: 'invalid', fieldErrors: {}, formError: 'passkeyRefused' };
  await updateFlow({ passkey: undefined });
  return finishSecondFactor({ ...flow, mfa: { trackId, active: { type: PASSKEY_TYPE } } }, outcome.statusId);
});
