import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { PasskeyCeremony } from '@/app/_components/passkey-ceremony';
import { ScriptAware } from '@/app/_components/script-aware';
import { PASSKEY_CREATED, SetupDone } from '@/app/setup-mfa/setup-done';
import { getConfig } from '@/lib/config';
import { requireFlow, withPrecheck } from '@/lib/flows/flow-guard';
import { namedMethods, offeredMethods, SETUP_PAGES } from '@/lib/flows/mfa-setup';
import { stepUrl } from '@/lib/flows/step-urls';
import { PASSKEY_ERRORS, translateErrors } from '@/lib/i18n/errors';
import { log } from '@/lib/log';
import { getClientName } from '@/lib/provider/client-name';
import { getSuggestionRules, type SuggestionRules } from '@/lib/provider/prelogin';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { getConfiguredMethods } from '@/lib/provider/verification';
import { finishPasskeySetup, preparePasskeySetup } from './actions';
import { introduction, methodChoices, recommendedOf, withoutLoneBackupCodes } from './introduction';
import { OtherMethods } from './other-methods';
import { SkipForm } from './skip-form';

/**
 * The tenant's suggestion to set up a method after a sign-in (its `suggest_verification_methods`
 * page; docs/features.md "Passkeys", "Second factors set up here"): "Create a passkey", the other methods the
 * tenant names that are set up here (an authenticator app, text messages, codes by e-mail), and
 * "Not now" where the tenant allows skipping
 * (its metadata, read first; or its refusal of a skip). Where a method is required now, the page
 * says so and offers no "Not now"; without JavaScript, or with PASSKEYS off, it says why no
 * passkey can be made here. Once one is made, the page says so before the sign-in goes on.
 */
export default async function PasskeySetupPage({ searchParams }: PageProps<'/setup-passkey'>) {
  const flow = await requireFlow((await searchParams).requestId, withPrecheck('suggest'));
  if (flow.passkeyCreated && flow.continuation) return <SetupDone requestId={flow.requestId} texts={PASSKEY_CREATED} />;
  // Back from a method just set up: its page says so and goes on, rather than offering the methods again.
  if (flow.setupDone && flow.continuation) redirect(stepUrl(SETUP_PAGES[flow.setupDone], flow.requestId));
  const locale = await getLocale();
  const [t, tSetup, format, passkeyErrors, errors, setupErrors, clientName, read, otherFactor] = await Promise.all([
    getTranslations('passkeySetup'),
    getTranslations('mfaSetup'),
    getFormatter(),
    translateErrors([...PASSKEY_ERRORS, 'passkeyAlreadySetUp', 'passkeySetupExpired']),
    translateErrors([]),
    translateErrors(['setupUnavailable', 'setupAlreadyConfigured', 'serviceUnavailable']),
    getClientName(flow.requestId, locale),
    rulesOf(flow.precheck.trackId, locale),
    hasOtherFactor(flow.sub, flow.requestId, locale),
  ]);
  // A skip the tenant refused is refused, whatever the metadata said.
  const rules: SuggestionRules = flow.precheck.skipRefused ? { ...read, skip: 'refused' } : read;
  const { passkeys, providerUrl, pushApp } = getConfig();
  const required = rules.skip === 'refused';
  // A passkey is made here only for a tenant that wants one (or says nothing of which method).
  const named = namedMethods(rules);
  const canCreate = passkeys && (named.length === 0 || named.includes('FIDO2'));
  // The other methods this product sets up on its own pages, where the tenant offers them.
  const offered = withoutLoneBackupCodes(offeredMethods(rules), otherFactor);
  const others = methodChoices(offered, tSetup, pushApp.name);
  // A suggestion of nothing this deployment can make (a passkey with PASSKEYS off) is skipped at once
  // while it may be (D64): a page saying "not available here" at every sign-in helps nobody.
  if (!canCreate && others.length === 0 && !required) {
    const tContinue = await getTranslations('continue');
    return (
      <Frame title={tContinue('title')} description={<ScriptAware withScript={tContinue('description')} withoutScript={tContinue('descriptionNoScript')} />}>
        <SkipForm requestId={flow.requestId} label={tContinue('button')} pendingLabel={tContinue('title')} autoSubmit errors={errors} />
      </Frame>
    );
  }
  const { title, description } = introduction({ t, tSetup, passkeys, canCreate, required, others: others.length > 0 });
  return (
    <Frame title={title} description={description} clientName={clientName}>
      {!required && rules.skipUntil ? (
        <p>{(others.length === 0 ? t : tSetup)('skipUntil', { date: format.dateTime(rules.skipUntil, { dateStyle: 'long' }) })}</p>
      ) : null}
      {canCreate ? (
        <PasskeyCeremony
          requestId={flow.requestId}
          prepare={preparePasskeySetup}
          finish={finishPasskeySetup}
          labels={{ start: t('create'), pending: t('creating'), otherWay: required ? '' : t('otherWay') }}
          errors={passkeyErrors}
        />
      ) : null}
      {others.length > 0 ? (
        <OtherMethods
          requestId={flow.requestId}
          title={tSetup('otherMethods')}
          methods={others}
          recommended={canCreate ? undefined : recommendedOf(offered)}
          recommendedLabel={tSetup('recommended')}
          errors={setupErrors}
        />
      ) : null}
      {required ? (
        <p className="links">
          <a href={resolveRedirectUrl(providerUrl, flow.requestId)}>{t('cancel')}</a>
        </p>
      ) : (
        <SkipForm
          requestId={flow.requestId}
          label={t('skip')}
          pendingLabel={t('skipping')}
          hint={rules.skipUntil ? undefined : tSetup('skipAgain')}
          errors={errors}
        />
      )}
    </Frame>
  );
}

/**
 * Whether the account has a second factor other than backup codes (read from the tenant; when it
 * cannot be read, taken as not: backup codes are then not offered as a first method).
 */
async function hasOtherFactor(sub: string, requestId: string, locale: string): Promise<boolean> {
  try {
    const methods = await getConfiguredMethods({ requestId, sub, locale });
    return methods.some((m) => m.type !== 'PASSWORD' && m.type !== 'BACKUPCODE');
  } catch (error) {
    log.warn({ event: 'configured-methods-unread', reason: error instanceof Error ? error.name : 'unknown' }, 'configured methods not read');
    return false;
  }
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
