import 'server-only';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { getConfig } from '../config';
import { isOutage } from '../errors';
import { accountRef, log } from '../log';
import type { Meaning } from '../provider/error-codes';
import { isProviderError } from '../provider/errors';
import { initiateFido2, initiateFido2Setup, verifyFido2, verifyFido2Setup } from '../provider/fido2';
import { AuthenticationResponse, parseCredential, RegistrationResponse } from '../provider/fido2-shapes';
import { getConfiguredMethods } from '../provider/verification';
import type { PasskeyCeremony } from '../session-types';
import type { PasskeyState } from '../validation/form-state';
import { PASSKEY_TYPE, selectMfaStart } from './mfa';

/**
 * Passkeys (docs/features.md "Passkeys"; docs/provider-contract.md §2.13): opening a ceremony at the tenant
 * for one of three purposes, and checking what the browser sends back. The browser part runs on
 * the person's click (app/_components/passkey-ceremony.tsx); these only talk to the tenant.
 * A ceremony opened here is kept in the flow (`PasskeyCeremony`) by the calling action; its
 * options go to the browser in the action's answer.
 */

export type Prepared = { ceremony: PasskeyCeremony; state: Extract<PasskeyState, { status: 'ready' }> };

/** The origin the tenant is told the ceremony runs at (its `domainURL`, U: what it does with it). */
function domainUrl(): string {
  return getConfig().publicOrigin;
}

/** First factor: a FIDO2 authentication for the account named on the e-mail step. */
export async function prepareSignIn(args: { requestId: string; email: string; locale: string }): Promise<Prepared> {
  const opened = await initiateFido2({
    usageType: 'INITIAL_AUTHENTICATION',
    requestId: args.requestId,
    email: args.email,
    domainUrl: domainUrl(),
    locale: args.locale,
  });
  return {
    ceremony: { purpose: 'sign-in', exchangeId: opened.exchangeId, fidoRequestId: opened.fidoRequestId, ...(opened.sub ? { sub: opened.sub } : {}) },
    state: { status: 'ready', ceremony: 'get', options: opened.options },
  };
}

/**
 * Second factor: only when the tenant lists FIDO2 for the account now (docs/features.md "Multi-factor step");
 * its one medium is named, as for the other methods.
 */
export async function prepareSecondFactor(args: { requestId: string; sub: string; trackId: string; locale: string }): Promise<Prepared | undefined> {
  const start = selectMfaStart(await getConfiguredMethods(args), { passkeys: true });
  const passkey = start.kind === 'options' ? start.passkey : undefined;
  if (!passkey) return undefined;
  const opened = await initiateFido2({
    usageType: 'MULTIFACTOR_AUTHENTICATION',
    requestId: args.requestId,
    sub: args.sub,
    mediumId: passkey.mediumId,
    trackId: args.trackId,
    domainUrl: domainUrl(),
    locale: args.locale,
  });
  return {
    ceremony: { purpose: 'second-factor', exchangeId: opened.exchangeId, fidoRequestId: opened.fidoRequestId, sub: args.sub, trackId: args.trackId },
    state: { status: 'ready', ceremony: 'get', options: opened.options },
  };
}

/** The tenant would not open an enrolment, and what its code means (docs/provider-contract.md §5). */
export type SetupRefused = { kind: 'refused'; meaning: Meaning | undefined };

/**
 * Enrolment the tenant suggested after a sign-in, with the login's track. A refusal the tenant
 * explains (already set up, not active, the track gone) comes back as `refused`; a refusal without
 * a known meaning, and every other failure, is thrown.
 */
export async function prepareEnrolment(args: { requestId: string; sub: string; trackId: string; locale: string }): Promise<Prepared | SetupRefused> {
  let opened: Awaited<ReturnType<typeof initiateFido2Setup>>;
  try {
    opened = await initiateFido2Setup({ trackId: args.trackId, requestId: args.requestId, domainUrl: domainUrl(), locale: args.locale });
  } catch (error) {
    const explained = isProviderError(error) && error.kind === 'rejected' && !isOutage(error) && error.meaning !== 'request-malformed';
    if (!explained || !error.meaning) throw error;
    log.info({ event: 'passkey.setup.refused', code: error.code, meaning: error.meaning, account: accountRef(args.sub) }, 'passkey set-up refused');
    return { kind: 'refused', meaning: error.meaning };
  }
  return {
    ceremony: { purpose: 'enrol', exchangeId: opened.exchangeId, fidoRequestId: opened.fidoRequestId, sub: opened.sub ?? args.sub, trackId: args.trackId },
    state: { status: 'ready', ceremony: 'create', options: opened.options },
  };
}

export type CheckOutcome =
  | { kind: 'verified'; sub: string | undefined; statusId: string }
  /**
   * The tenant said no (a wrong or unknown credential, a used or expired challenge): try again or
   * choose another way. `meaning` when its code has one (an enrolment already made elsewhere, say).
   */
  | { kind: 'refused'; meaning?: Meaning }
  /** What the browser posted is not a credential of the expected kind. */
  | { kind: 'malformed' };

/**
 * A refusal comes back to the screen, whatever its code (the codes of a FIDO2 refusal are not
 * published: docs/provider-contract.md §7), and is logged with the code; every other failure is
 * thrown to the caller's usual handling.
 */
function refusedOrThrow(error: unknown, ceremony: PasskeyCeremony): { kind: 'refused'; meaning?: Meaning } {
  // A 5xx is the tenant failing, not saying no: "not responding", with a reference (lib/errors.ts isOutage).
  if (!isProviderError(error) || error.kind !== 'rejected' || isOutage(error)) throw error;
  log.info({ event: 'passkey.refused', purpose: ceremony.purpose, code: error.code, account: accountRef(ceremony.sub ?? '') }, 'passkey not accepted');
  return error.meaning ? { kind: 'refused', meaning: error.meaning } : { kind: 'refused' };
}

/** The browser's assertion for an open authentication ceremony. */
export async function checkAssertion(args: { ceremony: PasskeyCeremony; credential: unknown; requestId: string; locale: string }): Promise<CheckOutcome> {
  const credential: AuthenticationResponseJSON | undefined = parseCredential(AuthenticationResponse, args.credential);
  if (!credential) return { kind: 'malformed' };
  try {
    const verified = await verifyFido2({
      exchangeId: args.ceremony.exchangeId,
      fidoRequestId: args.ceremony.fidoRequestId,
      credential,
      requestId: args.requestId,
      locale: args.locale,
    });
    return { kind: 'verified', sub: verified.sub ?? args.ceremony.sub, statusId: verified.statusId };
  } catch (error) {
    return refusedOrThrow(error, args.ceremony);
  }
}

/** The browser's new credential for an open enrolment ceremony. */
export async function checkAttestation(args: {
  ceremony: PasskeyCeremony & { sub: string };
  credential: unknown;
  requestId: string;
  locale: string;
}): Promise<{ kind: 'enrolled' } | { kind: 'refused'; meaning?: Meaning } | { kind: 'malformed' }> {
  const credential: RegistrationResponseJSON | undefined = parseCredential(RegistrationResponse, args.credential);
  if (!credential) return { kind: 'malformed' };
  try {
    await verifyFido2Setup({
      exchangeId: args.ceremony.exchangeId,
      sub: args.ceremony.sub,
      fidoRequestId: args.ceremony.fidoRequestId,
      credential,
      requestId: args.requestId,
      locale: args.locale,
    });
    return { kind: 'enrolled' };
  } catch (error) {
    return refusedOrThrow(error, args.ceremony);
  }
}

export { PASSKEY_TYPE };
