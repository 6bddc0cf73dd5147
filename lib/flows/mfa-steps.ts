import 'server-only';
import { refusalMeaning } from '../provider/errors';
import { authenticate, getConfiguredMethods, initiateAuthentication } from '../provider/verification';
import type { ErrorKey } from '../validation/form-state';
import type { MfaOption } from '../session-types';
import { codeErrorFor } from './error-map';
import { selectMfaStart } from './mfa';

export type SendOutcome =
  | { kind: 'sent'; exchangeId: string; destination: string | undefined }
  | { kind: 'redirect'; url: string };

/** Sends (or, for TOTP, opens) a second-factor exchange for the signed-in subject. */
export async function sendCode(args: {
  option: MfaOption;
  requestId: string;
  sub: string;
  trackId: string;
  locale: string;
}): Promise<SendOutcome> {
  const initiated = await initiateAuthentication({
    type: args.option.type,
    usageType: 'MULTIFACTOR_AUTHENTICATION',
    requestId: args.requestId,
    mediumId: args.option.mediumId,
    sub: args.sub,
    trackId: args.trackId,
    locale: args.locale,
  });
  return initiated.kind === 'redirect'
    ? initiated
    : { kind: 'sent', exchangeId: initiated.exchangeId, destination: initiated.destination };
}

export type StartOutcome =
  | { kind: 'not-offered' }
  | { kind: 'redirect'; url: string }
  | { kind: 'sent'; option: MfaOption; options: MfaOption[]; exchangeId: string; destination: string | undefined };

/**
 * Starts the option of `type` the person chose (or the only one): it must be among the methods
 * the provider lists for the account now (product-spec.md §4 "MFA"), which also gives its medium.
 */
export async function startOption(args: {
  type: string;
  requestId: string;
  sub: string;
  trackId: string;
  locale: string;
}): Promise<StartOutcome> {
  const start = selectMfaStart(await getConfiguredMethods(args));
  const options = start.kind === 'options' ? start.options : [start.option];
  const option = options.find((o) => o.type === args.type);
  if (!option) return { kind: 'not-offered' };
  const sent = await sendCode({ ...args, option });
  return sent.kind === 'redirect' ? sent : { ...sent, option, options };
}

export type CodeOutcome = { kind: 'verified'; statusId: string } | { kind: 'code-error'; key: ErrorKey };

/** Checks a code; wrong, used and expired codes come back to the field, the rest is thrown. */
export async function verifyCode(args: {
  type: string;
  exchangeId: string;
  code: string;
  requestId: string;
  locale: string;
}): Promise<CodeOutcome> {
  try {
    const { statusId } = await authenticate({
      type: args.type,
      exchangeId: args.exchangeId,
      secret: args.code,
      requestId: args.requestId,
      locale: args.locale,
    });
    return { kind: 'verified', statusId };
  } catch (error) {
    const key = codeErrorFor(refusalMeaning(error));
    if (key) return { kind: 'code-error', key };
    throw error;
  }
}
