import 'server-only';
import { attempt } from '../limits/limits';
import { log } from '../log';
import { counted } from '../metrics';
import { cachedClientName, getClientName, requireClientInfo, requireClientName } from '../provider/client-name';
import { isProviderError } from '../provider/errors';
import type { ClientInfo } from '../provider/public';
import { readFlow } from '../session';

/**
 * The client information for the first screen (its name and identity providers), which also
 * tells whether the provider knows the request id (an unknown or expired one throws, for "this
 * sign-in link is not valid"). An id the provider
 * has not answered here yet costs a provider call: such pages are counted per client address
 * (`entry.address`), and beyond that budget the page is shown without the call (the e-mail
 * step's post asks the provider about the id anyway), so nobody can make this deployment call
 * the provider without limit by opening pages with made-up ids. Answers, and refusals for a
 * minute, are cached (lib/provider/client-name.ts).
 */
export async function firstPageClientInfo(requestId: string, locale: string): Promise<ClientInfo | undefined> {
  if (!cachedClientName(requestId, locale)) {
    const allowed = await attempt([['entry.address', 'address']]);
    if (!allowed.ok) {
      // The page still works (and answers 200): only the provider's check is left out (and with
      // it the identity providers' buttons: the e-mail form still signs in).
      log.info(counted({ event: 'rate-limited', step: 'first-page', limit: allowed.limit }), 'request id not checked on the first page');
      return undefined;
    }
  }
  return requireClientInfo(requestId, locale);
}

/** The first screen's client name (see firstPageClientInfo). */
export async function firstPageClientName(requestId: string, locale: string): Promise<string | undefined> {
  return (await firstPageClientInfo(requestId, locale))?.displayName;
}

/**
 * Whether the provider still knows `requestId`, for a step page whose flow cookie is gone (a
 * bookmark, yesterday's link): true (a sign-in for the same client can start again there), false
 * (unknown, expired or finished: only a fresh sign-in will do), or undefined when it was not asked
 * (over the same per-client budget as the first page) or did not answer.
 */
export async function requestKnown(requestId: string, locale: string): Promise<boolean | undefined> {
  try {
    const hit = cachedClientName(requestId, locale);
    if (hit) return !('refused' in hit);
    const allowed = await attempt([['entry.address', 'address']]);
    if (!allowed.ok) return undefined;
    await requireClientName(requestId, locale);
    return true;
  } catch (error) {
    return isProviderError(error) && error.kind === 'rejected' && (error.status ?? 500) < 500 ? false : undefined;
  }
}

/**
 * The client application's name for a page's frame ("Sign in to continue to …"). Free where the
 * cache has it or where the id is this browser's own sign-in; a page opened with any other id (a
 * success page's address, which anyone can write) costs a provider call, counted like the first
 * page's: over the budget the frame goes without the name.
 */
export async function frameClientName(requestId: string | undefined, locale: string): Promise<string | undefined> {
  if (!requestId) return undefined;
  if (!cachedClientName(requestId, locale) && (await readFlow())?.requestId !== requestId) {
    const allowed = await attempt([['entry.address', 'address']]);
    if (!allowed.ok) {
      log.info(counted({ event: 'rate-limited', step: 'frame', limit: allowed.limit }), 'client name not looked up for a page');
      return undefined;
    }
  }
  return getClientName(requestId, locale);
}
