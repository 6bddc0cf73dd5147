import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { cookies } from 'next/headers';
import { getConfig } from '../config';
import { cookieName, cookieOptions, sealOptions } from '../cookies';
import { log } from '../log';
import { readFlow } from '../session';
import type { FlowSession, Precheck } from '../session-types';
import { ENTRY_PARAMETERS } from './entry-params';
import { errorUrl, stepUrl, type StepPath } from './step-urls';

/**
 * A link to one of the provider's entries (a reset or confirmation link, a precheck page) starts
 * or joins the sign-in it names, replacing the flow cookie. Anyone can send such a link, so one
 * for another sign-in than the one this browser is in the middle of does not replace it at once:
 * the link is held (sealed, in its own short-lived cookie) and the person asked first
 * (/switch-sign-in). Confirmed, the held link is opened again and goes through.
 */
const HELD_SECONDS = 10 * 60;
/** A held address's bounds: a value of an entry is an id, a token or a masked address (error_description the longest). */
const HELD_VALUE_MAX = 512;
const HELD_URL_MAX = 2048;

type Held = { requestId: string; url: string; confirmed?: true };

/** In the middle of a step: not yet handed to the provider, or back from it with a precheck still open. */
export function inProgress(flow: FlowSession): boolean {
  const c = flow.continuation;
  if (!c) return true;
  return Boolean(flow.precheck && !(c.target === 'precheck-continue' && c.trackId === flow.precheck.trackId));
}

const PRECHECK_PAGES: Record<Precheck['kind'], StepPath> = {
  mfa: '/register-mfa',
  group: '/group-selection',
  'login-success': '/login-success',
  suggest: '/setup-passkey',
  consent: '/consent',
  'missing-fields': '/register-additional-info',
};

/**
 * Only an invitation opened here, nothing else done yet: no account met (no password step, no
 * provider entry), nothing handed to the provider. Another invitation link (the same one again, or
 * a new one after an old one) replaces it without asking: the person was never signing in.
 */
export function onlyAnInvitation(flow: FlowSession): boolean {
  return flow.invite !== undefined && !flow.sub && !flow.continuation && !flow.precheck && !flow.verify && !flow.reset;
}

/** Where the sign-in in progress stands, for "back to it". */
export function currentStep(flow: FlowSession): string {
  if (flow.precheck) return stepUrl(PRECHECK_PAGES[flow.precheck.kind], flow.requestId);
  if (flow.reset) return stepUrl('/reset-password', flow.requestId);
  if (flow.verify) return stepUrl(flow.verify.byCode ? '/verify-email/code' : '/verify-email', flow.requestId);
  if (flow.invite) return stepUrl('/register', flow.requestId);
  if (flow.email) return stepUrl('/login', flow.requestId);
  return stepUrl('/', flow.requestId);
}

const name = () => cookieName('heldEntry', getConfig().secureCookies);

export async function readHeld(): Promise<Held | undefined> {
  const seal = (await cookies()).get(name())?.value;
  if (!seal) return undefined;
  const held = await unsealData<Partial<Held>>(seal, sealOptions(getConfig().sessionSecrets, HELD_SECONDS)).catch(() => ({}) as Partial<Held>);
  return typeof held.requestId === 'string' && typeof held.url === 'string' && held.url.startsWith('/') ? (held as Held) : undefined;
}

async function saveHeld(held: Held): Promise<void> {
  const config = getConfig();
  const seal = await sealData(held, sealOptions(config.sessionSecrets, HELD_SECONDS));
  (await cookies()).set(name(), seal, { ...cookieOptions(config.secureCookies), maxAge: HELD_SECONDS - 30 });
}

async function forgetHeld(): Promise<void> {
  (await cookies()).delete({ name: name(), path: '/', secure: getConfig().secureCookies });
}

/**
 * Called by an entry before it starts or joins the sign-in `requestId`: the address to send the
 * browser to instead (the question), or undefined to go on (no other sign-in in progress, or the
 * person has confirmed this very link).
 */
export async function askBeforeReplacing(requestId: string, entry: URL): Promise<string | undefined> {
  const entryUrl = heldAddress(entry);
  // Nothing a provider sends is this long: not held (a cookie of several KB for junk), not opened.
  if (!entryUrl) return errorUrl('invalid-request', requestId);
  const flow = await readFlow();
  if (!flow || flow.requestId === requestId || !inProgress(flow)) return undefined;
  const held = await readHeld();
  if (held?.confirmed && held.requestId === requestId && held.url === entryUrl) {
    await forgetHeld();
    return undefined;
  }
  await saveHeld({ requestId, url: entryUrl });
  log.info({ event: 'entry-held', step: entryUrl.split('?')[0] }, 'a link for another sign-in waits for the person to confirm it');
  return stepUrl('/switch-sign-in', requestId);
}

/**
 * The entry's address as it is held: its path and only the parameters an entry reads (each value
 * bounded), in their order; undefined when even that is longer than any real entry's address.
 */
export function heldAddress(entry: URL): string | undefined {
  const kept = new URLSearchParams();
  for (const [key, value] of entry.searchParams) if (ENTRY_PARAMETERS.has(key) && value.length <= HELD_VALUE_MAX) kept.append(key, value);
  const query = kept.toString();
  const address = `${entry.pathname}${query ? `?${query}` : ''}`;
  return address.length <= HELD_URL_MAX ? address : undefined;
}

/** The person chose the held link: where to open it again, or undefined when none is held for `requestId`. */
export async function confirmHeld(requestId: string): Promise<string | undefined> {
  const held = await readHeld();
  if (!held || held.requestId !== requestId) return undefined;
  await saveHeld({ ...held, confirmed: true });
  return held.url;
}
