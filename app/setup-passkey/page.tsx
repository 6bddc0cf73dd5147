import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { PasskeyCeremony } from '@/app/_components/passkey-ceremony';
import { ScriptAware } from '@/app/_components/script-aware';
import { getConfig } from '@/lib/config';
import { requireFlow, withPrecheck } from '@/lib/flows/flow-guard';
import { stepUrl } from '@/lib/flows/step-urls';
import { PASSKEY_ERRORS, translateErrors } from '@/lib/i18n/errors';
import { log } from '@/lib/log';
import { getClientName } from '@/lib/provider/client-name';
import { getSuggestionRules, type SuggestionRules } from '@/lib/provider/prelogin';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { finishPasskeySetup, preparePasskeySetup } from './actions';
import { SkipForm } from './skip-form';

/**
 * The tenant's suggestion to set up a method after a sign-in (its `suggest_verification_methods`
 * page; README "Passkeys"): "Create a passkey", or "Not now" where the tenant allows skipping
 * (its metadata, read first; or its refusal of a skip). Where a method is required now, the page
 * says so and offers no "Not now"; without JavaScript, or with PASSKEYS off, it says why no
 * passkey can be made here. Once one is made, the page says so before the sign-in goes on.
 */
export default async function PasskeySetupPage({ searchParams }: PageProps<'/setup-passkey'>) {
  const flow = await requireFlow((await searchParams).requestId, withPrecheck('suggest'));
  if (flow.passkeyCreated && flow.continuation) return <PasskeyCreated requestId={flow.requestId} />;
  const locale = await getLocale();
  const [t, format, passkeyErrors, errors, clientName, read] = await Promise.all([
    getTranslations('passkeySetup'),
    getFormatter(),
    translateErrors([...PASSKEY_ERRORS, 'passkeyAlreadySetUp', 'passkeySetupExpired']),
    translateErrors([]),
    getClientName(flow.requestId, locale),
    rulesOf(flow.precheck.trackId, locale),
  ]);
  // A skip the tenant refused is refused, whatever the metadata said.
  const rules: SuggestionRules = flow.precheck.skipRefused ? { ...read, skip: 'refused' } : read;
  const { passkeys, providerUrl } = getConfig();
  const required = rules.skip === 'refused';
  // A passkey is made here only for a tenant that wants one (or says nothing of which method).
  const canCreate = passkeys && (!rules.mandatory || rules.mandatory.includes('FIDO2'));
  const description = !required ? (
    passkeys ? (
      <ScriptAware withScript={t('description')} withoutScript={t('descriptionNoScript')} />
    ) : (
      t('descriptionOff')
    )
  ) : canCreate ? (
    <ScriptAware withScript={t('required')} withoutScript={t('requiredNoScript')} />
  ) : (
    t('requiredElsewhere')
  );
  return (
    <Frame title={t('title')} description={description} clientName={clientName}>
      {!required && rules.skipUntil ? <p>{t('skipUntil', { date: format.dateTime(rules.skipUntil, { dateStyle: 'long' }) })}</p> : null}
      {canCreate ? (
        <PasskeyCeremony
          requestId={flow.requestId}
          prepare={preparePasskeySetup}
          finish={finishPasskeySetup}
          labels={{ start: t('create'), pending: t('creating'), otherWay: required ? '' : t('otherWay') }}
          errors={passkeyErrors}
        />
      ) : null}
      {required ? (
        <p className="links">
          <a href={resolveRedirectUrl(providerUrl, flow.requestId)}>{t('cancel')}</a>
        </p>
      ) : (
        <SkipForm requestId={flow.requestId} label={t('skip')} pendingLabel={t('skipping')} errors={errors} />
      )}
    </Frame>
  );
}

/**
 * The passkey is made: said as the screen's heading (read on arrival), with what it means next
 * time, before the sign-in goes on with Continue (the person sees the confirmation, rather than
 * the page moving on under it).
 */
async function PasskeyCreated({ requestId }: { requestId: string }) {
  const [t, tContinue, clientName] = await Promise.all([
    getTranslations('passkeySetup'),
    getTranslations('continue'),
    getClientName(requestId, await getLocale()),
  ]);
  return (
    <Frame title={t('createdTitle')} description={t('createdDescription')} clientName={clientName}>
      <div className="actions">
        <a className="button" href={stepUrl('/continue', requestId)}>
          {tContinue('button')}
        </a>
      </div>
    </Frame>
  );
}

/** What the tenant allows; when it cannot be read, the page offers "Not now" and a refusal says the rest. */
async function rulesOf(trackId: string, locale: string): Promise<SuggestionRules> {
  try {
    return await getSuggestionRules({ trackId, locale });
  } catch (error) {
    log.warn({ event: 'suggestion-rules-unread', reason: error instanceof Error ? error.name : 'unknown' }, 'suggestion metadata not read');
    return { skip: 'unknown' };
  }
}
