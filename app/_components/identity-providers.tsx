import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { keepNameTogether } from '@/lib/i18n/typeset';
import { orderIdentityProviders, socialLoginUrl, usableLogo, type IdentityProvider } from '@/lib/provider/identity-providers';
import { hasMark, ProviderMark } from './provider-marks';

/**
 * The e-mail step's other ways in: a link per identity provider the tenant offers for the client,
 * to the tenant's social login for it (docs/features.md "Identity providers"). Plain links, so they work
 * without JavaScript; each says "Sign in with …" in words (its accessible name), with the
 * provider's mark beside it. The operator's IDENTITY_PROVIDERS_FIRST come first.
 */
export async function IdentityProviders({ requestId, providers }: { requestId: string; providers: readonly IdentityProvider[] }) {
  if (providers.length === 0) return null;
  const config = getConfig();
  const t = await getTranslations('identityProviders');
  return (
    <div className="identity-providers" role="group" aria-labelledby="identity-providers-title">
      <h2 id="identity-providers-title">{t('title')}</h2>
      <ul>
        {orderIdentityProviders(providers, config.identityProvidersFirst).map((provider) => {
          // A social provider's own mark; else the tenant's logo where the CSP lets it load; else a neutral one.
          const logo = provider.kind === 'social' && hasMark(provider.name) ? undefined : usableLogo(provider.logoUrl, config.providerOrigin);
          return (
            <li key={provider.name}>
              <a className="button secondary identity-provider" href={socialLoginUrl(config.providerUrl, provider.name, requestId)}>
                {logo ? (
                  // The tenant's own file, shown as it is (no image optimisation through this app).
                  // eslint-disable-next-line @next/next/no-img-element
                  <img className="provider-mark" src={logo} alt="" width={20} height={20} />
                ) : (
                  <ProviderMark name={provider.kind === 'social' ? provider.name : ''} />
                )}
                <span>{t('signInWith', { name: keepNameTogether(provider.label) })}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
