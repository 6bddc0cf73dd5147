/** Liveness: the process answers. No version, no dependencies (a provider outage is not a reason to restart). */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
