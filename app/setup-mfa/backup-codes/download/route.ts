import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { requireFlow, withSetupTrack } from '@/lib/flows/flow-guard';
import { stepUrl } from '@/lib/flows/step-urls';
import { getClientName } from '@/lib/provider/client-name';

/**
 * The backup codes as a text file ("Download as a text file", no script needed), for the flow that
 * holds them and only while it does; never cached or kept by a proxy.
 */
export async function GET(request: NextRequest) {
  const flow = await requireFlow(request.nextUrl.searchParams.get('requestId'), withSetupTrack);
  const codes = flow.setup?.method === 'BACKUPCODE' ? flow.setup.backupCodes : undefined;
  if (!codes?.length) redirect(stepUrl('/setup-mfa/backup-codes', flow.requestId));
  const [t, clientName] = await Promise.all([getTranslations('mfaSetup'), getClientName(flow.requestId, await getLocale())]);
  const heading = t('backupFileHeading', { account: flow.email ?? flow.sub ?? '', issuer: clientName ?? getConfig().publicUrl.host });
  return new Response(`${heading}\r\n\r\n${codes.join('\r\n')}\r\n`, {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': 'attachment; filename="backup-codes.txt"',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
