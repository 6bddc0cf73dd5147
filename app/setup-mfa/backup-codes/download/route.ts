import { getFormatter, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { requireFlow, withSetupTrack } from '@/lib/flows/flow-guard';
import { groupedCode, shownBackupCodes } from '@/lib/flows/mfa-setup';
import { stepUrl } from '@/lib/flows/step-urls';

/**
 * The backup codes as a text file ("Download as a text file", no script needed), for the flow that
 * holds them and only while it does; never cached or kept by a proxy.
 */
export async function GET(request: NextRequest) {
  const flow = await requireFlow(request.nextUrl.searchParams.get('requestId'), withSetupTrack);
  const codes = flow.setup?.method === 'BACKUPCODE' ? shownBackupCodes(flow.setup) : undefined;
  if (!codes?.length) redirect(stepUrl('/setup-mfa/backup-codes', flow.requestId));
  const [t, tFrame, format] = await Promise.all([getTranslations('mfaSetup'), getTranslations('frame'), getFormatter()]);
  const heading = t('backupSheetHeading', {
    account: flow.email ?? flow.sub ?? '',
    issuer: `${getConfig().brandName} ${tFrame('productLogo')}`,
    date: format.dateTime(flow.setup!.startedAt, { dateStyle: 'long' }),
  });
  return new Response(`${heading}\r\n${t('backupSheetNote')}\r\n\r\n${codes.map(groupedCode).join('\r\n')}\r\n`, {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': 'attachment; filename="backup-codes.txt"',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
