import type { ConfiguredMethod } from '../provider/verification';
export type { MfaOption } from '../session-types';
import type { MfaOption } from '../session-types';

export type MfaStart = { kind: 'options'; options: MfaOption[] } | { kind: 'single'; option: MfaOption };

/**
 * What the MFA step starts with (product-spec.md §4 "MFA"): PASSWORD is left out; several options
 * are offered to choose from; exactly one is started directly; none means EMAIL. The medium id is
 * the medium's id only when exactly one medium is configured for that type.
 */
export function selectMfaStart(methods: readonly ConfiguredMethod[]): MfaStart {
  const options = methods
    .filter((m) => m.type !== 'PASSWORD')
    .map((m) => ({ type: m.type, mediumId: m.mediumIds.length === 1 ? m.mediumIds[0] : '' }));
  if (options.length > 1) return { kind: 'options', options };
  return { kind: 'single', option: options[0] ?? { type: 'EMAIL', mediumId: '' } };
}

/** The types the screens have their own texts for; any other is offered with a generic label. */
export function optionLabelKey(type: string): 'optionEmail' | 'optionSms' | 'optionTotp' | 'optionOther' {
  return type === 'EMAIL' ? 'optionEmail' : type === 'SMS' ? 'optionSms' : type === 'TOTP' ? 'optionTotp' : 'optionOther';
}

/** TOTP codes come from the person's app: there is nothing to resend. */
export function canResend(type: string): boolean {
  return type !== 'TOTP';
}

/** Seconds before another code may be requested, counted from when the last one was sent. */
export function resendWaitSeconds(sentAt: number, now: number, cooldownSeconds: number): number {
  return Math.max(0, Math.ceil((sentAt + cooldownSeconds * 1000 - now) / 1000));
}
