import type { Signer } from '../keys.ts';
import type { Store } from '../store.ts';
import type { Handler } from '../http.ts';

export type Context = { store: Store; signer: Signer; issuer: string; tokenTtlSeconds: number };
export type Route = [method: 'GET' | 'POST', pattern: string, handler: Handler];
