import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

/**
 * Starts OpenTelemetry tracing when an OTLP endpoint is set (instrumentation.ts; docs/operations.md
 * "Traces"). The standard `OTEL_*` variables configure it: the exporter reads
 * OTEL_EXPORTER_OTLP_ENDPOINT / …_TRACES_ENDPOINT and …_HEADERS, the batch processor OTEL_BSP_*,
 * the provider OTEL_TRACES_SAMPLER and …_ARG; OTLP over HTTP with JSON bodies. Next's own spans
 * (each request, render and action) and this app's provider-call spans (lib/tracing.ts) are
 * exported; no other library is instrumented.
 */
export function startTracing(version: string | undefined): void {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME || 'signin',
      ...(version ? { [ATTR_SERVICE_VERSION]: version } : {}),
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Registered as the global provider, which Next's spans and lib/tracing.ts use. Spans still in
  // the batch (up to OTEL_BSP_SCHEDULE_DELAY, 5 s by default) when the process exits are lost.
  provider.register();
}
