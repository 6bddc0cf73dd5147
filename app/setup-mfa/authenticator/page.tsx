import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { CodeForm } from '@/app/_components/code-form';
import { CopyButton } from '@/app/_components/copy-button';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { requireFlow, withSetupTrack } from '@/lib/flows/flow-guard';
import { groupedSecret, otpauthUri, qrSvg, setupHome } from '@/lib/flows/mfa-setup';
import { stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { getClientName } from '@/lib/provider/client-name';
import { checkMethodSetup } from '../actions';
import { CancelSetupForm } from '../cancel-form';
import { AUTHENTICATOR_SET_UP, SetupDone } from '../setup-done';

/**
 * An authenticator app (docs/features.md "Second factors set up here"): the QR code of the tenant's shared
 * secret, drawn on the server so it shows without JavaScript, the same secret to type in for those who cannot
 * scan, and the first code from the app, which finishes the set-up. A reload or Back shows the same secret
 * (it is kept with the set-up), never a new one.
 */
export default async function AuthenticatorSetupPage({ searchParams }: PageProps<'/setup-mfa/authenticator'>) {
  const flow = await requireFlow((await searchParams).requestId, withSetupTrack);
  const { requestId, setup } = flow;
  if (flow.setupDone === 'TOTP' && flow.continuation) return <SetupDone requestId={requestId} texts={AUTHENTICATOR_SET_UP} />;
  const key = setup?.method === 'TOTP' ? setup.totpSecret : undefined;
  if (!key) redirect(stepUrl(setupHome(flow), requestId));
  const locale = await getLocale();
  const [t, tFrame, errors, clientName] = await Promise.all([
    getTranslations('mfaSetup'),
    getTranslations('frame'),
    translateErrors(['mfaCodeRequired', 'mfaCodeLength', 'mfaCodeInvalid', 'tooManyCodeAttempts', 'tooManyAccountCodes', 'setupExpired']),
    getClientName(requestId, locale),
  ]);
  // Apps list the issuer in bold and cut it short (D74): the brand is the issuer, the portal goes with the account.
  const issuer = getConfig().brandName;
  const account = `${tFrame('productLogo')} (${flow.email ?? flow.sub ?? ''})`;
  const uri = otpauthUri({ issuer, account, secret: key });
  const svg = await qrSvg(uri);
  const secret = groupedSecret(key);

  return (
    <Frame title={t('authenticatorTitle')} description={t('authenticatorDescription')} clientName={clientName}>
      {/* On a phone (a coarse pointer) the app is on the same device: opening it is the way, the QR code is for another device. */}
      <p className="open-app-primary">
        <a className="button" href={uri}>
          {t('openInAppButton')}
        </a>
      </p>
      <ol className="setup-steps">
        <li>{t('stepOpen')}</li>
        <li>
          {t('stepScan')}
          {/* The markup is the QR library's own drawing of the address above, not anything a person sent. */}
          <div className="qr" role="img" aria-label={t('qrLabel')} dangerouslySetInnerHTML={{ __html: svg }} />
          <details className="cant-scan">
            <summary>{t('cantScan')}</summary>
            <p>{t('keyIntro')}</p>
            <dl>
              <dt>{t('keyLabel')}</dt>
              <dd>
                <code className="secret">{secret}</code> <CopyButton text={key} labels={{ copy: t('copy'), copied: t('copied') }} />
              </dd>
              <dt>{t('accountLabel')}</dt>
              <dd>{account}</dd>
              <dt>{t('issuerLabel')}</dt>
              <dd>{issuer}</dd>
            </dl>
          </details>
        </li>
        <li>{t('stepCode')}</li>
      </ol>
      {/* Read first: focus starts on the heading, not on the code field below three steps (D61). */}
      <CodeForm
        requestId={requestId}
        action={checkMethodSetup}
        labels={{ code: t('code'), verify: t('verify'), verifying: t('verifying') }}
        errors={errors}
        focusFirst={false}
      />
      <CancelSetupForm requestId={requestId} label={t('otherMethod')} />
    </Frame>
  );
}
