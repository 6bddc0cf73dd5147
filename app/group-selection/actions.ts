'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { groupIdError } from '@/lib/flows/groups';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { accountRef, log } from '@/lib/log';
import { rememberedGroup } from '@/lib/remembered';
import { joinFlow, unsealFromForm, updateFlow } from '@/lib/session';
import { fieldErrorsOf, ruleField } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';

/** What the group page seals into its form: the provider's track, subject and request. */
export type GroupEntry = { trackId: string; sub: string; requestId: string };

export type GroupFormState = FormState<'groupId'>;

const GroupSchema = z.object({ groupId: ruleField(groupIdError) });

/**
 * Signs in with the chosen group: remembers it (product-spec.md §3 userGroup) and hands the
 * provider's precheck continuation to the browser (a form POST with sub, track_id and
 * selectedGroupId). Whether the group is really offered is the provider's to decide.
 */
export async function selectGroup(_prev: GroupFormState, formData: FormData): Promise<GroupFormState> {
  const entry = await unsealFromForm<GroupEntry>(formData.get('entry'));
  if (!entry.trackId || !entry.sub || !entry.requestId) redirect('/error?reason=expired');
  const { trackId, sub, requestId } = entry as GroupEntry;
  const parsed = GroupSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'groupId'>(parsed.error) };
  const groupId = parsed.data.groupId;

  await joinFlow(requestId);
  await Promise.all([
    updateFlow({ sub, groupId, continuation: { target: 'precheck-continue', trackId, sub, selectedGroupId: groupId } }),
    rememberedGroup.save(groupId),
  ]);
  log.info({ event: 'group.selected', account: accountRef(sub) }, 'group chosen');
  redirect(`/continue?requestId=${encodeURIComponent(requestId)}`);
}

/** The remembered group is no longer offered to this person: forget it (product-spec.md §4). */
export async function forgetGroup(): Promise<void> {
  await rememberedGroup.forget();
}

/**
 * Cancel: back to the provider's login for the request (product-spec.md §2). A POST rather than
 * a link so that, without JavaScript too, a remembered group that is gone is forgotten on the way.
 */
export async function cancelGroupSelection(_prev: GroupFormState, formData: FormData): Promise<GroupFormState> {
  const entry = await unsealFromForm<GroupEntry>(formData.get('entry'));
  if (!entry.requestId) redirect('/error?reason=expired');
  if (formData.get('forget') === '1') await rememberedGroup.forget();
  redirect(resolveRedirectUrl(getConfig().providerUrl, entry.requestId));
}
