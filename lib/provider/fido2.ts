import 'server-only';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { z } from 'zod';
import { ask, askForData, ExchangeRef, unexpected } from './answer';
import { AuthenticationChallenge, fido2ClientResponse, fido2Entity, RegistrationChallenge } from './fido2-shapes';
import type { ProviderCall } from './http';

/**
 * FIDO2 (passkeys) at the tenant (docs/provider-contract.md §2.13): authentication through
 * verification-srv's current paths, enrolment during a sign-in through verification-actions-srv
 * with the login's track, and the answer to the tenant's suggestion (auth-actions-srv). The
 * tenant verifies and stores the credentials; this deployment only relays the ceremony, with the
 * shapes mapped in fido2-shapes.ts.
 */

/**
 * A FIDO2 initiation's answer, authentication or enrolment alike: the exchange, the subject when
 * the tenant names it, and the challenge (`fido2_entity`) in the browser's shape. `extra` holds
 * fields one of the two checks besides.
 */
function initiation<Challenge extends z.ZodType>(challenge: Challenge, extra: z.ZodRawShape = {}) {
  return z
    .object({ exchange_id: ExchangeRef, sub: z.string().min(1).optional(), fido2_entity: fido2Entity(challenge), ...extra })
    .loose()
    .transform((d) => ({
      exchangeId: d.exchange_id.exchange_id,
      expiresAt: d.exchange_id.expires_at,
      sub: d.sub,
      fidoRequestId: d.fido2_entity.fidoRequestId,
      options: d.fido2_entity.options,
    }));
}

const AuthenticationInitiated = initiation(AuthenticationChallenge, { status_id: z.string().min(1).optional() });
const SetupInitiated = initiation(RegistrationChallenge);

/** A started ceremony: the exchange, and the options for the browser (`get` or `create`). */
type Initiated<Options> = { exchangeId: string; expiresAt: number | undefined; sub: string | undefined; fidoRequestId: string; options: Options };
export type Fido2Initiated = Initiated<PublicKeyCredentialRequestOptionsJSON>;
export type Fido2SetupInitiated = Initiated<PublicKeyCredentialCreationOptionsJSON>;

export type Fido2Usage = 'INITIAL_AUTHENTICATION' | 'MULTIFACTOR_AUTHENTICATION';

/**
 * Where the ceremony runs, as cidaas's web SDK v6 tells the tenant: `domainURL`, the page's origin
 * (from which the tenant may pick the relying-party id, U), and `allowedDomains`, the origins it
 * may accept in the browser's answer, which "must include the origin where the WebAuthn ceremony
 * runs" (docs/provider-contract.md §2.13). Both are this deployment's origin.
 */
function ceremonyDomains(domainUrl: string) {
  return { domainURL: domainUrl, allowedDomains: [domainUrl] };
}

/**
 * Starts a FIDO2 authentication: `POST /verification-srv/authentication/FIDO2/initiation`. The
 * account is named by its e-mail (first factor) or its subject with the precheck's track (second
 * factor).
 */
export async function initiateFido2(args: {
  usageType: Fido2Usage;
  requestId: string;
  email?: string;
  sub?: string;
  mediumId?: string;
  trackId?: string;
  domainUrl: string;
  locale?: string;
}): Promise<Fido2Initiated> {
  return askForData(
    {
      service: 'verification-srv',
      operation: 'fido2.initiate',
      method: 'POST',
      path: '/verification-srv/authentication/FIDO2/initiation',
      body: {
        usage_type: args.usageType,
        request_id: args.requestId,
        email: args.email,
        sub: args.sub,
        medium_id: args.mediumId || undefined,
        trackId: args.trackId,
        ...ceremonyDomains(args.domainUrl),
      },
      locale: args.locale,
      signIn: args.requestId,
    },
    AuthenticationInitiated,
  );
}

const Verified = z
  .object({ sub: z.string().min(1).optional(), status_id: z.string().min(1) })
  .loose()
  .transform((d) => ({ sub: d.sub, statusId: d.status_id }));

/** Sends the browser's assertion: `POST /verification-srv/authentication/FIDO2/verification`. */
export function verifyFido2(args: {
  exchangeId: string;
  fidoRequestId: string;
  credential: AuthenticationResponseJSON;
  requestId: string;
  locale?: string;
}): Promise<{ sub: string | undefined; statusId: string }> {
  return askForData(
    {
      service: 'verification-srv',
      operation: 'fido2.verify',
      method: 'POST',
      path: '/verification-srv/authentication/FIDO2/verification',
      body: {
        exchange_id: args.exchangeId,
        fido2_client_response: fido2ClientResponse(args.fidoRequestId, args.credential),
      },
      locale: args.locale,
      signIn: args.requestId,
    },
    Verified,
  );
}

/**
 * Starts enrolling a passkey during a sign-in: `POST
 * /verification-actions-srv/setup/fido2/initiation/{trackId}`, public, the login's track standing
 * for the account (no bearer).
 */
export function initiateFido2Setup(args: { trackId: string; requestId: string; domainUrl: string; locale?: string }): Promise<Fido2SetupInitiated> {
  return askForData(
    {
      service: 'verification-actions-srv',
      operation: 'fido2.setupInitiate',
      method: 'POST',
      path: `/verification-actions-srv/setup/fido2/initiation/${encodeURIComponent(args.trackId)}`,
      body: ceremonyDomains(args.domainUrl),
      locale: args.locale,
      signIn: args.requestId,
    },
    SetupInitiated,
  );
}

/**
 * Sends the browser's new credential: `POST /verification-actions-srv/setup/fido2/verification`
 * with `fido2_client_response` as cidaas's docs and its JavaScript and iOS SDKs send it. Its
 * Android SDK sends another shape (an `attestation` string); which one the web endpoint expects
 * is unknown (docs/provider-contract.md §7). Any success envelope is enough.
 */
export async function verifyFido2Setup(args: {
  exchangeId: string;
  sub: string;
  fidoRequestId: string;
  credential: RegistrationResponseJSON;
  requestId: string;
  locale?: string;
}): Promise<void> {
  await askForData(
    {
      service: 'verification-actions-srv',
      operation: 'fido2.setupVerify',
      method: 'POST',
      path: '/verification-actions-srv/setup/fido2/verification',
      body: {
        exchange_id: args.exchangeId,
        sub: args.sub,
        fido2_client_response: fido2ClientResponse(args.fidoRequestId, args.credential),
      },
      locale: args.locale,
      signIn: args.requestId,
    },
    z.unknown(),
  );
}

/**
 * The person's answer to the tenant's suggestion to set up a method: `POST
 * /auth-actions-srv/validation/{track_id}` with `{action}` (cidaas's JavaScript SDK,
 * `userActionOnEnrollment`). What it answers is unknown: a success envelope or an empty answer
 * both count.
 */
export async function answerSuggestion(args: { trackId: string; action: 'SKIP' | 'DONOTSHOWAGAIN'; requestId: string; locale?: string }): Promise<void> {
  const call: ProviderCall = {
    service: 'auth-actions-srv',
    operation: 'suggestion.answer',
    method: 'POST',
    path: `/auth-actions-srv/validation/${encodeURIComponent(args.trackId)}`,
    body: { action: args.action },
    locale: args.locale,
    signIn: args.requestId,
  };
  const answer = await ask(call);
  if (answer.kind !== 'data' && answer.kind !== 'empty') throw unexpected(call, answer);
}
