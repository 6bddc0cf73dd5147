import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { ErrorKey } from '../validation/form-state';

/**
 * The translated texts of the error keys one form can show, for its client island, with what
 * every form may show: the error summary's title and "the sign-in service isn't responding".
 */
export async function translateErrors(keys: readonly ErrorKey[]): Promise<Partial<Record<ErrorKey, string>>> {
  const t = await getTranslations('errors');
  return Object.fromEntries([...keys, 'summaryTitle' as const, 'serviceUnavailable' as const].map((key) => [key, t(key)]));
}

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
