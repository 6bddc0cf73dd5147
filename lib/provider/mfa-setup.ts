import 'server-only';
import { z } from 'zod';
import { ExchangeRef, notServed, readAnswer, unexpected, type Answer } from './answer';
import { callProvider, type ProviderCall } from './http';

/**
 * Setting up a second factor during a sign-in (docs/provider-contract.md §2.19): the tenant's
 * suggestion track stands for the account (no bearer). The current generation's
 * verification-actions-srv is asked first; a tenant that does not serve it (404, 405, 501) is asked
 * the path every older SDK calls, verification-srv/v2's `suggestmfa`, and the check of the first
 * code goes to the same generation. Passkeys have their own module (fido2.ts).
 */

export type SetupMethod = 'TOTP' | 'SMS' | 'EMAIL' | 'PUSH' | 'BACKUPCODE';
export type SetupGeneration = 'current' | 'legacy';

export type SetupStarted = {
  generation: SetupGeneration;
  exchangeId: string;
  /** When the exchange expires (epoch ms), where the answer says. */
  expiresAt: number | undefined;
  sub: string | undefined;
  /** TOTP: the shared secret (base32), from which the page draws the QR code. */
  totpSecret: string | undefined;
  /** PUSH: the id whose status tells when the device has paired, and the number it must confirm. */
  statusId?: string;
  pushNumber?: string;
  /** PUSH: the authenticator app's client at the tenant, where the answer names it. */
  authenticatorClientId?: string;
  /** BACKUPCODE: the codes, shown to the person once. */
  backupCodes?: string[];
};

/**
 * The backup codes as the answer may carry them (docs/provider-contract.md §2.19: `backup_codes`
 * holds `code`…; whether a list of strings, of objects or one object with a list is not published,
 * I): every shape gives the list of codes, each kept only if it looks like a code.
 */
const CodeText = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,32}$/);
const BackupCodes = z
  .union([
    z.array(
      z.union([
        CodeText,
        z
          .object({ code: CodeText })
          .loose()
          .transform((c) => c.code),
      ]),
    ),
    z
      .object({ code: z.union([CodeText.transform((c) => [c]), z.array(CodeText)]) })
      .loose()
      .transform((o) => o.code),
    z
      .object({ codes: z.array(CodeText) })
      .loose()
      .transform((o) => o.codes),
  ])
  .pipe(z.array(z.string()).min(1).max(50));

/** The exchange as an object (current) or a plain id (some older answers, I). */
const Exchange = z.union([
  ExchangeRef,
  z
    .string()
    .min(1)
    .transform((exchange_id) => ({ exchange_id, expires_at: undefined })),
]);

const Started = z
  .object({
    exchange_id: Exchange,
    sub: z.string().min(1).optional(),
    // Base32 as authenticator apps take it; spaces and padding aside.
    totp_secret: z
      .string()
      .transform((s) => s.replace(/[\s=]/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z2-7]{16,128}$/))
      .optional(),
    status_id: z.string().min(1).max(200).optional(),
    // The number the device offers among others; some answers send it as a number.
    push_selected_number: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().regex(/^\d{1,4}$/))
      .optional()
      .catch(undefined),
    authenticator_client_id: z.string().min(1).max(200).optional().catch(undefined),
    backup_codes: BackupCodes.optional(),
  })
  .loose();

/** Where the first code goes, as each SDK names it: `mobile_number` for SMS, `email` for EMAIL, nothing for an app. */
function destinationOf(method: SetupMethod, destination: string | undefined): Record<string, string> {
  if (method === 'TOTP' || !destination) return {};
  return method === 'SMS' ? { mobile_number: destination } : { email: destination };
}

/**
 * Starts setting up `method` for the account of the suggestion's track: a text message or an
 * e-mail goes to `destination` (an international number, an address) with its first code. A
 * refusal is thrown (ProviderError).
 */
export async function startSetup(args: {
  method: SetupMethod;
  trackId: string;
  requestId: string;
  destination?: string;
  locale?: string;
}): Promise<SetupStarted> {
  const to = destinationOf(args.method, args.destination);
  const current: ProviderCall = {
    service: 'verification-actions-srv',
    operation: 'setup.initiate',
    method: 'POST',
    path: `/verification-actions-srv/setup/${args.method.toLowerCase()}/initiation/${encodeURIComponent(args.trackId)}`,
    body: to,
    locale: args.locale,
    signIn: args.requestId,
  };
  const answer = readAnswer(current, await callProvider(current));
  if (!notServed(answer)) return started(current, answer, 'current', args.method);
  const legacy: ProviderCall = {
    service: 'verification-srv',
    operation: 'setup.initiateLegacy',
    method: 'POST',
    path: `/verification-srv/v2/setup/initiate/suggestmfa/${args.method}`,
    body: { track_id: args.trackId, verification_type: args.method, ...to },
    locale: args.locale,
    signIn: args.requestId,
  };
  return started(legacy, readAnswer(legacy, await callProvider(legacy)), 'legacy', args.method);
}

