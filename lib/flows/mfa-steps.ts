import 'server-only';
import { refusalMeaning } from '../provider/errors';
import { authenticate, getConfiguredMethods, getPushStatus, initiateAuthentication } from '../provider/verification';
import type { MfaOption, PushRequest } from '../session-types';
import type { ErrorKey } from '../validation/form-state';
import { codeErrorFor } from './error-map';
import { selectMfaStart } from './mfa';
import { pushExpiry, pushOutcome, type PushOutcome } from './push';

export type SendOutcome =
  { kind: 'sent'; exchangeId: string; destination: string | undefined; push: PushRequest | undefined } | { kind: 'redirect'; url: string };

/** Sends (or, for TOTP, opens) a second-factor exchange for the signed-in subject. */
export async function sendCode(args: { option: MfaOption; requestId: string; sub: string; trackId: string; locale: string }): Promise<SendOutcome> {
  const initiated = await initiateAuthentication({
    type: args.option.type,
    usageType: 'MULTIFACTOR_AUTHENTICATION',
    requestId: args.requestId,
    mediumId: args.option.mediumId,
    sub: args.sub,
    trackId: args.trackId,
    locale: args.locale,
  });
  if (initiated.kind === 'redirect') return initiated;
  const { exchangeId } = initiated;
  const push: PushRequest | undefined =
    args.option.type === 'PUSH'
      ? {
          // Without a status id in the answer, the exchange id is what we poll with (U, §7).
          statusId: initiated.statusId ?? exchangeId,
          expiresAt: pushExpiry(initiated.expiresAt, Date.now()),
          ...(initiated.pushNumber ? { number: initiated.pushNumber } : {}),
        }
      : undefined;
  // The configured list's name for the medium stands in when the initiation names no destination.
  return { kind: 'sent', exchangeId, destination: initiated.destination ?? args.option.destination, push };
}

export type StartOutcome =
  | { kind: 'not-offered' }
  /**
   * The tenant sends the browser elsewhere (its 403 "set it up first"). `othersUsable`: the
   * account has another method to confirm it is the person (a passkey counts where passkeys are on).
   */
  | { kind: 'redirect'; url: string; othersUsable: boolean }
  | {
      kind: 'sent';
      option: MfaOption;
      options: MfaOption[];
      exchangeId: string;
      destination: string | undefined;
      push: PushRequest | undefined;
      /** The account has no second factor of its own: this is the tenant's e-mail code for this sign-in. */
      nothingSetUp: boolean;
    };

/**
 * Starts the option of `type` the person chose (or the only one): it must be among the methods
 * the provider lists for the account now (docs/features.md "Multi-factor step"), which also gives its medium.
 */
export async function startOption(args: {
  type: string;
  requestId: string;
  sub: string;
  trackId: string;
  locale: string;
  passkeys: boolean;
}): Promise<StartOutcome> {
  const methods = await getConfiguredMethods(args);
  const start = selectMfaStart(methods, { passkeys: args.passkeys });
  const options = start.kind === 'options' ? start.options : [start.option];
  const option = options.find((o) => o.type === args.type);
  if (!option) return { kind: 'not-offered' };
  const sent = await sendCode({ ...args, option });
  if (sent.kind !== 'redirect') return { ...sent, option, options, nothingSetUp: methods.every((m) => m.type === 'PASSWORD') };
  const othersUsable = options.some((o) => o.type !== args.type) || (start.kind === 'options' && Boolean(start.passkey));
  return { ...sent, othersUsable };
}

/** `remaining`: backup codes left, where the tenant says. */
export type CodeOutcome = { kind: 'verified'; statusId: string; remaining?: number } | { kind: 'code-error'; key: ErrorKey };

/** Checks a code; wrong, used and expired codes come back to the field, the rest is thrown. */
export async function verifyCode(args: { type: string; exchangeId: string; code: string; requestId: string; locale: string }): Promise<CodeOutcome> {
  try {
    const { statusId, remaining } = await authenticate({
      type: args.type,
      exchangeId: args.exchangeId,
      secret: args.code,
      requestId: args.requestId,
      locale: args.locale,
    });
    return { kind: 'verified', statusId, ...(args.type === 'BACKUPCODE' && remaining !== undefined ? { remaining } : {}) };
  } catch (error) {
    const key = codeErrorFor(refusalMeaning(error));
    if (key) return { kind: 'code-error', key };
    throw error;
  }
}

/** Asks once whether a push was approved, and what that means for the sign-in now. */
export async function checkPush(args: { push: PushRequest; requestId: string; locale: string }): Promise<PushOutcome> {
  const status = await getPushStatus({ statusId: args.push.statusId, requestId: args.requestId, locale: args.locale });
  return pushOutcome(status, args.push, Date.now());
}
