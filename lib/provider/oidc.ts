import 'server-only';
import * as client from 'openid-client';
import { CLOCK_SKEW_SECONDS } from '../auth/signed-in';
import { getConfig } from '../config';
import { providerFetch } from './http';

/** Scopes this deployment asks for as an OIDC client (docs/features.md "This deployment's own session"). */
export const SCOPES = 'openid email profile groups roles';
export const CALLBACK_PATH = '/auth/callback';
/** An authorization request older than this (15 minutes, like a flow) is dropped. */
export const PENDING_MAX_AGE_MS = 15 * 60 * 1000;

let discovered: Promise<client.Configuration> | undefined;

/**
 * The provider's OIDC metadata for this deployment's own client, discovered once and reused.
 * A failed discovery is forgotten so the next request tries again.
 */
export function getOidcConfiguration(): Promise<client.Configuration> {
  discovered ??= discover().catch((error: unknown) => {
    discovered = undefined;
    throw error;
  });
  return discovered;
}

async function discover(): Promise<client.Configuration> {
  const config = getConfig();
  const insecure = config.providerUrl.protocol === 'http:';
  const configuration = await client.discovery(
    config.providerUrl,
    config.clientId,
    // Token timestamps may be up to five minutes off this server's clock and still count.
    { client_secret: config.clientSecret, [client.clockTolerance]: CLOCK_SKEW_SECONDS },
    undefined,
    {
      // http is accepted by the config only for loopback (development and the tests).
      execute: insecure ? [client.allowInsecureRequests] : [],
      [client.customFetch]: timedFetch,
    },
  );
  configuration[client.customFetch] = timedFetch;
  return configuration;
}

/** openid-client's requests go through the provider transport (agent, deadline, breaker). */
const timedFetch: client.CustomFetch = (url, options) => providerFetch(url, options);

export function callbackUrl(): string {
  return new URL(CALLBACK_PATH, getConfig().publicUrl).toString();
}
