'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { getConfig } from '@/lib/config';
import { retryOnForm } from '@/lib/errors';
import { withConsent } from '@/lib/flows/consent';
import { continuationAfter } from '@/lib/flows/continuation';
import { guardAction } from '@/lib/flows/flow-guard';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { acceptConsent, type AcceptOutcome } from '@/lib/provider/consent';
import { updateFlow } from '@/lib/session';
import type { FormState } from '@/lib/validation/form-state';

/**
 * Accept: the tenant records the acceptance of this version (200, or 204 when it was accepted
 * before), then the sign-in goes on with the precheck continuation (docs/provider-contract.md
 * §2.17). A version the tenant no longer knows (404) and another refusal are said on the form; a
 * track that no longer vouches for the account (401) is an expired sign-in.
 */
export const acceptTerms = formAction(async function acceptTerms(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withConsent);
  const { requestId, sub, precheck } = flow;
  const { consent, trackId } = precheck;
  let outcome: AcceptOutcome;
  try {
    outcome = await acceptConsent({
      consentId: consent.consentId,
      versionId: consent.versionId,
      sub,
      masked: consent.masked,
      trackId,
      requestId,
      clientId: consent.clientId ?? getConfig().clientId,
      locale: await getLocale(),
    });
  } catch (error) {
    return retryOnForm(error, { step: 'consent.accept' });
  }
  if (outcome.kind === 'unknown') return { status: 'invalid', fieldErrors: {}, formError: 'consentNotRecorded' };
  // The tenant's refusal is its answer, not a failure here: logged as a warning (an error-level line
  // per refusal would let anyone with a stale page raise the step-error alert at will).
  if (outcome.kind === 'not-authorised' || outcome.kind === 'refused') {
    log.warn({ event: 'consent.accept-refused', ...outcome, account: accountRef(sub) }, 'the tenant refused to record a consent');
    // Its track no longer vouches for the account: this sign-in is over.
    if (outcome.kind === 'not-authorised') redirect(errorUrl('expired', requestId));
    return { status: 'invalid', fieldErrors: {}, formError: 'consentRefused' };
  }
  log.info(counted({ event: 'consent.accepted', consent: consent.consentId, version: consent.versionId, account: accountRef(sub) }), 'consent');
  await updateFlow({
    precheck: { ...precheck, consent: { ...consent, declined: undefined } },
    continuation: continuationAfter({ step: 'consent', trackId, sub }),
  });
  redirect(stepUrl('/continue', requestId));
});

/**
 * Decline: nothing is sent to the tenant and the precheck is not continued, so nothing is signed
 * in; the declined page says what that means. The tenant asks again at the next sign-in.
 */
export const declineTerms = formAction(async function declineTerms(_prev: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const flow = await guardAction(formData, withConsent);
  const { requestId, sub, precheck } = flow;
  log.info(
    counted({ event: 'consent.declined', consent: precheck.consent.consentId, version: precheck.consent.versionId, account: accountRef(sub) }),
    'consent',
  );
  await updateFlow({ precheck: { ...precheck, consent: { ...precheck.consent, declined: true } }, continuation: undefined });
  redirect(stepUrl('/consent/declined', requestId));
});
