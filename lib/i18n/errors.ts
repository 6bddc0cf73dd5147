import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { ErrorKey } from '../validation/form-state';

/**
 * The translated texts of the error keys one form can show, for its client island, with the
 * error summary's title.
 */
export async function translateErrors(keys: readonly ErrorKey[]): Promise<Partial<Record<ErrorKey, string>>> {
  const t = await getTranslations('errors');
  return Object.fromEntries([...keys, 'summaryTitle' as const].map((key) => [key, t(key)]));
}
