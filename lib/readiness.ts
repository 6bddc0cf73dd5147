import 'server-only';
import { getConfig } from './config';
import { storeState } from './limits/store';
import { breakerState, providerAnswers } from './provider/http';
import { lifecycle } from './request-context';

/** How long one provider check answers for every readiness probe of every load balancer. */
const CACHE_MS = 5_000;
const CHECK_TIMEOUT_MS = 2_000;

type Checks = {
  config: 'ok' | 'invalid';
  provider: 'ok' | 'unreachable' | 'circuit-open';
  process: 'ok' | 'shutting-down';
  /** Where limits are counted; informational only: an unreachable store falls back to this replica. */
  limits?: ReturnType<typeof storeState>;
};

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
  const reachable = await cached.reachable;
  const checks: Checks = {
    config: 'ok',
    // While the breaker is open this replica fails every sign-in at once: out of the balancer for
    // the pause (never cached, so it is back as soon as the pause ends and a trial call can come).
    provider: breakerState().open ? 'circuit-open' : reachable ? 'ok' : 'unreachable',
    process: lifecycle().shuttingDown ? 'shutting-down' : 'ok',
    limits: storeState(),
  };
  return { ready: checks.provider === 'ok' && checks.process === 'ok', checks };
}
