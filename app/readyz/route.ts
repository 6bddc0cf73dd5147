import { checkReadiness } from '@/lib/readiness';

/**
 * Readiness: configuration loaded, the provider reachable (checked at most every few seconds),
 * its circuit breaker not open, and not shutting down. 503 takes the replica out of the load
 * balancer without restarting it.
 */
export async function GET() {
  const { ready, checks } = await checkReadiness();
  return Response.json({ status: ready ? 'ok' : 'unavailable', checks }, { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
