import type { AsyncLocalStorage } from 'node:async_hooks';

export type RequestStore = {
  reqId: string;
  remoteAddress: string | undefined;
  forwardedFor: string | undefined;
  /** For a POST: the address it was posted to (a form's own page). */
  formPage?: string;
  status?: number;
  headers?: Record<string, string>;
  /** Cached by lib/request-context.ts once computed. */
  clientAddress?: string;
};

export declare const APP_STATUSES: ReadonlySet<number>;
export declare function requestContextStorage(): AsyncLocalStorage<RequestStore>;
export declare function currentRequest(): RequestStore | undefined;
export declare function lifecycle(): { shuttingDown: boolean };
export declare function answerWith(status: number, headers?: Record<string, string>): boolean;
export declare function statusToWrite(store: RequestStore | undefined, nextStatus: number): { status: number; headers: Record<string, string> };
