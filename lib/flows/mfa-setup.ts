import 'server-only';
import QRCode from 'qrcode';
import { log } from '@/lib/log';
import { refusalMeaning } from '@/lib/provider/errors';
import { cancelSetup, startSetup, verifySetup, type SetupMethod } from '@/lib/provider/mfa-setup';
import { getConfiguredMethods, getPushStatus, type PushState } from '@/lib/provider/verification';
import type { Continuation, MethodSetup, Precheck } from '@/lib/session-types';
import type { ErrorKey } from '@/lib/validation/form-state';
import { continuationAfter } from './continuation';
import { PASSKEY_TYPE } from './mfa';
import type { StepPath } from './step-urls';

/**
 * The step logic of setting up a second factor on the tenant's suggestion (docs/features.md
 * "Second factors set up here"; docs/provider-contract.md §2.19): which methods this product sets up itself,
 * what the tenant's refusals mean to the person, and the authenticator app's `otpauth://` address and QR
 * code.
 */

/** The methods set up on this product's own pages, in the order offered (passkeys have theirs: /setup-passkey). */
export const SETUP_METHODS = ['TOTP', 'PUSH', 'SMS', 'EMAIL', 'BACKUPCODE'] as const satisfies readonly SetupMethod[];

/** Where each method is set up. */
export const SETUP_PAGES = {
  TOTP: '/setup-mfa/authenticator',
  PUSH: '/setup-mfa/push',
  SMS: '/setup-mfa/sms',
  EMAIL: '/setup-mfa/email',
  BACKUPCODE: '/setup-mfa/backup-codes',
} as const;

/** Whether this product sets `method` up on its own pages. */
export function isSetUpHere(method: string): method is SetupMethod {
  return (SETUP_METHODS as readonly string[]).includes(method);
}

/** The methods whose set-up the tenant opens at once, without asking where a code should go. */
export const OPENED_AT_ONCE: ReadonlySet<SetupMethod> = new Set(['TOTP', 'PUSH', 'BACKUPCODE']);

/** The methods the tenant names in its suggestion, required or not (upper-case). */
export function namedMethods(rules: { mandatory?: string[]; optional?: string[] }): string[] {
  return [...(rules.mandatory ?? []), ...(rules.optional ?? [])];
}

/**
 * The methods to offer besides a passkey: those the tenant names that this product sets up. Where
 * it names none, none: a suggestion that says nothing of its methods keeps to the passkey.
 */
export function offeredMethods(rules: { mandatory?: string[]; optional?: string[] }): SetupMethod[] {
  const named = namedMethods(rules);
  return SETUP_METHODS.filter((m) => named.includes(m));
}

/**
 * Where the set-up's methods are chosen: the suggestion's page, or for an MFA requirement with
 * nothing set up, the MFA page (which offers them).
 */
export function setupHome(flow: { precheck: Pick<Precheck, 'kind'>; addMethod?: { proven?: true } }): StepPath {
  if (flow.precheck.kind !== 'mfa') return '/setup-passkey';
  return flow.addMethod?.proven ? '/register-mfa/another' : '/register-mfa';
}

/**
 * How the sign-in goes on once a method is set up, without asking for it again: the suggestion's
 * precheck continue; on an MFA requirement already passed with a current method ("set up another
 * method"), that method's continue as it was; otherwise the continue of a second factor with the
 * status the set-up's check answered (the new factor is the one proven).
 */
export function continuationAfterSetup(args: {
  precheck: Pick<Precheck, 'kind' | 'trackId'>;
  sub: string;
  /** The group chosen before the MFA requirement, where the tenant asked for it first. */
  groupId?: string;
  method: MethodSetup['method'];
  statusId: string | undefined;
  proven: Continuation | undefined;
}): Continuation {
  const { precheck, sub, method, statusId } = args;
  if (precheck.kind === 'mfa' && args.proven) return args.proven;
  if (precheck.kind === 'mfa' && statusId)
    return continuationAfter({ step: 'second-factor', trackId: precheck.trackId, sub, statusId, verificationType: method, groupId: args.groupId });
  return continuationAfter({ step: 'suggestion', trackId: precheck.trackId, sub });
}

