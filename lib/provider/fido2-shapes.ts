import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { z } from 'zod';

/**
 * The one place where the tenant's FIDO2 shapes meet the browser's (docs/provider-contract.md
 * §2.13). The tenant wraps the WebAuthn options in `fido2_entity: {fidoRequestId,
 * server_challenge}` and takes the browser's answer back as `fido2_client_response:
 * {fidoRequestId, client_response}`; the browser library (@simplewebauthn/browser) speaks the
 * WebAuthn Level 3 JSON forms. In between:
 *
 * - every binary value is base64url without padding; a tenant value in standard base64 (`+/=`)
 *   is rewritten, never refused;
 * - the relying party's id arrives as `rp.id` or as `rpId` (both seen in cidaas's iOS SDK);
 * - credential ids in `allowCredentials` / `excludeCredentials` may be double-encoded (the
 *   base64url of a base64url string: cidaas's iOS SDK decodes twice when the first decode is
 *   base64url text), so an id is decoded once more when that is what it holds;
 * - `user.id` may be base64url or a plain string (then its UTF-8 bytes are the id).
 *
 * Pure functions and zod schemas, no provider calls: the unit tests feed it recorded bodies.
 */

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Standard base64 or base64url (padded or not) to base64url without padding; undefined if neither. */
export function toBase64Url(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length === 0) return undefined;
  if (BASE64URL.test(trimmed)) return trimmed.length % 4 === 1 ? undefined : trimmed;
  if (BASE64.test(trimmed) || /^[A-Za-z0-9_-]+={1,2}$/.test(trimmed)) {
    const url = trimmed.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    return url.length % 4 === 1 ? undefined : url;
  }
  return undefined;
}

function bytesOf(base64url: string): Uint8Array {
  return Uint8Array.from(Buffer.from(base64url, 'base64url'));
}

/**
 * A credential id as the browser needs it. When the decoded bytes are themselves base64url text
 * (a double-encoded id), that text is the id. A random byte is a base64url character with a
 * chance of 1 in 4, so a real id of 16 bytes or more passes for text with a chance of at most
 * 2^-32; shorter decoded values are left as they are.
 */
export function normaliseCredentialId(value: string): string | undefined {
  const once = toBase64Url(value);
  if (!once) return undefined;
  const decoded = bytesOf(once);
  if (decoded.length < 16) return once;
  const text = String.fromCharCode(...decoded);
  return BASE64URL.test(text) && text.length % 4 !== 1 ? text : once;
}

/** `user.id`: base64url (or base64) as it is, otherwise a plain string whose UTF-8 bytes are the id. */
export function normaliseUserId(value: string): string {
  return toBase64Url(value) ?? Buffer.from(value, 'utf8').toString('base64url');
}

const Binary = z
  .string()
  .max(4096)
  .transform((value, ctx) => toBase64Url(value) ?? (ctx.addIssue({ code: 'custom', message: 'not base64 or base64url' }), z.NEVER));

const Transports = z
  .array(z.string())
  .optional()
  .transform((list) => list?.filter((t): t is AuthenticatorTransportName => (TRANSPORTS as readonly string[]).includes(t)));

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type AuthenticatorTransportName = (typeof TRANSPORTS)[number];

const Descriptor = z
  .object({ id: z.string().max(4096), type: z.string().optional(), transports: Transports })
  .loose()
  .transform((d, ctx) => {
    const id = normaliseCredentialId(d.id);
    if (!id) {
      ctx.addIssue({ code: 'custom', message: 'credential id is not base64url' });
      return z.NEVER;
    }
    return { id, type: 'public-key' as const, ...(d.transports?.length ? { transports: d.transports } : {}) };
  });

const UserVerification = z.enum(['required', 'preferred', 'discouraged']).optional().catch(undefined);
const Timeout = z.number().int().positive().max(3_600_000).optional().catch(undefined);

/** The relying party's id wherever the tenant put it: `rpId`, or `rp.id`. */
const RpFields = z.object({ rpId: z.string().optional(), rp: z.object({ id: z.string().optional(), name: z.string().optional() }).loose().optional() });
const rpIdOf = (o: z.infer<typeof RpFields>) => o.rpId || o.rp?.id || undefined;

/** `server_challenge` of an authentication: the WebAuthn request options, the tenant's way. */
export const AuthenticationChallenge = RpFields.extend({
  challenge: Binary,
  allowCredentials: z.array(Descriptor).optional(),
  userVerification: UserVerification,
  timeout: Timeout,
})
  .loose()
  .transform((o): PublicKeyCredentialRequestOptionsJSON => ({
    challenge: o.challenge,
    ...(rpIdOf(o) ? { rpId: rpIdOf(o) } : {}),
    ...(o.allowCredentials ? { allowCredentials: o.allowCredentials } : {}),
    ...(o.userVerification ? { userVerification: o.userVerification } : {}),
    ...(o.timeout ? { timeout: o.timeout } : {}),
  }));

const PubKeyCredParam = z.object({ alg: z.number().int(), type: z.string().optional() }).loose();

