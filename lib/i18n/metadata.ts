import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

type TitledNamespace =
  | 'login' | 'credentials' | 'continue' | 'success' | 'registerSuccess' | 'error' | 'notFound' | 'mfa'
  | 'resetInit' | 'requirePassword' | 'resetSent' | 'resetForm' | 'resetSuccess' | 'verifyEmail' | 'verifyComplete' | 'groups' | 'signedOut'
  | 'accountUnavailable';

/** A page's document title: its heading, then the product name (root layout template). */
export function titleFrom(namespace: TitledNamespace) {
  return async (): Promise<Metadata> => ({ title: (await getTranslations(namespace))('title') });
}
