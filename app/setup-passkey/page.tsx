import { getLocale, getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { PasskeyCeremony } from '@/app/_components/passkey-ceremony';
import { ScriptAware } from '@/app/_components/script-aware';
import { getConfig } from '@/lib/config';
import { requireFlow, withPrecheck } from '@/lib/flows/flow-guard';
import { PASSKEY_ERRORS, translateErrors } from '@/lib/i18n/errors';
import { getClientName } from '@/lib/provider/client-name';
import { finishPasskeySetup, preparePasskeySetup } from './actions';
import { SkipForm } from './skip-form';

/**
 * The tenant's suggestion to set up a method after a sign-in (its `suggest_verification_methods`
 * page; README "Passkeys"): "Create a passkey", or "Not now". Without JavaScript, or with
 * PASSKEYS off, only "Not now" is there, and the page says why.
 */
export default async function PasskeySetupPage({ searchParams }: PageProps<'/setup-passkey'>) {
  const flow = await requireFlow((await searchParams).requestId, withPrecheck('suggest'));
  const locale = await getLocale();
  const [t, passkeyErrors, errors, clientName] = await Promise.all([
    getTranslations('passkeySetup'),
    translateErrors(PASSKEY_ERRORS),
    translateErrors([]),
    getClientName(flow.requestId, locale),
  ]);
  const passkeys = getConfig().passkeys;
  return (
    <Frame
      title={t('title')}
      description={passkeys ? <ScriptAware withScript={t('description')} withoutScript={t('descriptionNoScript')} /> : t('descriptionOff')}
      clientName={clientName}
    >
      {passkeys ? (
        <PasskeyCeremony
          requestId={flow.requestId}
          prepare={preparePasskeySetup}
          finish={finishPasskeySetup}
          labels={{ start: t('create'), pending: t('creating'), otherWay: t('otherWay') }}
          errors={passkeyErrors}
        />
      ) : null}
      <SkipForm requestId={flow.requestId} label={t('skip')} pendingLabel={t('skipping')} errors={errors} />
    </Frame>
  );
}
