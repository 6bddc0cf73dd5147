import type { ConfiguredMethod } from '../provider/verification';
import type { MfaOption } from '../session-types';

export type { MfaOption } from '../session-types';

export type MfaStart = { kind: 'options'; options: MfaOption[]; passkey?: MfaOption } | { kind: 'single'; option: MfaOption };

/** The tenant's name for passkeys (docs/provider-contract.md §2.13). */
export const PASSKEY_TYPE = 'FIDO2';

/**
 * What the MFA step starts with (docs/features.md "Multi-factor step"): PASSWORD is left out; several options
 * are offered to choose from; exactly one is started directly; none means EMAIL. The medium id is
 * the medium's id only when exactly one medium is configured for that type, and so is its name.
 *
 * FIDO2 is never a code to send: with `passkeys` on it is offered as a passkey beside the others
 * (and then nothing starts by itself, so the passkey can be chosen; without other methods the
 * e-mail code stays as the way out), with it off it is left out like PASSWORD.
 */
export function selectMfaStart(methods: readonly ConfiguredMethod[], { passkeys = false }: { passkeys?: boolean } = {}): MfaStart {
  const toOption = (m: ConfiguredMethod): MfaOption => {
    const one = m.mediumIds.length === 1;
    return { type: m.type, mediumId: one ? m.mediumIds[0] : '', ...(one && m.destination ? { destination: m.destination } : {}) };
  };
  const options = methods.filter((m) => m.type !== 'PASSWORD' && m.type !== PASSKEY_TYPE).map(toOption);
  const fido2 = passkeys ? methods.find((m) => m.type === PASSKEY_TYPE) : undefined;
  if (fido2) return { kind: 'options', options: options.length > 0 ? options : [{ type: 'EMAIL', mediumId: '' }], passkey: toOption(fido2) };
  if (options.length > 1) return { kind: 'options', options };
  return { kind: 'single', option: options[0] ?? { type: 'EMAIL', mediumId: '' } };
}

export type OptionLabelKey =
  'optionEmail' | 'optionEmailTo' | 'optionSms' | 'optionSmsTo' | 'optionTotp' | 'optionPush' | 'optionPushOn' | 'optionBackup' | 'optionOther';
type StartKey = 'startEmail' | 'startSms' | 'startTotp' | 'startPush' | 'startPushOn' | 'startBackup' | 'startOther';
type ButtonKey = 'send' | 'continue' | 'sendRequest' | 'sending' | 'sendingRequest' | 'loading';
type SentKey = 'sentEmail' | 'sentEmailTo' | 'sentSms' | 'sentSmsTo' | 'totpDescription' | 'backupDescription' | 'otherDescription';

type MfaTexts = {
  option: OptionLabelKey;
  optionTo?: OptionLabelKey;
  start: StartKey;
  startTo?: StartKey;
  button: ButtonKey;
  pending: ButtonKey;
  sent: SentKey;
  sentTo?: SentKey;
};

/**
 * Every text of the MFA screens that depends on the method, as keys of the `mfa` messages, in one
 * table: the option's button (`option`, and `optionTo` when the tenant names the medium), the
 * sentence before a single option is started (`start`, `startTo`), its button and pending text,
 * and the code page's description (`sent`, `sentTo`). A `…To` key takes `{destination}`; a
 * method without one ignores the destination. Types without texts of their own get `other`.
 */
const MFA_TEXTS: Record<'EMAIL' | 'SMS' | 'TOTP' | 'PUSH' | 'BACKUPCODE' | 'other', MfaTexts> = {
  EMAIL: {
    option: 'optionEmail',
    optionTo: 'optionEmailTo',
    start: 'startEmail',
    button: 'send',
    pending: 'sending',
    sent: 'sentEmail',
    sentTo: 'sentEmailTo',
  },
  SMS: { option: 'optionSms', optionTo: 'optionSmsTo', start: 'startSms', button: 'send', pending: 'sending', sent: 'sentSms', sentTo: 'sentSmsTo' },
  TOTP: { option: 'optionTotp', start: 'startTotp', button: 'continue', pending: 'loading', sent: 'totpDescription' },
  PUSH: {
    option: 'optionPush',
    optionTo: 'optionPushOn',
    start: 'startPush',
    startTo: 'startPushOn',
    button: 'sendRequest',
    pending: 'sendingRequest',
    sent: 'otherDescription',
  },
  // Nothing is sent: the codes were issued at set-up, one is typed from the person's list.
  BACKUPCODE: { option: 'optionBackup', start: 'startBackup', button: 'continue', pending: 'loading', sent: 'backupDescription' },
  other: { option: 'optionOther', start: 'startOther', button: 'send', pending: 'sending', sent: 'otherDescription' },
};

function textsOf(type: string): MfaTexts {
  return Object.hasOwn(MFA_TEXTS, type) ? MFA_TEXTS[type as keyof typeof MFA_TEXTS] : MFA_TEXTS.other;
}

/** A text with its destination when the method has a wording for one, else the plain text. */
function withDestination<K extends string>(plain: K, to: K | undefined, destination: string | undefined): { key: K; destination?: string } {
  return to && destination ? { key: to, destination } : { key: plain };
}

/**
 * The text of an option's button: the method, and where it goes when the tenant names the medium
 * ("Text message to +49 ••• ••12", "Approve on your device (Pixel 8)").
 */
export function optionLabel(option: Pick<MfaOption, 'type' | 'destination'>): { key: OptionLabelKey; destination?: string } {
  const texts = textsOf(option.type);
  return withDestination(texts.option, texts.optionTo, option.destination);
}

/** The single option about to start: the sentence above its button, the button, and its pending text. */
export function startTexts(option: Pick<MfaOption, 'type' | 'destination'>): {
  text: { key: StartKey; destination?: string };
  button: ButtonKey;
  pending: ButtonKey;
} {
  const texts = textsOf(option.type);
  return { text: withDestination(texts.start, texts.startTo, option.destination), button: texts.button, pending: texts.pending };
}

/** The code page's description: where the code went, or where it comes from (an app). */
export function codeSentText(option: Pick<MfaOption, 'type' | 'destination'>): { key: SentKey; destination?: string } {
  const texts = textsOf(option.type);
  return withDestination(texts.sent, texts.sentTo, option.destination);
}

/** TOTP codes come from the person's app and backup codes from their list: there is nothing to resend. */
export function canResend(type: string): boolean {
  return type !== 'TOTP' && type !== 'BACKUPCODE';
}

/** A push is approved on the device; every other method has a code to type. */
export function mfaStepPath(type: string): '/register-mfa/push' | '/register-mfa/code' {
  return type === 'PUSH' ? '/register-mfa/push' : '/register-mfa/code';
}

/** Seconds before another code may be requested, counted from when the last one was sent. */
export function resendWaitSeconds(sentAt: number, now: number, cooldownSeconds: number): number {
  return Math.max(0, Math.ceil((sentAt + cooldownSeconds * 1000 - now) / 1000));
}
