import 'server-only';
import type { getTranslations } from 'next-intl/server';
import { requireClientInfo } from '@/lib/provider/client-name';
import type { MissingForm } from './missing-form';

type Who = Extract<MissingForm, { kind: 'form' }>['who'];

/**
 * Whose account the page is about (D59): "You signed in with Google as nina@…" for a newcomer, the
 * account's address for a sign-in, where the provider says who it is. The identity provider is
 * named as this client's list names it (its button on the e-mail step); one the list does not
 * have (the tenant's own sign-in) is not named.
 */
export async function whoseDescription(
  t: Awaited<ReturnType<typeof getTranslations<'additionalInfo'>>>,
  { who, newcomer, requestId, locale }: { who: Who; newcomer: boolean; requestId: string; locale: string },
): Promise<string> {
  const { email } = who;
  if (!newcomer) return email ? t('descriptionAs', { email }) : t('description');
  const providers = who.provider
    ? await requireClientInfo(requestId, locale).then(
        (info) => info.identityProviders,
        () => [],
      )
    : [];
  const provider = providers.find((p) => p.name === who.provider)?.label;
  if (provider && email) return t('newcomerDescriptionAs', { provider, email });
  if (provider) return t('newcomerDescriptionWith', { provider });
  return email ? t('newcomerDescriptionEmail', { email }) : t('newcomerDescription');
}
