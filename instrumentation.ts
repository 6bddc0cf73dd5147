/**
 * Runs once when the server starts: a bad configuration stops the process before it serves
 * anything, the shared limits store is connected before the first request (lib/startup.ts), and
 * with an OTLP endpoint set, tracing starts (lib/tracing-start.ts; not even loaded otherwise).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const env = process.env;
    if ((env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT) && env.OTEL_SDK_DISABLED !== 'true') {
      (await import('./lib/tracing-start')).startTracing(env.APP_VERSION);
    }
    const startup = await import('./lib/startup');
    startup.checkConfigOrExit();
    await startup.openLimitsStore();
  }
}
