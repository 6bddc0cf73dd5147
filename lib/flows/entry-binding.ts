import 'server-only';
import { getLocale } from 'next-intl/server';
import { accountRef, log } from '../log';
import { getMissingFields, readTrackState } from '../provider/prelogin';
import { readTrackInfo } from '../provider/progressive';
import { getFlowSession, startFlow } from '../session';
import type { Precheck } from '../session-types';
import { errorUrl, stepUrl, type StepPath } from './step-urls';

/**
 * The provider's entry points (its mfa_required, group_selection, login_success pages, and the
 * login page's email_not_verified refusal) name the account and the precheck track in their
 * address. The entry route moves them into the flow cookie once and sends the browser to the
 * clean step page; from there on pages and actions read them only from the cookie.
 *
 * The subject in the address is believed only as far as the flow allows:
 * - a flow of this sign-in that knows its subject (from the password step) must be given that
 *   same subject; any other is refused and logged;
 * - a flow that does not know it (a sign-in the provider finished elsewhere, such as a federated
 *   one, or one this browser never started) takes it only for a track the provider confirms is
 *   open, so an invented track with somebody else's subject goes nowhere; and since the open
 *   track may be one's own with somebody else's subject, the track's metadata must name that
 *   subject where it names one (`identity.sub`: another is refused, as above); where it names
 *   none, such a subject is marked (`subFromAddress`): nothing of that account is shown until the
 *   provider accepts it with the track (an initiation for it).
 */
const PAGES: Record<Precheck['kind'], StepPath> = {
  mfa: '/register-mfa',
  group: '/group-selection',
  'login-success': '/login-success',
  suggest: '/setup-passkey',
  consent: '/consent',
  'missing-fields': '/register-additional-info',
};

export async function bindPrecheckEntry(entry: { requestId: string; sub: string } & Precheck): Promise<string> {
  const { requestId, sub, ...precheck } = entry;
  const session = await getFlowSession();
  const ours = session.requestId === requestId && Boolean(session.startedAt);
  if (ours && session.sub && session.sub !== sub) return refuseSubject(requestId, sub, precheck.kind);
  let confirmed = ours && Boolean(session.sub);
  if (!confirmed) {
    const track = await readTrackState({ trackId: precheck.trackId, locale: await getLocale() });
    if (!track.open) return errorUrl('expired', requestId);
    if (track.sub !== undefined && track.sub !== sub) return refuseSubject(requestId, sub, precheck.kind);
    confirmed = track.sub === sub;
  }
  if (ours) {
    if (!session.sub && !confirmed) session.subFromAddress = true;
    // Another precheck: what a set-up on the last one left (its confirmation, an open set-up, the
    // wish to add a method) belongs to that one, and must not answer for this one.
    if (session.precheck?.trackId !== precheck.trackId || session.precheck?.kind !== precheck.kind) {
      for (const key of ['setup', 'setupDone', 'setupAtTenant', 'setupAllowedFor', 'addMethod', 'passkeyCreated'] as const) delete session[key];
    }
    session.sub = sub;
    session.precheck = precheck;
    await session.save();
  } else {
    await startFlow({ requestId, sub, precheck, ...(confirmed ? {} : { subFromAddress: true as const }) });
  }
  return stepUrl(PAGES[precheck.kind], requestId);
}

/**
 * The login page's `error=email_not_verified` with the subject: only for the sign-in that met
 * that subject in this browser, at its password step or in its registration's answer (the track
 * the refusal may name beside it is the one just refused, nothing to ask the provider about).
 */
export async function bindUnverifiedEntry(entry: { requestId: string; sub: string }): Promise<string> {
  const session = await getFlowSession();
  if (session.requestId !== entry.requestId || !session.startedAt || !session.sub) return errorUrl('expired', entry.requestId);
  if (session.sub !== entry.sub) return refuseSubject(entry.requestId, entry.sub, 'verify-email');
  return stepUrl('/verify-email', entry.requestId);
}

function refuseSubject(requestId: string, sub: string, step: string): string {
  log.warn({ event: 'entry-subject-mismatch', step, account: accountRef(sub) }, 'a provider entry named another account than this sign-in');
  return errorUrl('invalid-request', requestId);
}

/**
 * The `register_additional_info` page (docs/provider-contract.md §2.18): its address names only the
 * track (and the request, when the provider adds it), so both cases are told apart by asking the
 * provider. A login's open track has precheck metadata, which names the account: it must be this
 * sign-in's account where the sign-in knows one. Otherwise it is a newcomer's track, which
 * trackinfo must confirm for the request; a newcomer has no account, so the flow has no subject.
 * The request comes from the address, else from this browser's sign-in, else from the metadata.
 */
export async function bindMissingFieldsEntry(entry: { trackId: string; requestId: string | undefined }): Promise<string> {
  const { trackId } = entry;
  const session = await getFlowSession();
  const locale = await getLocale();
  const metadata = await getMissingFields({ trackId, locale });
  const requestId = entry.requestId ?? (session.startedAt ? session.requestId : undefined) ?? (metadata.kind === 'missing' ? metadata.requestId : undefined);
  if (!requestId) return errorUrl('expired');
  const ours = session.requestId === requestId && Boolean(session.startedAt);
  if (metadata.kind === 'missing') {
    const sub = metadata.sub ?? (ours ? session.sub : undefined);
    if (!sub) return errorUrl('expired', requestId);
    if (ours && session.sub && session.sub !== sub) return refuseSubject(requestId, sub, 'missing-fields');
    const precheck: Precheck = { kind: 'missing-fields', trackId };
    if (ours) {
      Object.assign(session, { sub, precheck, continuation: undefined });
      await session.save();
    } else await startFlow({ requestId, sub, precheck });
    return stepUrl(PAGES['missing-fields'], requestId);
  }
  const info = await readTrackInfo({ requestId, trackId, locale });
  if (info.kind === 'gone') return errorUrl('expired', requestId);
  const precheck: Precheck = { kind: 'missing-fields', trackId, newcomer: true };
  if (ours && !session.sub) {
    Object.assign(session, { precheck, continuation: undefined });
    await session.save();
  } else await startFlow({ requestId, precheck });
  return stepUrl(PAGES['missing-fields'], requestId);
}
