import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { PushWaiter } from '@/app/register-mfa/push/push-waiter';
import { OtherMethods } from '@/app/setup-passkey/other-methods';
import { getConfig } from '@/lib/config';
import { requireFlow, withSetupTrack } from '@/lib/flows/flow-guard';
import { pairingPayload, qrSvg, setupHome } from '@/lib/flows/mfa-setup';
import { PUSH_POLL_INTERVAL_MS } from '@/lib/flows/push';
import { stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { getClientName } from '@/lib/provider/client-name';
import { CancelSetupForm } from '../cancel-form';
import { PUSH_SET_UP, SetupDone } from '../setup-done';
import { checkPairing } from './actions';

/**
 * Pairing a phone for push approval (docs/features.md "Second factors set up here"): the QR code the
 * tenant's authenticator app scans, drawn on the server, and the number the person chooses in the
 * app; the page asks the tenant whether the pairing is done (by itself with JavaScript, on "I have
 * chosen the number" without). A refused or timed-out pairing says so and offers to start again.
 */
export default async function PushSetupPage({ searchParams }: PageProps<'/setup-mfa/push'>) {
  const flow = await requireFlow((await searchParams).requestId, withSetupTrack);
  const { requestId, setup } = flow;
  if (flow.setupDone === 'PUSH' && flow.continuation) return <SetupDone requestId={requestId} texts={PUSH_SET_UP} />;
  if (setup?.method !== 'PUSH' || !setup.push || !flow.sub) redirect(stepUrl(setupHome(flow), requestId));
  const locale = await getLocale();
  const [t, errors, clientName] = await Promise.all([
    getTranslations('mfaSetup'),
    translateErrors(['tooManyAttempts', 'setupUnavailable']),
    getClientName(requestId, locale),
  ]);
  const ended = setup.push.outcome;
  if (ended)
    return (
      <Frame
        title={ended === 'rejected' ? t('pushRejectedTitle') : t('pushExpiredTitle')}
        description={ended === 'rejected' ? t('pushRejected') : t('pushExpired')}
        clientName={clientName}
      >
        <OtherMethods requestId={requestId} methods={[{ method: 'PUSH', label: t('pushStartAgain'), pending: t('opening') }]} errors={errors} />
        <CancelSetupForm requestId={requestId} label={t('otherMethod')} />
      </Frame>
    );

  const { providerUrl, pushApp } = getConfig();
  const svg = await qrSvg(pairingPayload({ tenantUrl: providerUrl.origin, setup, sub: flow.sub }));
  // Opened by the tenant's "set it up first" on its MFA requirement: the person did not choose this, so the page says why.
  const required = flow.precheck.kind === 'mfa' && !flow.addMethod?.proven;
  const store = (url: URL | undefined) =>
    function StoreLink(chunks: React.ReactNode) {
      return url ? <a href={url.toString()}>{chunks}</a> : chunks;
    };
  return (
    <Frame title={t('pushTitle')} description={required ? t('pushRequired') : t('pushDescription')} clientName={clientName}>
      <ol className="setup-steps">
        {/* One message whatever its links: the words around them are not texts of their own. */}
        <li data-message>{t.rich('pushStepInstall', { app: pushApp.name, ios: store(pushApp.iosUrl), android: store(pushApp.androidUrl) })}</li>
        <li>
          {t('pushStepScanApp', { app: pushApp.name })}
          {/* The markup is the QR library's own drawing of the pairing data, not anything a person sent. */}
          <div className="qr" role="img" aria-label={t('pushQrLabel')} dangerouslySetInnerHTML={{ __html: svg }} />
        </li>
        {setup.push.number ? (
          <li>
            {t('pushStepNumber')}
            <p className="push-number">
              <span className="number">{setup.push.number}</span>
            </p>
          </li>
        ) : null}
      </ol>
      <PushWaiter
        requestId={requestId}
        action={checkPairing}
        intervalMs={PUSH_POLL_INTERVAL_MS}
        labels={{ check: t('pushCheck'), checking: t('pushChecking'), auto: t('pushAuto'), notYet: t('pushNotYet'), limited: errors.tooManyAttempts ?? '' }}
      />
      <CancelSetupForm requestId={requestId} label={t('otherMethod')} />
    </Frame>
  );
}
