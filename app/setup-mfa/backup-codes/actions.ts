'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { retryOnForm } from '@/lib/errors';
import { guardAction, withSetupTrack } from '@/lib/flows/flow-guard';
import { confirmBackupCodes, continuationAfterSetup, provenContinuation } from '@/lib/flows/mfa-setup';
import { singleFlight } from '@/lib/flows/single-flight';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { updateFlow } from '@/lib/session';
import type { FormState } from '@/lib/validation/form-state';

const SavedSchema = z.object({ saved: z.literal('on') });

/**
 * "I have saved these codes": only with the box ticked (the codes are not shown again); then the
 * tenant counts the method as set up, the codes leave the cookie, and the sign-in goes on.
 */
export const confirmCodesSaved = formAction(async function confirmCodesSaved(_prev: FormState<'saved'>, formData: FormData): Promise<FormState<'saved'>> {
  const flow = await guardAction(formData, withSetupTrack);
  const { requestId, precheck, setup, sub } = flow;
  if (setup?.method !== 'BACKUPCODE' || !sub) redirect(stepUrl('/setup-mfa/backup-codes', requestId));
  if (!SavedSchema.safeParse(Object.fromEntries(formData)).success) return { status: 'invalid', fieldErrors: { saved: 'backupCodesNotSaved' } };
  let checked: Awaited<ReturnType<typeof confirmBackupCodes>>;
  try {
    const locale = await getLocale();
    checked = await singleFlight(['setup-codes', setup.exchangeId], () => confirmBackupCodes({ setup, sub, requestId, locale }));
  } catch (error) {
    return retryOnForm(error, { step: 'setup.verify', method: 'BACKUPCODE' });
  }
  log.info(counted({ event: 'setup.verified', method: 'BACKUPCODE', outcome: checked.kind, account: accountRef(sub) }), 'second factor set-up');
  if (checked.kind !== 'set-up') {
    await updateFlow({ setup: undefined });
    return { status: 'invalid', fieldErrors: {}, formError: 'setupExpired' };
  }
  await updateFlow({
    setup: undefined,
    setupDone: 'BACKUPCODE',
    continuation: continuationAfterSetup({
      precheck,
      sub,
      groupId: flow.groupId,
      proven: provenContinuation(flow),
      method: 'BACKUPCODE',
      statusId: checked.statusId,
    }),
  });
  redirect(stepUrl('/setup-mfa/backup-codes', requestId));
});
