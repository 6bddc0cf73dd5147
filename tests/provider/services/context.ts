import type { Encoding, Handler, Res } from '../http.ts';
import type { Signer } from '../keys.ts';
import type { Store } from '../store.ts';

/** Which generation of the reset and account-verification API this stand-in serves. */
export type Generation = 'current' | 'legacy';

export type Context = {
  store: Store;
  signer: Signer;
  issuer: string;
  tokenTtlSeconds: number;
  generation: Generation;
  /** The WebAuthn relying party the tenant is configured with: its id and the origin the pages run at. */
  relyingParty: { id: string; origin: string };
};

/**
 * A route's body encoding (POST routes: JSON unless said otherwise) and how its service answers a
 * body it cannot read (docs/provider-contract.md §8).
 */
export type RouteSpec = { body?: Encoding; malformed?: (res: Res) => void };
export type Route = [method: 'GET' | 'POST', pattern: string, handler: Handler, spec?: RouteSpec];
