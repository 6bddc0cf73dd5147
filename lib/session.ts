import 'server-only';
import { getIronSession, type SessionOptions } from 'iron-session';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { getConfig } from './config';
import { cookieName, cookieOptions, passwordMap } from './cookies';
import { log } from './log';
import type { FlowSession } from './session-types';

export type * from './session-types';

/**
 * Two encrypted cookies, both sealed with the rotation-capable secret list:
 *
 * - the flow session: what one sign-in in progress needs between screens (request id, subject,
 *   exchange ids, the continuation to post to the provider). Short-lived; never a password or code.
 * - the user session: this deployment's own OIDC client state for direct visitors (the pending
 *   authorization request, then the signed-in user); see user-session.ts.
 */

/** How long an unfinished sign-in may sit before it has to start again. */
export const FLOW_TTL_SECONDS = 15 * 60;
/** The deployment's own signed-in session. */
export const USER_TTL_SECONDS = 8 * 60 * 60;

export { passwordMap };

export function sessionOptions(): SessionOptions {
  const config = getConfig();
  return {
    cookieName: cookieName('flow', config.secureCookies),
    password: passwordMap(config.sessionSecrets),
    ttl: FLOW_TTL_SECONDS,
    cookieOptions: cookieOptions(config.secureCookies),
    onUnsealError: (reason) => {
      if (reason !== 'expired') log.warn({ reason, cookie: 'flow' }, 'session cookie rejected');
    },
  };
}

/** The flow session of this request, unsealed once per render. */
export const getFlowSession = cache(async () => getIronSession<FlowSession>(await cookies(), sessionOptions()));

/** A flow that belongs to a request id, or null when there is none (expired, other tab, forged). */
export async function readFlow(): Promise<FlowSession | null> {
  const session = await getFlowSession();
  if (!session.requestId || !session.startedAt) return null;
  // Exactly what the cookie holds (the session's methods are not data and do not survive).
  return JSON.parse(JSON.stringify(session)) as FlowSession;
}

/**
 * Starts a fresh flow for a request id. Everything from an earlier flow is dropped so that state
 * never leaks from one sign-in into the next (a new seal at every start).
 */
export async function startFlow(values: Omit<FlowSession, 'startedAt'>): Promise<void> {
  const session = await getFlowSession();
  for (const key of Object.keys(session) as Array<keyof FlowSession>) delete session[key];
  Object.assign(session, values, { startedAt: Date.now() });
  await session.save();
}

/**
 * The flow of `requestId` from here on: the one in the cookie when it belongs to that request,
 * otherwise a fresh one (a link opened in another browser, an expired cookie, a new sign-in).
 */
export async function joinFlow(requestId: string): Promise<void> {
  if ((await readFlow())?.requestId !== requestId) await startFlow({ requestId });
}

export async function updateFlow(values: Partial<Omit<FlowSession, 'requestId' | 'startedAt'>>) {
  const session = await getFlowSession();
  Object.assign(session, values);
  await session.save();
}

export async function endFlow(): Promise<void> {
  (await getFlowSession()).destroy();
}