function started(call: ProviderCall, answer: Answer, generation: SetupGeneration, method: SetupMethod): SetupStarted {
  if (answer.kind === 'refused') throw answer.error;
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const data = Started.safeParse(answer.data);
  if (!data.success) throw unexpected(call, answer, data.error);
  const d = data.data;
  // Each method's set-up needs its part of the answer: an app its secret, a device the status to
  // watch, backup codes the codes.
  if (method === 'TOTP' && !d.totp_secret) throw unexpected(call, answer, new Error('no totp_secret'));
  if (method === 'PUSH' && !d.status_id) throw unexpected(call, answer, new Error('no status_id'));
  if (method === 'BACKUPCODE' && !d.backup_codes) throw unexpected(call, answer, new Error('no backup_codes'));
  return {
    generation,
    exchangeId: d.exchange_id.exchange_id,
    expiresAt: d.exchange_id.expires_at,
    sub: d.sub,
    totpSecret: d.totp_secret,
    statusId: d.status_id,
    pushNumber: d.push_selected_number,
    authenticatorClientId: d.authenticator_client_id,
    backupCodes: d.backup_codes,
  };
}

/**
 * Checks the first code of a set-up: a wrong code is a refusal the caller reads by its meaning
 * (`code-invalid`); any success answer means the method is set up (with the status id it names).
 */
export async function verifySetup(args: {
  method: SetupMethod;
  generation: SetupGeneration;
  exchangeId: string;
  code: string;
  sub: string | undefined;
  requestId: string;
  locale?: string;
}): Promise<{ statusId?: string }> {
  const call: ProviderCall =
    args.generation === 'current'
      ? {
          service: 'verification-actions-srv',
          operation: 'setup.verify',
          method: 'POST',
          path: `/verification-actions-srv/setup/${args.method.toLowerCase()}/verification`,
          body: { exchange_id: args.exchangeId, pass_code: args.code, ...(args.sub ? { sub: args.sub } : {}) },
          locale: args.locale,
          signIn: args.requestId,
        }
      : {
          service: 'verification-srv',
          operation: 'setup.enrollLegacy',
          method: 'POST',
          path: `/verification-srv/v2/setup/enroll/${args.method}`,
          body: { exchange_id: args.exchangeId, pass_code: args.code, verification_type: args.method },
          locale: args.locale,
          signIn: args.requestId,
        };
  const answer = readAnswer(call, await callProvider(call));
  if (answer.kind === 'refused') throw answer.error;
  if (answer.kind === 'empty') return {};
  if (answer.kind !== 'data') throw unexpected(call, answer);
  // The status of the factor just proven, which an MFA requirement's continue names (I).
  const status = z
    .object({ status_id: z.string().min(1).max(200) })
    .loose()
    .safeParse(answer.data);
  return status.success ? { statusId: status.data.status_id } : {};
}

/**
 * Gives up a set-up at the tenant (current generation: `…/setup/{method}/cancellation`, body as the
 * other set-up calls name the exchange, I). The legacy generation has no such call; its exchange
 * simply runs out. The person has already moved on, so the caller does not wait on a refusal.
 */
export async function cancelSetup(args: {
  method: SetupMethod;
  generation: SetupGeneration;
  exchangeId: string;
  sub: string | undefined;
  requestId: string;
}): Promise<void> {
  if (args.generation !== 'current') return;
  const call: ProviderCall = {
    service: 'verification-actions-srv',
    operation: 'setup.cancel',
    method: 'POST',
    path: `/verification-actions-srv/setup/${args.method.toLowerCase()}/cancellation`,
    body: { exchange_id: args.exchangeId, ...(args.sub ? { sub: args.sub } : {}) },
    signIn: args.requestId,
  };
  const answer = readAnswer(call, await callProvider(call));
  if (answer.kind === 'refused') throw answer.error;
  if (answer.kind !== 'data' && answer.kind !== 'empty') throw unexpected(call, answer);
}
