import 'server-only';
import { request } from 'undici';
import { getConfig } from './config';
import { log } from './log';
import { providerAgent } from './provider/http';

/** How long one provider check answers for every readiness probe of every load balancer. */
const CACHE_MS = 5_000;
const CHECK_TIMEOUT_MS = 2_000;

type Checks = { config: 'ok' | 'invalid'; provider: 'ok' | 'unreachable'; process: 'ok' | 'shutting-down' };

let cached: { at: number; reachable: Promise<boolean> } | undefined;

export async function checkReadiness(): Promise<{ ready: boolean; checks: Checks }> {
  const lifecycle = (globalThis as Record<symbol, { shuttingDown?: boolean } | undefined>)[Symbol.for('signin.lifecycle')];
  let providerUrl: URL;
  try {
    providerUrl = getConfig().providerUrl;
  } catch {
    return { ready: false, checks: { config: 'invalid', provider: 'unreachable', process: 'ok' } };
  }
  if (!cached || Date.now() - cached.at > CACHE_MS) {
    cached = { at: Date.now(), reachable: providerReachable(providerUrl) };
  }
  const checks: Checks = {
    config: 'ok',
    provider: (await cached.reachable) ? 'ok' : 'unreachable',
    process: lifecycle?.shuttingDown ? 'shutting-down' : 'ok',
  };
  return { ready: checks.provider === 'ok' && checks.process === 'ok', checks };
}

/** The provider's discovery document answers 200: the cheapest call that proves it is up. */
async function providerReachable(providerUrl: URL): Promise<boolean> {
  try {
    const response = await request(new URL('/.well-known/openid-configuration', providerUrl), {
      dispatcher: providerAgent,
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    await response.body.dump();
    return response.statusCode === 200;
  } catch (error) {
    log.warn({ event: 'readiness-provider-unreachable', reason: error instanceof Error ? error.name : 'unknown' }, 'provider unreachable');
    return false;
  }
}
