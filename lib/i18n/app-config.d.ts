import type messages from '../../messages/en-GB.json';
import type { Locale } from './locales';

/**
 * next-intl's types for this app: every translator knows the namespaces and keys of the default
 * locale's messages (the other locales have the same keys; tests/unit/messages.test.ts), and a
 * locale is one of the shipped ones (LOCALES in ./locales.ts).
 */
declare module 'next-intl' {
  interface AppConfig {
    Messages: typeof messages;
    Locale: Locale;
  }
}
