import type { ConfiguredMethod } from '../provider/verification';
export type { MfaOption } from '../session-types';
import type { MfaOption } from '../session-types';

export type MfaStart = { kind: 'options'; options: MfaOption[] } | { kind: 'single'; option: MfaOption };

/**
 * What the MFA step starts with (product-spec.md §4 "MFA"): PASSWORD is left out; several options
 * are offered to choose from; exactly one is started directly; none means EMAIL. The medium id is
 * the medium's id only when exactly one medium is configured for that type, and so is its name.
 */
export function selectMfaStart(methods: readonly ConfiguredMethod[]): MfaStart {
  const options = methods
    .filter((m) => m.type !== 'PASSWORD')
    .map((m): MfaOption => {
      const one = m.mediumIds.length === 1;
      return { type: m.type, mediumId: one ? m.mediumIds[0] : '', ...(one && m.destination ? { destination: m.destination } : {}) };
    });
  if (options.length > 1) return { kind: 'options', options };
  return { kind: 'single', option: options[0] ?? { type: 'EMAIL', mediumId: '' } };
}

export type OptionLabelKey =
  | 'optionEmail'
  | 'optionEmailTo'
  | 'optionSms'
  | 'optionSmsTo'
  | 'optionTotp'
  | 'optionPush'
  | 'optionPushOn'
  | 'optionOther';

/**
 * The text of an option's button: the method, and where it goes when the tenant names the medium
 * ("Text message to +49 ••• ••12", "Approve on your device (Pixel 8)"). Types without texts of
 * their own get a generic label.
 */
export function optionLabel(option: Pick<MfaOption, 'type' | 'destination'>): { key: OptionLabelKey; destination?: string } {
  const { destination } = option;
  switch (option.type) {
    case 'EMAIL':
      return destination ? { key: 'optionEmailTo', destination } : { key: 'optionEmail' };
    case 'SMS':
      return destination ? { key: 'optionSmsTo', destination } : { key: 'optionSms' };
    case 'PUSH':
      return destination ? { key: 'optionPushOn', destination } : { key: 'optionPush' };
    case 'TOTP':
      return { key: 'optionTotp' };
    default:
      return { key: 'optionOther' };
  }
}

/** TOTP codes come from the person's app: there is nothing to resend. */
export function canResend(type: string): boolean {
  return type !== 'TOTP';
}

/** A push is approved on the device; every other method has a code to type. */
export function mfaStepPath(type: string): '/register-mfa/push' | '/register-mfa/code' {
  return type === 'PUSH' ? '/register-mfa/push' : '/register-mfa/code';
}

/** Seconds before another code may be requested, counted from when the last one was sent. */
export function resendWaitSeconds(sentAt: number, now: number, cooldownSeconds: number): number {
  return Math.max(0, Math.ceil((sentAt + cooldownSeconds * 1000 - now) / 1000));
}
