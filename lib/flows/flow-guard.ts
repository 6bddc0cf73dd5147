import 'server-only';
import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { getConfig } from '../config';
import { resolveRedirectUrl } from '../provider/urls';
import { readFlow, type FlowSession } from '../session';
import { readUserSession } from '../user-session';
import { parseRequestId } from '../validation/fields';
import { requestKnown } from './first-page';
import { errorUrl } from './step-urls';

/**
 * One sign-in, one carrier: the flow cookie holds the sign-in in progress, and every step page
 * and every step form names the sign-in it was showing by its request id. Pages and actions
 * compare the two here, so a second tab that started another sign-in (and with it replaced the
 * cookie) is never acted on by the first: that tab is told so, with a way back to its own.
 */
async function flowFor(rawRequestId: unknown, from: 'page' | 'action'): Promise<FlowSession> {
  // A step page opened without its request id (a bookmark, a typed address) has no sign-in to
  // go back to: it has expired. A malformed id is a link that was never valid.
  if (rawRequestId === undefined || rawRequestId === null) redirect(errorUrl('expired'));
  const requestId = parseRequestId(rawRequestId);
  if (!requestId) redirect(errorUrl('invalid-request'));
  const flow = await readFlow();
  if (!flow || flow.requestId !== requestId) redirect(await staleAnswer(requestId, flow, from));
  return flow;
}

/**
 * Where a page or form of a sign-in this cookie does not hold goes. With no sign-in here: after
 * this deployment's own sign-in finished (Back from the application), the error page says the
 * person is signed in; a bookmarked or stale page whose request the provider still knows starts
 * that sign-in again at the provider (same client, the e-mail step); otherwise it has expired.
 * With another sign-in here it was replaced, unless the provider no longer knows the request: then
 * it is simply stale, not replaced. A form posted for it is never carried on elsewhere.
 */
async function staleAnswer(requestId: string, flow: FlowSession | null, from: 'page' | 'action'): Promise<string> {
  if (flow) return (await requestKnown(requestId, await getLocale())) === false ? errorUrl('expired', requestId) : errorUrl('replaced', requestId);
  if ((await readUserSession()).user) return errorUrl('expired', requestId);
  if (from === 'page' && (await requestKnown(requestId, await getLocale())) === true) return resolveRedirectUrl(getConfig().providerUrl, requestId);
  return errorUrl('expired', requestId);
}

async function requireFlowFrom<F extends FlowSession>(rawRequestId: unknown, needs: (flow: FlowSession) => flow is F, from: 'page' | 'action'): Promise<F> {
  const flow = await flowFor(rawRequestId, from);
  if (!needs(flow)) redirect(errorUrl('expired', flow.requestId));
  return flow;
}

/** A step page: its request id (from the address) against the cookie, and what the step needs. */
export async function requireFlow<F extends FlowSession>(rawRequestId: unknown, needs: (flow: FlowSession) => flow is F): Promise<F> {
  return requireFlowFrom(rawRequestId, needs, 'page');
}

/** A step action: the request id the form posted against the cookie, and what the step needs. */
export async function guardAction<F extends FlowSession>(formData: FormData, needs: (flow: FlowSession) => flow is F): Promise<F> {
  return requireFlowFrom(formData.get('requestId'), needs, 'action');
}

/** What a step needs of the flow, as type guards so callers get the narrowed type. */
type With<K extends keyof FlowSession> = FlowSession & Required<Pick<FlowSession, K>>;

export const anyFlow = (f: FlowSession): f is FlowSession => Boolean(f);
export const withEmail = (f: FlowSession): f is With<'email'> => Boolean(f.email);
export const withSub = (f: FlowSession): f is With<'sub'> => Boolean(f.sub);
export const withContinuation = (f: FlowSession): f is With<'continuation'> => Boolean(f.continuation);
export const withResetSent = (f: FlowSession): f is With<'email' | 'resetSentAt'> => Boolean(f.email && f.resetSentAt);
export const withReset = (f: FlowSession): f is With<'reset'> => Boolean(f.reset);
export const withVerify = (f: FlowSession): f is With<'verify'> => Boolean(f.verify);
export const withVerifyCode = (f: FlowSession): f is With<'verify'> & { verify: { accvid: string } } => Boolean(f.verify?.accvid && f.verify.byCode);

type WithPrecheck<K extends FlowSession['precheck'] & object> = With<'sub' | 'precheck'> & { precheck: K };
export const withPrecheck =
  <Kind extends NonNullable<FlowSession['precheck']>['kind']>(kind: Kind) =>
  (f: FlowSession): f is WithPrecheck<NonNullable<FlowSession['precheck']> & { kind: Kind }> =>
    Boolean(f.sub && f.precheck?.kind === kind);

/**
 * A track a second factor may be set up on: the tenant's suggestion, or its MFA requirement for an
 * account with nothing set up yet (docs/features.md "Second factors set up here").
 */
export const withSetupTrack = (f: FlowSession): f is WithPrecheck<NonNullable<FlowSession['precheck']> & { kind: 'suggest' | 'mfa' }> =>
  Boolean(f.sub && (f.precheck?.kind === 'suggest' || f.precheck?.kind === 'mfa'));

type MfaActive = NonNullable<NonNullable<FlowSession['mfa']>['active']>;
export const withActiveCode = (f: FlowSession): f is With<'sub' | 'mfa'> & { mfa: { active: MfaActive } } => Boolean(f.sub && f.mfa?.active);
export const withActivePush = (f: FlowSession): f is With<'sub' | 'mfa'> & { mfa: { active: MfaActive & { push: NonNullable<MfaActive['push']> } } } =>
  Boolean(f.sub && f.mfa?.active?.type === 'PUSH' && f.mfa.active.push);
