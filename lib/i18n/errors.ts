import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { ErrorKey } from '../validation/form-state';
import { template } from './template';

/**
 * The translated texts of the error keys one form can show, for its client island, with what
 * every form may show: the error summary's title and "the sign-in service isn't responding".
 */
export async function translateErrors(keys: readonly ErrorKey[]): Promise<Partial<Record<ErrorKey, string>>> {
  const t = await getTranslations('errors');
  return Object.fromEntries(
    [...keys, 'summaryTitle' as const, 'serviceUnavailable' as const].map((key) => [key, key in COUNTED ? template(t, key, ...COUNTED[key]!) : t(key)]),
  );
}

/**
 * Messages that say how long to wait: their `{seconds}` or `{minutes}` stay in the text, and the
 * form fills them in from the answer's `retryAfter`, counting down (app/_components/form-error.tsx).
 */
const COUNTED: Partial<Record<ErrorKey, string[]>> = {
  sendWaitCode: ['seconds'],
  sendWaitPush: ['seconds'],
  sendQuotaAccount: ['minutes'],
  sendQuotaNetwork: ['minutes'],
  attemptsWait: ['seconds'],
  networkAttemptsWait: ['seconds'],
  accountAttemptsWait: ['seconds'],
};

/** What every send action may answer when a send is held back (lib/limits/limits.ts sendRefusalKey). */
export const SEND_REFUSALS: readonly ErrorKey[] = ['sendWaitCode', 'sendWaitPush', 'sendQuotaAccount', 'sendQuotaNetwork', 'tooManySends'];

/** What starting a second factor may say: a send held back, or the tenant refusing the method now. */
export const MFA_START_REFUSALS: readonly ErrorKey[] = [...SEND_REFUSALS, 'mfaStartRefused'];

/** What a held-back "send again" says in words (app/_components/resend-form.tsx): a budget spent, in minutes. */
export const RESEND_REFUSALS: readonly ErrorKey[] = ['sendQuotaAccount', 'sendQuotaNetwork'];

/** What a passkey ceremony may say (app/_components/passkey-ceremony.tsx), on every screen that has one. */
export const PASSKEY_ERRORS: readonly ErrorKey[] = [
  'passkeyCancelled',
  'passkeyTimedOut',
  'passkeyUnsupported',
  'passkeyUnavailable',
  'passkeyRefused',
  'passkeyExists',
  'tooManyAttempts',
];
