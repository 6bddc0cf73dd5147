'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { getConfig } from '@/lib/config';
import { keepOnForm, retryOnForm } from '@/lib/errors';
import { continuationAfter } from '@/lib/flows/continuation';
import { passkeySetupErrorFor } from '@/lib/flows/error-map';
import { guardAction, withPrecheck } from '@/lib/flows/flow-guard';
import { checkAttestation, prepareEnrolment, type Prepared, type SetupRefused } from '@/lib/flows/passkeys';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { answerLimited, attempt } from '@/lib/limits/limits';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { isProviderError } from '@/lib/provider/errors';
import { answerSuggestion } from '@/lib/provider/fido2';
import { updateFlow } from '@/lib/session';
import type { FormState, PasskeyState } from '@/lib/validation/form-state';

/**
 * Opens an enrolment at the tenant for the track of its suggestion (docs/features.md "Passkeys"), asked by
 * the page itself once it runs.
 */
export const preparePasskeySetup = formAction(async function preparePasskeySetup(_prev: PasskeyState, formData: FormData): Promise<PasskeyState> {
  const flow = await guardAction(formData, withPrecheck('suggest'));
  if (!getConfig().passkeys) return { status: 'invalid', fieldErrors: {}, formError: 'passkeyUnavailable' };
  let prepared: Prepared | SetupRefused;
  try {
    prepared = await prepareEnrolment({ requestId: flow.requestId, sub: flow.sub, trackId: flow.precheck.trackId, locale: await getLocale() });
  } catch (error) {
    return keepOnForm(error, { step: 'passkey.setup.prepare' }, 'passkeyUnavailable');
  }
  if ('kind' in prepared) return { status: 'invalid', fieldErrors: {}, formError: passkeySetupErrorFor(prepared.meaning) ?? 'passkeyUnavailable' };
  await updateFlow({ passkey: prepared.ceremony });
  return prepared.state;
});

/**
 * The browser's new passkey: once the tenant has stored it, the page says so ("Passkey created")
 * and the sign-in goes on from there.
 */
export const finishPasskeySetup = formAction(async function finishPasskeySetup(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withPrecheck('suggest'));
  const { passkey, requestId, sub } = flow;
  const { trackId } = flow.precheck;
  if (!getConfig().passkeys || passkey?.purpose !== 'enrol' || passkey.trackId !== trackId) {
    return { status: 'invalid', fieldErrors: {}, formError: 'passkeyRefused' };
  }
  const allowed = await attempt([['code.address', 'address']]);
  if (!allowed.ok) {
    answerLimited(allowed, 'passkey.setup');
    return { status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts', retryAfter: allowed.retryAfter };
  }
  let outcome: Awaited<ReturnType<typeof checkAttestation>>;
  try {
    outcome = await checkAttestation({
      ceremony: { ...passkey, sub: passkey.sub ?? sub },
      credential: formData.get('credential'),
      requestId,
      locale: await getLocale(),
    });
  } catch (error) {
    return keepOnForm(error, { step: 'passkey.setup' }, 'passkeyRefused');
  }
  log.info(counted({ event: 'passkey.enrolled', outcome: outcome.kind, account: accountRef(sub) }), 'passkey set-up');
  if (outcome.kind === 'refused') return { status: 'invalid', fieldErrors: {}, formError: passkeySetupErrorFor(outcome.meaning) ?? 'passkeyRefused' };
  if (outcome.kind !== 'enrolled') return { status: 'invalid', fieldErrors: {}, formError: 'passkeyRefused' };
  await updateFlow({ passkey: undefined, passkeyCreated: true, continuation: continuationAfter({ step: 'suggestion', trackId, sub }) });
  redirect(stepUrl('/setup-passkey', requestId));
});

/**
 * Not now: the tenant is told the suggestion was skipped, and the sign-in goes on. Works without
 * JavaScript. The tenant refuses SKIP where a method is required now (a mandatory method past its
 * `skipUntil`, docs/provider-contract.md §2.13): the page then says so and offers no "Not now"
 * again; a track it no longer knows (404) is an expired sign-in.
 */
export const skipPasskeySetup = formAction(async function skipPasskeySetup(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withPrecheck('suggest'));
  const { requestId, sub, precheck } = flow;
  const { trackId } = precheck;
  if (precheck.skipRefused) redirect(stepUrl('/setup-passkey', requestId));
  let refusedStatus: number | undefined;
  try {
    await answerSuggestion({ trackId, action: 'SKIP', requestId, locale: await getLocale() });
  } catch (error) {
    refusedStatus = isProviderError(error) && error.kind === 'rejected' ? error.status : undefined;
    if (refusedStatus === undefined || refusedStatus < 400 || refusedStatus >= 500) return retryOnForm(error, { step: 'passkey.skip' });
    log.info({ event: 'passkey.skip-refused', status: refusedStatus, code: (error as { code?: unknown }).code, account: accountRef(sub) }, 'skip refused');
  }
  if (refusedStatus === 404) redirect(errorUrl('expired', requestId));
  if (refusedStatus !== undefined) {
    await updateFlow({ precheck: { ...precheck, skipRefused: true } });
    redirect(stepUrl('/setup-passkey', requestId));
  }
  log.info(counted({ event: 'passkey.skipped', account: accountRef(sub) }), 'passkey set-up');
  await updateFlow({ passkey: undefined, continuation: continuationAfter({ step: 'suggestion', trackId, sub }) });
  redirect(stepUrl('/continue', requestId));
});
