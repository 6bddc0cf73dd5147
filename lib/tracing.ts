import 'server-only';
import { SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * OpenTelemetry spans of this app's own (docs/operations.md "Traces"): one per provider call, a
 * child of the page's or action's span that Next starts. With no tracer registered (OTEL_* unset:
 * lib/tracing-start.ts never ran) the API's spans are no-ops that cost next to nothing.
 * Attributes are names and statuses only: never an address, an id or a body.
 */
const tracer = trace.getTracer('signin');

export type CallSpan = { setOutcome(outcome: string, status?: number): void };

/** Runs a provider call inside its span. */
export async function inProviderSpan<T>(call: { service?: string; operation: string; method: string }, run: (span: CallSpan) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(
    `provider ${call.operation}`,
    { attributes: { 'provider.service': call.service ?? 'oidc', 'provider.operation': call.operation, 'http.request.method': call.method } },
    async (span) => {
      const handle: CallSpan = {
        setOutcome(outcome, status) {
          span.setAttribute('provider.outcome', outcome);
          if (status !== undefined) span.setAttribute('http.response.status_code', status);
          if (outcome !== 'ok' && outcome !== 'refused') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
        },
      };
      try {
        return await run(handle);
      } finally {
        span.end();
      }
    },
  );
}

/** The trace and span the current code runs in, for the log line (empty outside a sampled trace). */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  if (!context || !trace.isSpanContextValid(context)) return {};
  return { trace_id: context.traceId, span_id: context.spanId };
}
