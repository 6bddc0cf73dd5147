import type { Metadata } from 'next';
import type { Messages } from 'next-intl';
import { getTranslations } from 'next-intl/server';

/** The namespaces with a `title` (next-intl's AppConfig in ./app-config.d.ts types the messages). */
type TitledNamespace = { [N in keyof Messages]: Messages[N] extends { title: string } ? N : never }[keyof Messages];

/** A page's document title: its heading, then the product name (root layout template). */
export function titleFrom(namespace: TitledNamespace) {
  return async (): Promise<Metadata> => ({ title: (await getTranslations(namespace))('title') });
}
