import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { CopyButton } from '@/app/_components/copy-button';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { requireFlow, withSetupTrack } from '@/lib/flows/flow-guard';
import { groupedCode, setupHome, shownBackupCodes } from '@/lib/flows/mfa-setup';
import { stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { getClientName } from '@/lib/provider/client-name';
import { CancelSetupForm } from '../cancel-form';
import { BACKUP_CODES_SET_UP, SetupDone } from '../setup-done';
import { PrintButton } from './print-button';
import { SavedForm } from './saved-form';

/**
 * Backup codes (docs/features.md "Second factors set up here"): the codes the tenant issued, shown until the
 * person says they saved them (a reload or Back shows the same ones), with copy, download and
 * print; then never again. Copy and print need scripts; the download and the list do not.
 */
export default async function BackupCodesPage({ searchParams }: PageProps<'/setup-mfa/backup-codes'>) {
  const flow = await requireFlow((await searchParams).requestId, withSetupTrack);
  const { requestId, setup } = flow;
  if (flow.setupDone === 'BACKUPCODE' && flow.continuation) return <SetupDone requestId={requestId} texts={BACKUP_CODES_SET_UP} />;
  const codes = setup?.method === 'BACKUPCODE' ? shownBackupCodes(setup).map(groupedCode) : undefined;
  if (!codes?.length) redirect(stepUrl(setupHome(flow), requestId));
  const locale = await getLocale();
  const [t, tFrame, errors, clientName, format] = await Promise.all([
    getTranslations('mfaSetup'),
    getTranslations('frame'),
    translateErrors(['backupCodesNotSaved', 'setupExpired']),
    getClientName(requestId, locale),
    getFormatter(),
  ]);
  // What a sheet found in a drawer months later must say: whose codes, for what, since when.
  const sheetHeading = t('backupSheetHeading', {
    account: flow.email ?? flow.sub ?? '',
    issuer: `${getConfig().brandName} ${tFrame('productLogo')}`,
    date: format.dateTime(setup!.startedAt, { dateStyle: 'long' }),
  });
  return (
    <Frame title={t('backupTitle')} description={t('backupDescription')} clientName={clientName}>
      <section className="backup-codes" aria-labelledby="backup-codes-title">
        <h2 id="backup-codes-title" className="visually-hidden">
          {t('backupListLabel')}
        </h2>
        <p className="print-only">
          {sheetHeading} {t('backupSheetNote')}
        </p>
        <ol className="codes" translate="no">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <p className="code-tools">
          <CopyButton text={codes.join('\n')} labels={{ copy: t('backupCopy'), copied: t('backupCopied') }} />
          <a href={stepUrl('/setup-mfa/backup-codes/download', requestId)} download>
            {t('backupDownload')}
          </a>
          <PrintButton label={t('backupPrint')} />
        </p>
      </section>
      <SavedForm requestId={requestId} labels={{ saved: t('backupSaved'), finish: t('backupFinish'), finishing: t('backupFinishing') }} errors={errors} />
      <CancelSetupForm requestId={requestId} label={t('otherMethod')} />
    </Frame>
  );
}