/** `server_challenge` of an enrolment: the WebAuthn creation options, the tenant's way. */
export const RegistrationChallenge = RpFields.extend({
  challenge: Binary,
  user: z.object({ id: z.string().min(1).max(512), name: z.string().max(256), displayName: z.string().max(256).optional() }).loose(),
  pubKeyCredParams: z.array(PubKeyCredParam).min(1),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional().catch(undefined),
      residentKey: z.enum(['required', 'preferred', 'discouraged']).optional().catch(undefined),
      requireResidentKey: z.boolean().optional().catch(undefined),
      userVerification: UserVerification,
    })
    .loose()
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional().catch(undefined),
  excludeCredentials: z.array(Descriptor).optional(),
  timeout: Timeout,
})
  .loose()
  .transform((o, ctx): PublicKeyCredentialCreationOptionsJSON => {
    const rpId = rpIdOf(o);
    if (!rpId) {
      ctx.addIssue({ code: 'custom', message: 'no relying party id (rp.id or rpId)' });
      return z.NEVER;
    }
    const selection = o.authenticatorSelection;
    return {
      challenge: o.challenge,
      rp: { id: rpId, name: o.rp?.name || rpId },
      user: { id: normaliseUserId(o.user.id), name: o.user.name, displayName: o.user.displayName ?? o.user.name },
      pubKeyCredParams: o.pubKeyCredParams.map((p) => ({ alg: p.alg, type: 'public-key' as const })),
      ...(selection
        ? {
            authenticatorSelection: {
              ...(selection.authenticatorAttachment ? { authenticatorAttachment: selection.authenticatorAttachment } : {}),
              ...(selection.residentKey ? { residentKey: selection.residentKey } : {}),
              ...(selection.requireResidentKey !== undefined ? { requireResidentKey: selection.requireResidentKey } : {}),
              ...(selection.userVerification ? { userVerification: selection.userVerification } : {}),
            },
          }
        : {}),
      ...(o.attestation ? { attestation: o.attestation } : {}),
      ...(o.excludeCredentials ? { excludeCredentials: o.excludeCredentials } : {}),
      ...(o.timeout ? { timeout: o.timeout } : {}),
    };
  });

/**
 * The `fido2_entity` of an initiation: the id the answer must name again, and the options. Some
 * answers may name the entity's request id `fido_request_id` (not seen; accepted, U).
 */
export function fido2Entity<T extends z.ZodType>(challenge: T) {
  return z
    .object({
      type: z.string().optional(),
      fidoRequestId: z.string().min(1).max(256).optional(),
      fido_request_id: z.string().min(1).max(256).optional(),
      server_challenge: challenge,
    })
    .loose()
    .transform((e, ctx) => {
      const fidoRequestId = e.fidoRequestId ?? e.fido_request_id;
      if (!fidoRequestId) {
        ctx.addIssue({ code: 'custom', message: 'fido2_entity without fidoRequestId' });
        return z.NEVER;
      }
      return { fidoRequestId, options: e.server_challenge as z.output<T> };
    });
}

// What the browser posts back (through this deployment's own action): the library's JSON forms,
// checked before any of it is passed on.
const B64 = z.string().regex(BASE64URL).max(8192);
const ClientExtensionResults = z.record(z.string(), z.unknown()).default({});
const Attachment = z.enum(['platform', 'cross-platform']).optional();

export const AuthenticationResponse = z
  .object({
    id: B64,
    rawId: B64,
    type: z.literal('public-key'),
    authenticatorAttachment: Attachment,
    clientExtensionResults: ClientExtensionResults,
    response: z.object({
      authenticatorData: B64,
      clientDataJSON: B64,
      signature: B64,
      userHandle: B64.optional(),
    }),
  })
  .transform((r): AuthenticationResponseJSON => r);

export const RegistrationResponse = z
  .object({
    id: B64,
    rawId: B64,
    type: z.literal('public-key'),
    authenticatorAttachment: Attachment,
    clientExtensionResults: ClientExtensionResults,
    response: z.object({
      attestationObject: B64,
      clientDataJSON: B64,
      transports: z.array(z.string().max(32)).max(8).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: B64.optional(),
      authenticatorData: B64.optional(),
    }),
  })
  .transform((r): RegistrationResponseJSON => r as RegistrationResponseJSON);

/** A posted credential (JSON text from the browser) read with one of the schemas above. */
export function parseCredential<T extends z.ZodType>(schema: T, text: unknown): z.output<T> | undefined {
  if (typeof text !== 'string' || text.length > 32_768) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The body part the tenant reads on verification (docs/provider-contract.md §2.13):
 * `{fidoRequestId, client_response}`, the client response being the browser's JSON as it is
 * (base64url, `id` equal to `rawId`).
 */
export function fido2ClientResponse(fidoRequestId: string, credential: AuthenticationResponseJSON | RegistrationResponseJSON) {
  return { fidoRequestId, client_response: credential };
}

/** The host a relying-party id must match: this deployment's host or a registrable suffix of it. */
export function rpIdFits(rpId: string, host: string): boolean {
  const id = rpId.toLowerCase();
  const h = host.toLowerCase();
  return h === id || h.endsWith(`.${id}`);
}
