import 'server-only';
import { getConfig } from './config';
import { providerAnswers } from './provider/http';
import { lifecycle } from './request-context';

/** How long one provider check answers for every readiness probe of every load balancer. */
const CACHE_MS = 5_000;
const CHECK_TIMEOUT_MS = 2_000;

type Checks = { config: 'ok' | 'invalid'; provider: 'ok' | 'unreachable'; process: 'ok' | 'shutting-down' };

let cached: { at: number; reachable: Promise<boolean> } | undefined;

export async function checkReadiness(): Promise<{ ready: boolean; checks: Checks }> {
  try {
    getConfig();
  } catch {
    return { ready: false, checks: { config: 'invalid', provider: 'unreachable', process: 'ok' } };
  }
  if (!cached || Date.now() - cached.at > CACHE_MS) {
    cached = { at: Date.now(), reachable: providerAnswers(CHECK_TIMEOUT_MS) };
  }
  const checks: Checks = {
    config: 'ok',
    provider: (await cached.reachable) ? 'ok' : 'unreachable',
    process: lifecycle().shuttingDown ? 'shutting-down' : 'ok',
  };
  return { ready: checks.provider === 'ok' && checks.process === 'ok', checks };
}