/**
 * Whether a set-up may open on this flow's track. A suggestion's: always (the tenant asks for it).
 * An MFA requirement's: only where a password alone cannot use it to pass the requirement: a
 * current method has confirmed the person ("set up another method"), or the account has no other
 * way to confirm it is the person (read from the tenant now, not from the page that offered it: a
 * form can be posted by anyone) and either has nothing but a password or the tenant itself said
 * this method must be set up first (its 403). With another method there, that one passes first.
 */
export async function mayOpenSetup(
  flow: { requestId: string; sub: string; precheck: Pick<Precheck, 'kind'>; addMethod?: { proven?: true }; setupAllowedFor?: MethodSetup['method'] },
  method: MethodSetup['method'],
  locale: string,
  { passkeys }: { passkeys: boolean },
): Promise<boolean> {
  if (flow.precheck.kind !== 'mfa' || flow.addMethod?.proven) return true;
  const methods = await getConfiguredMethods({ requestId: flow.requestId, sub: flow.sub, locale });
  const others = methods.filter((m) => m.type !== 'PASSWORD' && m.type !== method && (m.type !== PASSKEY_TYPE || passkeys));
  if (others.length > 0) return false;
  return flow.setupAllowedFor === method || methods.every((m) => m.type === 'PASSWORD');
}

/** The continuation of an MFA requirement already passed with a current method, if that is where this set-up began. */
export function provenContinuation(flow: { addMethod?: { proven?: true }; continuation?: Continuation }): Continuation | undefined {
  return flow.addMethod?.proven ? flow.continuation : undefined;
}

export type SetupOpened =
  | { kind: 'opened'; setup: MethodSetup }
  | { kind: 'refused'; key: ErrorKey }
  /** The tenant refused the number or address the code was to go to. */
  | { kind: 'destination-refused'; key: ErrorKey }
  | { kind: 'expired' };

/**
 * Opens a set-up at the tenant (for a text message or an e-mail, this sends the first code to
 * `destination`); a refusal the person can act on comes back as its message key.
 */
export async function openSetup(args: { method: SetupMethod; trackId: string; requestId: string; destination?: string; locale: string }): Promise<SetupOpened> {
  try {
    const started = await startSetup(args);
    return {
      kind: 'opened',
      setup: {
        method: args.method,
        generation: started.generation,
        exchangeId: started.exchangeId,
        ...(started.sub ? { sub: started.sub } : {}),
        ...(started.totpSecret ? { totpSecret: started.totpSecret } : {}),
        ...(args.destination ? { destination: args.destination } : {}),
        ...(started.statusId && args.method === 'PUSH'
          ? { push: { statusId: started.statusId, number: started.pushNumber, clientId: started.authenticatorClientId } }
          : {}),
        ...(started.backupCodes ? { backupCodes: started.backupCodes } : {}),
        startedAt: Date.now(),
        ...(started.expiresAt ? { expiresAt: started.expiresAt } : {}),
      },
    };
  } catch (error) {
    const meaning = refusalMeaning(error);
    if (meaning === 'reference-invalid') return { kind: 'expired' };
    if (meaning === 'method-unavailable') return { kind: 'refused', key: 'setupUnavailable' };
    if (meaning === 'method-configured') return { kind: 'refused', key: 'setupAlreadyConfigured' };
    // Missing or unusable data (VER_0004/0005): the only data sent is the number or the address,
    // which this product has already checked; what the tenant disliked in it is not said (U).
    if (meaning === 'request-malformed' && args.destination)
      return { kind: 'destination-refused', key: args.method === 'SMS' ? 'mobileInvalid' : 'emailInvalid' };
    throw error;
  }
}

export type SetupChecked = { kind: 'set-up'; statusId?: string } | { kind: 'code-error'; key: ErrorKey } | { kind: 'expired' };

/**
 * Checks the first code. A wrong code stays on the field; an exchange the tenant no longer knows
 * (expired, or used) means starting the set-up again; a method configured meanwhile counts as set up.
 */
export async function checkSetupCode(args: { setup: MethodSetup; code: string; sub: string; requestId: string; locale: string }): Promise<SetupChecked> {
  const { setup } = args;
  try {
    const { statusId } = await verifySetup({
      method: setup.method,
      generation: setup.generation,
      exchangeId: setup.exchangeId,
      code: args.code,
      sub: setup.sub ?? args.sub,
      requestId: args.requestId,
      locale: args.locale,
    });
    return { kind: 'set-up', ...(statusId ? { statusId } : {}) };
  } catch (error) {
    const meaning = refusalMeaning(error);
    if (meaning === 'code-invalid') return { kind: 'code-error', key: 'mfaCodeInvalid' };
    if (meaning === 'code-expired' || meaning === 'reference-invalid') return { kind: 'expired' };
    if (meaning === 'method-configured') return { kind: 'set-up' };
    throw error;
  }
}

