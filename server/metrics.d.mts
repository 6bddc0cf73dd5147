import type http from 'node:http';
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';

export declare const SCREENS: readonly string[];
export declare function screenOf(url: string | undefined): string;
export declare function methodOf(method: string | undefined): string;
/** What the provider gauges show: the breaker open or not, the calls under way. */
export type ProviderState = { breakerOpen: boolean; callsInFlight: number };
export type SigninMetrics = {
  register: Registry;
  /** Set by lib/provider/limits.ts when it loads (lib/metrics.ts reportProviderState). */
  providerState: (() => ProviderState) | undefined;
  httpRequests: Counter<'screen' | 'method' | 'status'>;
  httpDuration: Histogram<'screen' | 'method'>;
  funnel: Counter<'step' | 'outcome' | 'method'>;
  providerCalls: Counter<'service' | 'operation' | 'outcome'>;
  providerDuration: Histogram<'service' | 'operation'>;
  breakerOpenings: Counter;
  breakerOpen: Gauge;
  providerInFlight: Gauge;
  bulkheadRefusals: Counter<'scope'>;
  limitRefusals: Counter<'limit'>;
  resendWaits: Counter<'factor'>;
  storeUp: Gauge;
  buildInfo: Gauge<'version' | 'deployment'>;
};
export declare function metrics(): SigninMetrics;
export declare function startMetricsServer(args: {
  port: number;
  host?: string;
  createServer?: typeof http.createServer;
  version?: string;
  deployment?: string;
  onError?: (error: unknown) => void;
}): http.Server;
export declare const STORE_UP: 'signin_limits_store_up';
