import 'server-only';
import * as client from 'openid-client';
import { callbackUrl, getOidcConfiguration, SCOPES } from '../provider/oidc';
import type { PendingAuthorization } from '../session-types';

/**
 * An authorization request of this deployment's own client: code with PKCE (S256), state and
 * nonce, in the person's language. `silent` asks the tenant not to show anything (`prompt=none`):
 * the renewal of a session whose tenant issued no refresh token, answered at once with a code
 * while the tenant's own session lasts, or with `login_required` once it has ended.
 */
export async function beginAuthorization(args: {
  locale: string;
  silent?: boolean;
  /** Asked beside the deployment's own scopes (tenant:check reads which the client is granted). */
  extraScopes?: readonly string[];
  /** Extra parameters the tenant passes on to its pages (an invitation's `view_type` and `invite_id`). */
  extra?: Record<string, string>;
}): Promise<{ url: URL; pending: PendingAuthorization }> {
  const configuration = await getOidcConfiguration();
  const codeVerifier = client.randomPKCECodeVerifier();
  const pending: PendingAuthorization = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier,
    createdAt: Date.now(),
    ...(args.silent ? { silent: true } : {}),
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(),
    scope: [SCOPES, ...(args.extraScopes ?? [])].join(' '),
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
    ui_locales: args.locale,
    ...(args.silent ? { prompt: 'none' } : {}),
    ...args.extra,
  });
  return { url, pending };
}
