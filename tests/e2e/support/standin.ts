import { expect, type APIRequestContext } from '@playwright/test';

/** The stand-in provider's test controls: its outbox, faults, expiries and call log. */

type OutboxMessage = { to: string; code?: string; link?: string; channel: string };

export type StandIn = {
  url: string;
  /** Messages the stand-in "sent" to an address (SMS are addressed "sms:<e-mail>"). */
  outbox(to: string): Promise<OutboxMessage[]>;
  /** Ages every pending code of an account past its expiry. */
  expireCodes(email: string): Promise<void>;
  /** Ages every reset link of an account past its expiry. */
  expireResets(email: string): Promise<void>;
  /** Calls the stand-in received whose path contains `fragment` (and whose body named `requestId`). */
  calls(fragment: string, requestId?: string): Promise<Array<{ method: string; path: string }>>;
  /**
   * Makes the stand-in fail the calls whose path contains `pathIncludes` and whose body names the
   * sign-in `requestId` or the account of `email` (any of them): the next `times` of them, or all.
   * `refuse` answers the 4xx `status` (the tenant's refusal); `error` a 500.
   */
  fault(
    args: ({ pathIncludes: string; requestId?: string } | { requestId: string; pathIncludes?: string }) & {
      email?: string;
      mode: 'delay' | 'error' | 'garbage' | 'close' | 'refuse';
      status?: number;
      delayMs?: number;
      times?: number;
    },
  ): Promise<string>;
  /** Ends a fault `fault` made (the provider is back). */
  clearFault(id: string): Promise<void>;
  /** Tokens of this account live `seconds` (renewal without waiting an hour). */
  tokenTtl(email: string, seconds: number): Promise<void>;
  /** Ends the account's provider sessions, as a sign-out elsewhere would. */
  endSessions(email: string): Promise<void>;
  /** The account's refresh tokens at the tenant: still valid, and revoked by the client. */
  refreshTokens(email: string): Promise<{ valid: number; revoked: number }>;
  /**
   * From now on, this request's client asks for a captcha on registration (a captcha site key), has
   * self-registration off, signs a new account in at once, or wants a new account's address
   * confirmed before it signs in (the login refused with `error=email_not_verified`).
   */
  registrationSettings(
    requestId: string,
    settings: {
      captcha?: boolean;
      off?: boolean;
      autoLogin?: boolean;
      confirmEmail?: boolean;
      /** The tenant's declared terms at a new account's first login (a ticked legacy CONSENT field accepts them). */
      termsAtFirstLogin?: boolean;
      passwordPolicy?: { minimumLength: number; maximumLength: number; noOfDigits: number; noOfSpecialChars: number; lowerAndUpperCase: boolean };
    },
  ): Promise<void>;
};

/** Which provider API generation a project runs against (docs/provider-contract.md §3). */
export type Generation = 'current' | 'legacy';
export const legacy = (generation: Generation) => generation === 'legacy';

export const STANDIN_FIXTURE = async ({ request, generation }: { request: APIRequestContext; generation: Generation }, use: (s: StandIn) => Promise<void>) => {
  await use(standinClient(request, legacy(generation) ? process.env.E2E_LEGACY_STANDIN_URL! : process.env.E2E_STANDIN_URL!));
};

/** The controls of the stand-in at `url` (the shared one is the `standin` fixture). */
export function standinClient(request: APIRequestContext, url: string): StandIn {
  return {
    url,
    async outbox(to) {
      const response = await request.get(`${url}/__standin/outbox.json?${new URLSearchParams({ to })}`);
      return (await response.json()).messages as OutboxMessage[];
    },
    async expireCodes(email) {
      expect((await request.post(`${url}/__standin/expire-codes`, { data: { email } })).ok()).toBe(true);
    },
    async expireResets(email) {
      expect((await request.post(`${url}/__standin/expire-resets`, { data: { email } })).ok()).toBe(true);
    },
    async calls(fragment, requestId) {
      const query = new URLSearchParams({ pathIncludes: fragment, ...(requestId ? { requestId } : {}) });
      const response = await request.get(`${url}/__standin/calls?${query}`);
      return (await response.json()).calls;
    },
    async fault(args) {
      const response = await request.post(`${url}/__standin/faults`, { data: args });
      expect(response.ok()).toBe(true);
      return ((await response.json()) as { id: string }).id;
    },
    async clearFault(id) {
      expect((await request.post(`${url}/__standin/faults/${id}/clear`)).ok()).toBe(true);
    },
    async tokenTtl(email, seconds) {
      expect((await request.post(`${url}/__standin/token-ttl`, { data: { email, seconds } })).ok()).toBe(true);
    },
    async endSessions(email) {
      expect((await request.post(`${url}/__standin/end-sessions`, { data: { email } })).ok()).toBe(true);
    },
    async refreshTokens(email) {
      const response = await request.get(`${url}/__standin/refresh-tokens?${new URLSearchParams({ email })}`);
      expect(response.ok()).toBe(true);
      return (await response.json()) as { valid: number; revoked: number };
    },
    async registrationSettings(requestId, settings) {
      expect((await request.post(`${url}/__standin/requests/${encodeURIComponent(requestId)}/registration`, { data: settings })).ok()).toBe(true);
    },
  };
}
