import { getLocale, getTranslations } from 'next-intl/server';
import { PasskeyCeremony } from '@/app/_components/passkey-ceremony';
import { StatusNotice } from '@/app/_components/status-notice';
import { getConfig } from '@/lib/config';
import { failToErrorPage } from '@/lib/errors';
import { optionLabel, PASSKEY_TYPE, selectMfaStart, startTexts, type MfaOption, type MfaStart } from '@/lib/flows/mfa';
import { stepUrl } from '@/lib/flows/step-urls';
import { MFA_START_REFUSALS, PASSKEY_ERRORS, translateErrors } from '@/lib/i18n/errors';
import { template } from '@/lib/i18n/template';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { getConfiguredMethods } from '@/lib/provider/verification';
import { finishMfaPasskey, prepareMfaPasskey } from './actions';
import { AddMethodForm } from './another/add-method-form';
import { MfaStartForm } from './mfa-start-form';
import { NoMethodYet } from './no-method-yet';
import { OptionLabel } from './option-label';

/**
 * The options to choose from, or the one option about to start; with nothing set up yet, the
 * methods to set up (unless the tenant refused a set-up on this track); either way Cancel leads back.
 * `anonymous`: the subject came from an address only (lib/flows/entry-binding.ts), so its
 * methods are named without where they send (no masked address or number).
 */
export async function MfaChoice({
  sub,
  requestId,
  anonymous,
  offerSetup,
  addMethodPlanned,
  unset,
}: {
  sub: string;
  requestId: string;
  anonymous: boolean;
  offerSetup: boolean;
  addMethodPlanned: boolean;
  /** The method the tenant wants set up first, deferred until another method has confirmed the person. */
  unset?: string;
}) {
  const [t, locale, errors, passkeyErrors] = await Promise.all([
    getTranslations('mfa'),
    getLocale(),
    translateErrors(MFA_START_REFUSALS),
    translateErrors(PASSKEY_ERRORS),
  ]);
  let start: MfaStart;
  let nothingSetUp: boolean;
  try {
    const methods = await getConfiguredMethods({ requestId, sub, locale });
    nothingSetUp = methods.every((m) => m.type === 'PASSWORD');
    start = selectMfaStart(anonymous ? methods.map(({ destination: _hidden, ...method }) => method) : methods, { passkeys: getConfig().passkeys });
  } catch (error) {
    failToErrorPage(error, { step: 'mfa.list' }, stepUrl('/register-mfa', requestId));
  }
  const cancel = (
    <p className="links">
      <a href={resolveRedirectUrl(getConfig().providerUrl, requestId)}>{t('cancel')}</a>
    </p>
  );
  const label = (option: MfaOption) => {
    const { key, destination } = optionLabel(option);
    return <OptionLabel type={option.type} text={destination ? template(t, key, 'destination') : t(key)} destination={destination} />;
  };

  // Nothing to confirm with yet: the methods this product sets up, and the tenant's e-mail code.
  if (nothingSetUp && offerSetup) return <NoMethodYet requestId={requestId}>{cancel}</NoMethodYet>;
  if (start.kind === 'single') {
    const { type } = start.option;
    const texts = startTexts(start.option);
    const text = texts.text.destination ? t(texts.text.key, { destination: texts.text.destination }) : t(texts.text.key);
    const button = t(texts.button);
    return (
      <>
        <p className="description">{text}</p>
        <MfaStartForm requestId={requestId} single={{ type, label: button }} autoStart pendingLabel={t(texts.pending)} errors={errors} />
        {cancel}
      </>
    );
  }
  return (
    <>
      {unset ? <StatusNotice>{t(unset === 'PUSH' ? 'unsetPush' : 'unsetOther')}</StatusNotice> : null}
      <p className="description">{t('optionsDescription')}</p>
      {start.passkey ? (
        <PasskeyCeremony
          requestId={requestId}
          prepare={prepareMfaPasskey}
          finish={finishMfaPasskey}
          buttonClass="option"
          labels={{ start: <OptionLabel type={PASSKEY_TYPE} text={t('passkeyUse')} />, pending: t('passkeyPending'), otherWay: t('passkeyOtherWay') }}
          errors={passkeyErrors}
        />
      ) : null}
      <MfaStartForm
        requestId={requestId}
        options={start.options.map((o) => ({ type: o.type, label: label(o) }))}
        autoStart={false}
        pendingLabel={t('sending')}
        errors={errors}
      />
      {addMethodPlanned ? (
        unset ? null : (
          <StatusNotice>{t('anotherAfter')}</StatusNotice>
        )
      ) : (
        <p className="links">
          <AddMethodForm requestId={requestId} back="/register-mfa" label={t('setUpAnother')} />
        </p>
      )}
      {cancel}
    </>
  );
}
