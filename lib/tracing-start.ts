import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type ReadableSpan, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-node';
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
    spanProcessors: [addressesWithoutSecrets, new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Registered as the global provider, which Next's spans and lib/tracing.ts use. Spans still in
  // the batch (up to OTEL_BSP_SCHEDULE_DELAY, 5 s by default) when the process exits are lost.
  provider.register();
}

/** The span attributes that carry a request's address (Next sets `http.target` to the whole of it). */
const ADDRESS_ATTRIBUTES = ['http.target', 'http.url', 'url.full', 'url.query', 'url.path'];

/**
 * An address as a span may carry it: the path alone (a query holds the provider's request ids,
 * reset-link tokens, an authorization code), with the provider's track and subject in the path of
 * the group selection replaced by their names, as the request log writes them (server/entry.mjs).
 */
export function safeAddress(value: string): string {
  const path = value.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  return path.startsWith('/group-selection/') ? '/group-selection/:trackId/:sub' : path;
}

/** Rewrites the address attributes of every span, at its start and again at its end, before any export. */
const addressesWithoutSecrets: SpanProcessor = {
  onStart(span: Span) {
    for (const key of ADDRESS_ATTRIBUTES) {
      const value = span.attributes[key];
      if (typeof value === 'string') span.setAttribute(key, key === 'url.query' ? '' : safeAddress(value));
    }
  },
  onEnd(span: ReadableSpan) {
    const attributes = span.attributes as Record<string, unknown>;
    for (const key of ADDRESS_ATTRIBUTES) {
      const value = attributes[key];
      if (typeof value === 'string') attributes[key] = key === 'url.query' ? '' : safeAddress(value);
    }
  },
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};