/**
 * The backup codes the person is given: all but the first, which confirms the set-up
 * (confirmBackupCodes). A tenant may use that one up (docs/provider-contract.md §2.19, U), and a
 * list with a code that no longer works would fail the person exactly when they need it.
 */
export function shownBackupCodes(setup: Pick<MethodSetup, 'backupCodes'>): string[] {
  const codes = setup.backupCodes ?? [];
  return codes.length > 1 ? codes.slice(1) : codes;
}

/** A code as printed and shown: in groups of four digits ("4997 3671"), which the sign-in takes as typed. */
export function groupedCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Backup codes, once the person says they saved them: the tenant is shown one of its own codes
 * (which one it expects is not published, I: the first, the one not handed out), and the method
 * counts as set up.
 */
export async function confirmBackupCodes(args: { setup: MethodSetup; sub: string; requestId: string; locale: string }): Promise<SetupChecked> {
  const code = args.setup.backupCodes?.[0];
  if (!code) return { kind: 'expired' };
  const checked = await checkSetupCode({ ...args, code });
  // Its own code refused: the set-up the tenant holds is not the one shown any more.
  return checked.kind === 'code-error' ? { kind: 'expired' } : checked;
}

/** Where a device's pairing stands: the tenant's status of the set-up (the same status a push request has). */
export async function pairingState(args: { setup: MethodSetup; requestId: string; locale: string }): Promise<PushState> {
  if (!args.setup.push) return 'expired';
  if (args.setup.expiresAt && args.setup.expiresAt < Date.now()) return 'expired';
  try {
    return (await getPushStatus({ statusId: args.setup.push.statusId, requestId: args.requestId, locale: args.locale })).state;
  } catch (error) {
    if (refusalMeaning(error) === 'reference-invalid') return 'expired';
    throw error;
  }
}

/**
 * Tells the tenant a set-up was given up, so its exchange (and a device's pending pairing) ends
 * now rather than when it runs out. Best effort: the person has already chosen something else, so
 * a failure is logged, not shown.
 */
export async function abandonSetup(args: { setup: MethodSetup; sub: string | undefined; requestId: string }): Promise<void> {
  try {
    await cancelSetup({
      method: args.setup.method,
      generation: args.setup.generation,
      exchangeId: args.setup.exchangeId,
      sub: args.setup.sub ?? args.sub,
      requestId: args.requestId,
    });
  } catch (error) {
    log.warn(
      { event: 'setup.cancel-failed', method: args.setup.method, reason: error instanceof Error ? error.name : 'unknown' },
      'set-up not cancelled at the tenant',
    );
  }
}

/**
 * The address authenticator apps read (Google's Key Uri Format): the issuer (the client's name)
 * before the account in the label and again as a parameter, the secret, and the defaults spelt out
 * (SHA-1, six digits, 30 seconds) because some apps ignore the missing ones differently.
 */
export function otpauthUri(args: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(args.issuer.replace(/:/g, ''))}:${encodeURIComponent(args.account)}`;
  const query = new URLSearchParams({ secret: args.secret, issuer: args.issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, '%20')}`;
}

/** The secret in groups of four, as people copy it by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The QR code of an address, drawn on the server as SVG markup (no script needed to see it). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * What the tenant's authenticator app scans to pair with this set-up. Its format is not published
 * (docs/provider-contract.md §2.19, I): the app's scan call needs the account and the set-up's
 * exchange, and the app must know which tenant to call, so the code carries those three (and the
 * app's client where the answer names it) as JSON.
 */
export function pairingPayload(args: { tenantUrl: string; setup: MethodSetup; sub: string }): string {
  return JSON.stringify({
    url: args.tenantUrl,
    verification_type: 'PUSH',
    exchange_id: args.setup.exchangeId,
    sub: args.setup.sub ?? args.sub,
    ...(args.setup.push?.clientId ? { client_id: args.setup.push.clientId } : {}),
  });
}
